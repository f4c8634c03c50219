/**
 * Filters of external links by protocol and by a URL pattern (`elprotocol`/`elquery`,
 * `euprotocol`/`euquery`), as a prefix of the links' `el_index` form, in which the host is
 * reversed (`http://org.example.www./path`): a host with `*.` in front matches its subdomains too.
 */
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
