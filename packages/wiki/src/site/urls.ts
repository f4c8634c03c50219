/**
 * URLs of wiki pages as MediaWiki writes them: titles percent-encoded except for the characters
 * MediaWiki leaves readable in paths (`:`, `/`, `,`, `;`, `@`, `$`, `!`, `*`, `(`, `)`, `~`).
 */
import type { SiteConfig } from './site.js';
import type { Title, TitleCodec } from './title.js';

const KEPT = /%(3B|40|24|2C|2F|3A)/g;
const KEPT_CHARS: Record<string, string> = { '3B': ';', '40': '@', '24': '$', '2C': ',', '2F': '/', '3A': ':' };

/** Percent-encodes a title or parameter value the way MediaWiki does in its URLs. */
export function urlencodeTitle(text: string): string {
  return encodeURIComponent(text)
    .replace(/'/g, '%27')
    .replace(KEPT, (_m, hex: string) => KEPT_CHARS[hex]);
}

/**
 * The full URL of a title on the wiki of an interwiki prefix (`[[sv:Världsgeografi#Lista]]`), as
 * MediaWiki makes it of the title `prefix:title`: the title part percent-encoded, the fragment
 * escaped as an anchor of that wiki: in HTML5's form for a wiki the map marks local (spaces to
 * underscores, only `%` escaped), in the legacy form for others (`.C3.B6`). Undefined for an
 * unknown prefix or an invalid title.
 */
export function interwikiUrl(codec: TitleCodec, prefix: string, title: string): string | undefined {
  const parsed = codec.parse(`${prefix}:${title}`);
  if (!parsed.ok) return undefined;
  const url = interwikiLinkUrl(codec, parsed.title);
  return url?.startsWith('//') ? `http:${url}` : url;
}

/**
 * The URL a link to an interwiki title points to, as written in HTML: as `interwikiUrl`, but a
 * protocol-relative URL of the map (`//sv.wikipedia.org/…`) left so. Undefined for a local title or
 * an unknown prefix.
 */
export function interwikiLinkUrl(
  codec: TitleCodec,
  title: Pick<Title, 'interwiki' | 'dbKey' | 'fragment'>,
): string | undefined {
  if (title.interwiki === '') return undefined;
  const entry = codec.interwiki(title.interwiki);
  if (!entry) return undefined;
  const url = entry.url.replace('$1', urlencodeTitle(title.dbKey));
  if (title.fragment === '') return url;
  return `${url}#${entry.local ? html5Anchor(title.fragment) : legacyAnchor(title.fragment)}`;
}

/** An anchor in HTML5's form, as a link writes it: spaces as underscores, `%` escaped. */
function html5Anchor(fragment: string): string {
  return fragment.replace(/ /g, '_').replace(/%([0-9a-fA-F]{2})/g, '%25$1');
}

/** An anchor in MediaWiki's legacy form: percent-encoded as PHP's urlencode does, `%` as `.`, `:` kept. */
function legacyAnchor(fragment: string): string {
  return encodeURIComponent(fragment.replace(/ /g, '_'))
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%3A/g, ':')
    .replace(/%/g, '.');
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
