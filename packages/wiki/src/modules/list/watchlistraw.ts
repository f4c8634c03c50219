import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=watchlistraw`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'watchlistraw',
  group: 'list',
  prefix: 'wr',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryWatchlistRaw',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Watchlistraw',
  parameters: [
    { name: 'continue', type: 'string' },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'prop', type: ['changed'], multi: true },
    { name: 'show', type: ['!changed', 'changed'], multi: true },
    { name: 'owner', type: 'user', subtypes: ['name'] },
    { name: 'token', type: 'string', sensitive: true },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
    { name: 'fromtitle', type: 'string' },
    { name: 'totitle', type: 'string' },
  ],
};
