import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `prop=categories`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'categories',
  group: 'prop',
  prefix: 'cl',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryCategories',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categories',
  parameters: [
    { name: 'prop', type: ['hidden', 'sortkey', 'timestamp'], multi: true },
    { name: 'show', type: ['!hidden', 'hidden'], multi: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
    { name: 'categories', type: 'string', multi: true },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
  ],
};
