import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `prop=langlinks`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'langlinks',
  group: 'prop',
  prefix: 'll',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryLangLinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Langlinks',
  parameters: [
    { name: 'prop', type: ['autonym', 'langname', 'url'], multi: true },
    { name: 'lang', type: 'string' },
    { name: 'title', type: 'string' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
    { name: 'inlanguagecode', type: 'string', default: { fromSite: 'language' } },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
    { name: 'url', type: 'boolean', deprecated: true },
  ],
};
