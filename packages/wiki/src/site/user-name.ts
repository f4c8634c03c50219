/** User names and addresses as MediaWiki accepts and writes them. */

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
