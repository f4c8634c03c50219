import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=pageswithprop`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'pageswithprop',
  group: 'list',
  prefix: 'pwp',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryPagesWithProp',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pageswithprop',
  parameters: [
    { name: 'propname', type: 'string', required: true },
    { name: 'prop', type: ['ids', 'title', 'value'], default: 'ids|title', multi: true },
    { name: 'continue', type: 'string' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
  ],
};
