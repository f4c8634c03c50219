/**
 * URLs of wiki pages as MediaWiki writes them: titles percent-encoded except for the characters
 * MediaWiki leaves readable in paths (`:`, `/`, `,`, `;`, `@`, `$`, `!`, `*`, `(`, `)`, `~`).
 */
import type { SiteConfig } from './site.js';

const KEPT = /%(3B|40|24|2C|2F|3A)/g;
const KEPT_CHARS: Record<string, string> = { '3B': ';', '40': '@', '24': '$', '2C': ',', '2F': '/', '3A': ':' };

/** Percent-encodes a title or parameter value the way MediaWiki does in its URLs. */
export function urlencodeTitle(text: string): string {
  return encodeURIComponent(text)
    .replace(/'/g, '%27')
    .replace(KEPT, (_m, hex: string) => KEPT_CHARS[hex]);
}

/** The page's URL under the article path (`/index.php/Berlin`), on `server`. */
export function articleUrl(site: SiteConfig, server: string, prefixedDbKey: string): string {
  return server + site.articlePath.replace('$1', urlencodeTitle(prefixedDbKey));
}

/** `index.php?title=…&…`, on `server`. */
export function indexUrl(
  site: SiteConfig,
  server: string,
  prefixedDbKey: string,
  query: Record<string, string>,
): string {
  let url = `${server}${site.scriptPath}/index.php?title=${urlencodeTitle(prefixedDbKey)}`;
  for (const [name, value] of Object.entries(query)) url += `&${name}=${urlencodeTitle(value)}`;
  return url;
}

/**
 * A link's URL as MediaWiki expands it (`expandurl`): a protocol-relative one takes the given
 * protocol (`http:`), and a scheme written in capitals is written in small letters (`Http:`).
 */
export function expandedUrl(url: string, protocol: string): string {
  if (url.startsWith('//')) return `${protocol}${url}`;
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(url)?.[0];
  return scheme && scheme !== scheme.toLowerCase() ? scheme.toLowerCase() + url.slice(scheme.length) : url;
}
