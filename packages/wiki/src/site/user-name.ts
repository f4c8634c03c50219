/** User names and addresses as MediaWiki accepts and writes them. */
import { isIPAddress, isIPv6, sanitizeIP } from './ip-address.js';
import type { TitleCodec } from './title.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const INVALID_USER_CHARS = /[#<>[\]|{}/\u0000-\u001f\u007f\ufffd]/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;
const IPV6 = /^[0-9A-Fa-f:]+$/;

function isIp(value: string): boolean {
  return IPV4.test(value) || (value.includes(':') && IPV6.test(value) && value.split(':').length <= 8);
}

/**
 * A user value in canonical form (first letter upper-case, spaces, IPv6 upper-case), or null when
 * it is none of the accepted kinds.
 */
export function normalizeUserValue(raw: string, subtypes: readonly string[]): string | null {
  const value = raw.replace(/_/g, ' ').trim().replace(/ {2,}/g, ' ');
  if (value === '') return null;
  if (subtypes.includes('id') && /^#\d+$/.test(value)) return value;
  if (isIp(value)) return subtypes.includes('ip') ? (value.includes(':') ? value.toUpperCase() : value) : null;
  const cidr = /^(.+)\/(\d{1,3})$/.exec(value);
  if (cidr && isIp(cidr[1])) {
    return subtypes.includes('cidr') ? (value.includes(':') ? value.toUpperCase() : value) : null;
  }
  if (!subtypes.includes('name') && !subtypes.includes('temp')) return null;
  if (INVALID_USER_CHARS.test(value) || value.includes(':') || value.length > 255) return null;
  return value.charAt(0).toLocaleUpperCase('en') + value.slice(1);
}

/**
 * An IPv4 address whose last part is hidden as the letters `xxx`: MediaWiki's name for the anonymous
 * authors of edits imported from very old wikis, which it takes for an address.
 */
const HIDDEN_LAST_OCTET = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.xxx$/;

/** MediaWiki's `UserNameUtils::isIP`: four numbers of up to three digits (or a hidden last one), or an IPv6 address. */
function looksLikeIp(name: string): boolean {
  return (
    /^\d{1,3}(?:\.\d{1,3}){3}$/.test(name) || HIDDEN_LAST_OCTET.test(name) || (!name.includes('/') && isIPv6(name))
  );
}

/** Characters no user name may hold beyond those of titles: C1 controls, odd spaces, private use. */
const TROUBLEMAKERS = /[\u0080-\u009f\u00a0\u2000-\u200f\u2028-\u202f\u3000\ue000-\uf8ff]/u;

const NS_USER = 2;

/** A title of the user namespace as this wiki reads `text` (by default in `namespace`), or undefined. */
function userTitle(text: string, codec: TitleCodec, namespace = 0): string | undefined {
  const parsed = codec.parse(text, { defaultNamespace: namespace });
  if (!parsed.ok || parsed.title.namespace !== NS_USER || parsed.title.interwiki !== '') return undefined;
  return parsed.title.text;
}

/** MediaWiki's `UserNameUtils::isValid`: a name that is its own title in the main namespace. */
function isValidUserName(name: string, codec: TitleCodec): boolean {
  const maxChars = Number(codec.site.settings.MaxNameChars ?? 255);
  if (name === '' || looksLikeIp(name) || name.includes('/') || Buffer.byteLength(name) > maxChars) return false;
  if (name !== codec.upperFirst(name) || TROUBLEMAKERS.test(name)) return false;
  const parsed = codec.parse(name);
  return parsed.ok && parsed.title.namespace === 0 && parsed.title.interwiki === '' && parsed.title.text === name;
}

/**
 * A `user` parameter's value as MediaWiki's `UserDef` reads it (the `>` of another wiki's names
 * aside): `#id`; a valid user name, with or without the user namespace's prefix (`Xyz:Bob` is one:
 * a name may hold a colon that names no namespace); else a title of the user namespace naming an
 * IP address or range. The canonical form, or null when it is none of the kinds `subtypes` allows.
 */
export function userParamValue(raw: string, subtypes: readonly string[], codec: TitleCodec): string | null {
  if (/^#\d+$/.test(raw)) return subtypes.includes('id') ? raw : null;
  const ucfirst = codec.upperFirst(raw);
  if (!ucfirst.includes('#')) {
    const name = userTitle(ucfirst, codec, NS_USER);
    if (name !== undefined && isValidUserName(name, codec)) return subtypes.includes('name') ? name : null;
  }
  if (raw.includes('#')) return null;
  const value = userTitle(raw, codec) ?? userTitle(`User:${raw}`, codec);
  if (value === undefined) return null;
  if (isIPAddress(value) && !value.includes('/')) return subtypes.includes('ip') ? sanitizeIP(value) : null;
  if (HIDDEN_LAST_OCTET.test(value)) return subtypes.includes('ip') ? value : null;
  if (isIPAddress(value)) return subtypes.includes('cidr') ? sanitizeIP(value) : null;
  return null;
}
