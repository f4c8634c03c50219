/** The URL protocols of external links: the values of `extlinks`' and `exturlusage`'s `protocol`. */
import type { SiteConfig } from './site.js';

/** URL protocols of external links (`$wgUrlProtocols` without the trailing `:`/`//`), the empty value first; the site may add one more (`extraUrlProtocol`). */
const BASE_URL_PROTOCOLS: readonly string[] = [
  '',
  'bitcoin',
  'ftp',
  'ftps',
  'geo',
  'git',
  'gopher',
  'http',
  'https',
  'irc',
  'ircs',
  'magnet',
  'mailto',
  'matrix',
  'mms',
  'news',
  'nntp',
  'redis',
  'sftp',
  'sip',
  'sips',
  'sms',
  'ssh',
  'svn',
  'tel',
  'telnet',
  'urn',
  'worldwind',
  'xmpp',
];

/** The URL protocols of external link filters: MediaWiki's defaults plus the site's extra one. */
export function urlProtocols(site: SiteConfig): readonly string[] {
  const extra = site.settings.extraUrlProtocol;
  const list = [...BASE_URL_PROTOCOLS];
  if (typeof extra === 'string' && extra !== '' && !list.includes(extra)) list.push(extra);
  return list;
}
