/** The URL protocols of external links: the values of `extlinks`' and `exturlusage`'s `protocol`. */
import type { SiteConfig } from './site.js';

/** `$wgUrlProtocols` of MediaWiki 1.39, in its order; it ends with the protocol-relative `//`. */
const DEFAULT_URL_PROTOCOLS: readonly string[] = [
  'bitcoin:',
  'ftp://',
  'ftps://',
  'geo:',
  'git://',
  'gopher://',
  'http://',
  'https://',
  'irc://',
  'ircs://',
  'magnet:',
  'mailto:',
  'matrix:',
  'mms://',
  'news:',
  'nntp://',
  'redis://',
  'sftp://',
  'sip:',
  'sips:',
  'sms:',
  'ssh://',
  'svn://',
  'tel:',
  'telnet://',
  'urn:',
  'worldwind://',
  'xmpp:',
  '//',
];

/** The protocols wikitext links by default, with a scheme (all but `//`). */
export const URL_PROTOCOLS: readonly string[] = DEFAULT_URL_PROTOCOLS.filter((p) => p !== '//');

/**
 * The site's `$wgUrlProtocols` as siteinfo lists them: MediaWiki's, then the site's extra one
 * (`extraUrlProtocol`, a scheme name, written with `:`) appended as a configuration appends it.
 */
export function siteUrlProtocols(site: SiteConfig): readonly string[] {
  const extra = site.settings.extraUrlProtocol;
  if (typeof extra !== 'string' || extra === '' || URL_PROTOCOLS.some((p) => schemeOf(p) === extra))
    return DEFAULT_URL_PROTOCOLS;
  return [...DEFAULT_URL_PROTOCOLS, `${extra}:`];
}

/** A protocol without its trailing `:` or `://`. */
const schemeOf = (protocol: string) => protocol.replace(/:(?:\/\/)?$/, '');

/**
 * The values of external link filters: the empty one (protocol-relative) first, then each
 * protocol of the site without its trailing `:`/`//`.
 */
export function urlProtocols(site: SiteConfig): readonly string[] {
  return [
    '',
    ...siteUrlProtocols(site)
      .filter((p) => p !== '//')
      .map(schemeOf),
  ];
}
