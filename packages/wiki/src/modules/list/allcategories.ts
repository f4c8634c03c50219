import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=allcategories`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'allcategories',
  group: 'list',
  prefix: 'ac',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllCategories',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allcategories',
  parameters: [
    { name: 'from', type: 'string' },
    { name: 'continue', type: 'string' },
    { name: 'to', type: 'string' },
    { name: 'prefix', type: 'string' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
    { name: 'min', type: 'integer' },
    { name: 'max', type: 'integer' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'prop', type: ['hidden', 'size'], default: '', multi: true },
  ],
};
