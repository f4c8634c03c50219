import type { ModuleDescriptor } from '../../api/params/descriptor.js';

/** `meta=authmanagerinfo`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'authmanagerinfo',
  group: 'meta',
  prefix: 'ami',
  source: 'MediaWiki',
  classname: 'ApiQueryAuthManagerInfo',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Authmanagerinfo',
  parameters: [
    { name: 'securitysensitiveoperation', type: 'string' },
    {
      name: 'requestsfor',
      type: [
        'change',
        'create',
        'create-continue',
        'link',
        'link-continue',
        'login',
        'login-continue',
        'remove',
        'unlink',
      ],
    },
    { name: 'mergerequestfields', type: 'boolean' },
    { name: 'messageformat', type: ['html', 'none', 'raw', 'wikitext'], default: 'wikitext' },
  ],
};
