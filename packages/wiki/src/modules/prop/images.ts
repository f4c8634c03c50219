import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `prop=images`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'images',
  group: 'prop',
  prefix: 'im',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryImages',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Images',
  parameters: [
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
    { name: 'images', type: 'string', multi: true },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
  ],
};
