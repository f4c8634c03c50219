import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=pagepropnames`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'pagepropnames',
  group: 'list',
  prefix: 'ppn',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryPagePropNames',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pagepropnames',
  parameters: [
    { name: 'continue', type: 'string' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
  ],
};
