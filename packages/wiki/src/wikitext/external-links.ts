/**
 * External links in wikitext: bracketed (`[https://example.org label]`, protocol-relative
 * `[//example.org]` included) and free URLs in running text, for the protocols MediaWiki links by
 * default (`$wgUrlProtocols`); and the reversed-host index MediaWiki searches them by.
 */

import { isIPv6 } from 'node:net';
import { URL_PROTOCOLS } from '../site/url-protocols.js';
import { asciiTable } from '../text/ascii-table.js';

const protocolAlternatives = URL_PROTOCOLS.map((p) => p.replace(/[/.]/g, '\\$&')).join('|');
/**
 * Characters a URL runs over: anything but brackets, quotes, angle brackets, controls and spaces;
 * nor `|`, `{`, `}`, which end a template argument here, as templates are not expanded.
 */
const URL_CHARS = '[^\\][<>"|{}\\x00-\\x20\\x7f\\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000\\ufffd]';
const SPACE_CHARS = '[ \\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000]';
/** A bracketed link: its URL (an IPv6 host in brackets allowed first) and its label. */
const BRACKETED = new RegExp(
  `\\[((?:${protocolAlternatives}|\\/\\/)(?:\\[[0-9a-f:.]+\\]|${URL_CHARS})${URL_CHARS}*)${SPACE_CHARS}*([^\\]\\x00-\\x08\\x0a-\\x1f\\ufffd]*?)\\]`,
  'gi',
);
const TAGS = /<[^>]*>/g;
/** The characters neither a URL nor a bracketed link's label holds, and a run of text without them. */
const NOT_IN_LINKS = '\\x00-\\x08\\x0a-\\x1f\\ufffd';
const LINK_RUN = new RegExp(`[^${NOT_IN_LINKS}]+`, 'g');

/** What follows each protocol's name (`http` → `://`, `mailto` → `:`), by the name in lower case. */
const AFTER_PROTOCOL_NAME = new Map(URL_PROTOCOLS.map((p) => [p.slice(0, p.indexOf(':')), p.slice(p.indexOf(':'))]));
const LONGEST_PROTOCOL_NAME = Math.max(...[...AFTER_PROTOCOL_NAME.keys()].map((name) => name.length));
/** The characters a URL runs over (`URL_CHARS`): a table for ASCII, the pattern beyond it. */
const URL_CHAR = new RegExp(URL_CHARS);
const ASCII_URL_CHAR = asciiTable(URL_CHAR);

function isUrlChar(c: number): boolean {
  return c < 128 ? ASCII_URL_CHAR[c] === 1 : URL_CHAR.test(String.fromCharCode(c));
}

const UNICODE_WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Letters and digits of any script and `_`: the characters on either side of which `\b` finds no
 * boundary in MediaWiki's parser (PHP's `u` modifier reads `\b` by Unicode's properties), so a
 * protocol right after Chinese text starts no URL.
 */
function isWordChar(c: number): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
  return UNICODE_WORD_CHAR.test(String.fromCharCode(c));
}

/**
 * Free URLs, left to right: a protocol of `URL_PROTOCOLS` (in any case of its ASCII letters) at a
 * word boundary, and the URL characters after it, at least one. The same matches as the pattern
 * `\b(?:protocols)[url chars]+` with the flags `gi`, found from colon to colon instead of trying
 * the pattern at every position of the text, which took a sixth of the time of link extraction.
 * A protocol's name is made of letters only, so a match begins where the run of word characters
 * that ends at a colon begins.
 */
function freeUrls(text: string): string[] {
  const urls: string[] = [];
  let colon = text.indexOf(':');
  while (colon !== -1) {
    let start = colon;
    while (start > 0 && colon - start <= LONGEST_PROTOCOL_NAME && isWordChar(text.charCodeAt(start - 1))) start--;
    // A run longer than any protocol's name (the loop stopped within it) is none.
    const after =
      colon - start <= LONGEST_PROTOCOL_NAME
        ? AFTER_PROTOCOL_NAME.get(text.slice(start, colon).toLowerCase())
        : undefined;
    let end = colon + (after?.length ?? 0);
    if (
      after === undefined ||
      !text.startsWith(after, colon) ||
      end >= text.length ||
      !isUrlChar(text.charCodeAt(end))
    ) {
      colon = text.indexOf(':', colon + 1);
      continue;
    }
    while (end < text.length && isUrlChar(text.charCodeAt(end))) end++;
    urls.push(text.slice(start, end));
    colon = text.indexOf(':', end);
  }
  return urls;
}

function trimTrailingPunctuation(url: string): string {
  const separators = url.includes('(') ? ',;.:!?' : ',;.:!?)';
  let end = url.length;
  while (end > 0 && separators.includes(url[end - 1]!)) end--;
  return url.slice(0, end);
}

