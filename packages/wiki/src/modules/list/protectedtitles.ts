import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=protectedtitles`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'protectedtitles',
  group: 'list',
  prefix: 'pt',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryProtectedTitles',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Protectedtitles',
  parameters: [
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'level', type: ['autoconfirmed', 'sysop'], multi: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    {
      name: 'prop',
      type: ['comment', 'expiry', 'level', 'parsedcomment', 'timestamp', 'user', 'userid'],
      default: 'timestamp|level',
      multi: true,
    },
    { name: 'continue', type: 'string' },
  ],
};
