/**
 * Filters of external links by protocol and by a URL pattern (`elprotocol`/`elquery`,
 * `euprotocol`/`euquery`), as a prefix of the links' `el_index` form, in which the host is
 * reversed (`http://org.example.www./path`): a host with `*.` in front matches its subdomains too.
 */
import type { ExpressionBuilder } from 'kysely';
import { prefixUpperBound } from '../../api/keyset.js';
import type { WikiDatabase } from '../../store/schema.js';
import { externalLinkIndexes } from '../../wikitext/external-links.js';

/** Protocols written with a colon only (`mailto:x`), not `://`. */
const COLON_ONLY = new Set([
  'bitcoin',
  'geo',
  'magnet',
  'mailto',
  'matrix',
  'news',
  'sip',
  'sips',
  'sms',
  'tel',
  'urn',
  'xmpp',
]);

/**
 * Whether MediaWiki can read a link search (`euquery`, `elquery`) behind its protocol: a `*.` may
 * only lead it, something must follow, and a port after the host must be a number (`a:b` is none).
 */
export function isReadableLinkQuery(query: string): boolean {
  const target = query.startsWith('*.') ? query.slice(2) : query;
  if (target === '' || target.includes('*')) return false;
  const authority = /^(?:[^:/?#]+:\/\/)?([^/?#]*)/.exec(target)?.[1] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  const port = host.startsWith('[')
    ? host.slice(host.indexOf(']') + 1)
    : host.slice(host.indexOf(':') >= 0 ? host.indexOf(':') : host.length);
  return port === '' || /^:\d*$/.test(port);
}

/** The `el_index` prefix of the links the filter matches, or undefined when it matches all. */
export function externalLinkIndexPrefix(protocol: string, query: string | undefined): string | undefined {
  if (query === undefined || query === '') {
    if (protocol === '') return undefined;
    return COLON_ONLY.has(protocol) ? `${protocol}:` : `${protocol}://`;
  }
  const scheme = protocol === '' ? 'http' : protocol;
  const separator = COLON_ONLY.has(scheme) ? ':' : '://';
  const wildcard = query.startsWith('*.');
  const pattern = wildcard ? query.slice(2) : query;
  const index = externalLinkIndexes(`${scheme}${separator}${pattern}`)[0] ?? '';
  if (!wildcard) return index;
  // `http://org.example./` matches example.org itself; without the `/` its subdomains as well.
  return index.endsWith('./') && !/^[^:]+:\/\/[^/]*\/./.test(index) ? index.slice(0, -1) : index;
}

/**
 * Over all protocols, each link once: a protocol-relative link (`//host/path`) is stored twice, by
 * its http and its https index, and only its http row counts, as MediaWiki lists it.
 */
export function onceEachLink(eb: ExpressionBuilder<WikiDatabase, 'externallinks'>) {
  return eb.or([
    eb.not(eb.and([eb('el_to', '>=', '//'), eb('el_to', '<', prefixUpperBound('//'))])),
    eb.and([eb('el_index_60', '>=', 'http://'), eb('el_index_60', '<', prefixUpperBound('http://'))]),
  ]);
}
