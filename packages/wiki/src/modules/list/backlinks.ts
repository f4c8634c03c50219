import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=backlinks`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'backlinks',
  group: 'list',
  prefix: 'bl',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryBacklinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Backlinks',
  parameters: [
    { name: 'title', type: 'string' },
    { name: 'pageid', type: 'integer' },
    { name: 'continue', type: 'string' },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
    { name: 'filterredir', type: ['all', 'nonredirects', 'redirects'], default: 'all' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'redirect', type: 'boolean' },
  ],
};
