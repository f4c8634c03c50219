import type { ModuleDescriptor } from '../../api/params/descriptor.js';

/** `meta=languageinfo`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'languageinfo',
  group: 'meta',
  prefix: 'li',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryLanguageinfo',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Languageinfo',
  parameters: [
    {
      name: 'prop',
      type: ['autonym', 'bcp47', 'code', 'dir', 'fallbacks', 'name', 'variantnames', 'variants'],
      default: 'code',
      multi: true,
    },
    { name: 'code', type: 'string', default: '*', multi: true },
    { name: 'continue', type: 'string' },
  ],
};
