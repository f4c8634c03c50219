import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=categorymembers`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'categorymembers',
  group: 'list',
  prefix: 'cm',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryCategoryMembers',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categorymembers',
  parameters: [
    { name: 'title', type: 'string' },
    { name: 'pageid', type: 'integer' },
    {
      name: 'prop',
      type: ['ids', 'sortkey', 'sortkeyprefix', 'timestamp', 'title', 'type'],
      default: 'ids|title',
      multi: true,
    },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'type', type: ['file', 'page', 'subcat'], default: 'page|subcat|file', multi: true },
    { name: 'continue', type: 'string' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'sort', type: ['sortkey', 'timestamp'], default: 'sortkey' },
    { name: 'dir', type: ['asc', 'ascending', 'desc', 'descending', 'newer', 'older'], default: 'ascending' },
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    { name: 'starthexsortkey', type: 'string' },
    { name: 'endhexsortkey', type: 'string' },
    { name: 'startsortkeyprefix', type: 'string' },
    { name: 'endsortkeyprefix', type: 'string' },
    { name: 'startsortkey', type: 'string', deprecated: true },
    { name: 'endsortkey', type: 'string', deprecated: true },
  ],
};