/** The URLs a text links to, in order of appearance, without duplicates. */
export function findExternalLinks(text: string): string[] {
  const found = new Set<string>();
  if (!text.includes(':')) return [];
  let rest = text;
  if (text.includes('[')) {
    // No link crosses a control character (nor a line break), and each ends with a `]`: the text
    // after a run's last `]` holds none, and is not searched (each `[` there would be searched to
    // the run's end: 4,000 unclosed links on a line took a second).
    rest = text.replace(LINK_RUN, (run) => {
      const end = run.lastIndexOf(']') + 1;
      const links = run.slice(0, end).replace(BRACKETED, (_whole, url: string) => {
        found.add(url);
        return ' ';
      });
      return links + run.slice(end);
    });
  }
  // URLs inside HTML attributes are not links; nor is what an internal link's brackets enclose.
  if (rest.includes('<')) rest = rest.replace(TAGS, ' ');
  for (const match of freeUrls(rest)) {
    const url = trimTrailingPunctuation(match);
    const protocolEnd = url.indexOf(':') + 1;
    if (url.length <= protocolEnd || /^[a-z]+:\/*$/i.test(url)) continue;
    found.add(url);
  }
  return [...found];
}

/**
 * MediaWiki's `el_index` forms of a URL: the host's labels reversed (`http://org.example.www./path`)
 * so that a domain and its subdomains are one index range. A protocol-relative URL gets an
 * `http:` and an `https:` form. URLs without a host (`mailto:`, `news:`) are indexed as written.
 */
export function externalLinkIndexes(url: string): string[] {
  if (url.startsWith('//')) return [...externalLinkIndexes(`http:${url}`), ...externalLinkIndexes(`https:${url}`)];
  const m = /^([a-z][a-z0-9+.-]*:)(\/\/)?([^/?#]*)(.*)$/i.exec(url);
  if (!m) return [url];
  const [, protocol, slashes, authority, rest] = m;
  if (!slashes) {
    // mailto:user@example.org -> mailto:org.example.@user
    const at = authority!.lastIndexOf('@');
    if (protocol!.toLowerCase() === 'mailto:' && at >= 0) {
      const host = authority!.slice(at + 1);
      return [`${protocol}${reverseHost(host)}@${authority!.slice(0, at)}${rest}`];
    }
    return [url];
  }
  const at = authority!.lastIndexOf('@');
  const userinfo = at >= 0 ? authority!.slice(0, at + 1) : '';
  const hostPort = at >= 0 ? authority!.slice(at + 1) : authority!;
  // A host may hold any character but the delimiters, line breaks included.
  const portMatch = /^(.*?)(:\d*)?$/s.exec(hostPort)!;
  const host = portMatch[1]!;
  const port = portMatch[2] ?? '';
  const path = rest === '' ? '/' : rest!;
  return [`${protocol!.toLowerCase()}//${userinfo}${reverseHost(host)}${port}${path}`];
}

function reverseHost(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(lower)) return `${lower}.`;
  return `${lower.split('.').filter(Boolean).reverse().join('.')}.`;
}

/** Printable characters a recorded URL never holds as they are (control characters, space and DEL neither). */
const UNSAFE_IN_URL = '"<>[\\]^`{|}';

/**
 * A URL as MediaWiki records it in `externallinks` (`Parser::normalizeLinkUrl`): characters
 * that are unsafe or outside ASCII percent-encoded (as UTF-8, upper-case hex), and percent
 * escapes of printable ASCII characters that mean nothing special where they stand decoded
 * (`%3A` is `:`; `%2F` stays in a path, `%26` in a query); the others' hex made upper-case. An
 * IPv6 host keeps its brackets.
 */
export function normalizeLinkUrl(url: string): string {
  let encoded = '';
  for (const char of url) {
    const code = char.codePointAt(0)!;
    if (code <= 0x20 || code >= 0x7f || UNSAFE_IN_URL.includes(char)) {
      for (const byte of Buffer.from(char, 'utf8')) encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    } else encoded += char;
  }
  let end = encoded.length;
  let out = '';
  const hash = encoded.indexOf('#');
  if (hash >= 0) {
    out = normalizeUrlPart(encoded.slice(hash), '"#%<>[\\]^`{|}');
    end = hash;
  }
  const question = encoded.indexOf('?');
  if (question >= 0 && question < end) {
    out = normalizeUrlPart(encoded.slice(question, end), '"#%<>[\\]^`{|}&=+;') + out;
    end = question;
  }
  out = normalizeUrlPart(encoded.slice(0, end), '"#%<>[\\]^`{|}/?') + out;
  // An IPv6 host's brackets were encoded with the rest: they are the host's syntax.
  const ipv6 =
    /^((?:[a-z][a-z0-9+.-]*:)?\/\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?)%5B((?:[0-9a-f:]|%3[0-9A]|%[46][1-6])+)%5D(?=[:/?#]|$)/i.exec(
      out,
    );
  if (ipv6 && isIPv6(decodeURIComponent(ipv6[2]!))) {
    out = `${ipv6[1]}[${decodeURIComponent(ipv6[2]!)}]${out.slice(ipv6[0].length)}`;
  }
  return out;
}

/** Percent escapes of a URL's part: decoded where the character is printable ASCII and not in `unsafe`. */
function normalizeUrlPart(part: string, unsafe: string): string {
  return part.replace(/%[0-9A-Fa-f]{2}/g, (escaped) => {
    const code = Number.parseInt(escaped.slice(1), 16);
    const char = String.fromCharCode(code);
    return code > 32 && code < 127 && !unsafe.includes(char) ? char : escaped.toUpperCase();
  });
}
