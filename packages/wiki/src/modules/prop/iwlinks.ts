import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `prop=iwlinks`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'iwlinks',
  group: 'prop',
  prefix: 'iw',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryIWLinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Iwlinks',
  parameters: [
    { name: 'prop', type: ['url'], multi: true },
    { name: 'prefix', type: 'string' },
    { name: 'title', type: 'string' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
    { name: 'url', type: 'boolean', deprecated: true },
  ],
};
