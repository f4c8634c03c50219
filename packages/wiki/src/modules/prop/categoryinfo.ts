import type { ModuleDescriptor } from '../../api/params/descriptor.js';

/** `prop=categoryinfo`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'categoryinfo',
  group: 'prop',
  prefix: 'ci',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryCategoryInfo',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categoryinfo',
  parameters: [{ name: 'continue', type: 'string' }],
};
