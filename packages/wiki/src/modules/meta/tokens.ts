import type { ModuleDescriptor } from '../../api/params/descriptor.js';

/** `meta=tokens`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'tokens',
  group: 'meta',
  prefix: '',
  source: 'MediaWiki',
  classname: 'ApiQueryTokens',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Tokens',
  parameters: [
    {
      name: 'type',
      type: ['createaccount', 'csrf', 'login', 'patrol', 'rollback', 'userrights', 'watch'],
      default: 'csrf',
      multi: true,
      allspecifier: true,
    },
  ],
};
