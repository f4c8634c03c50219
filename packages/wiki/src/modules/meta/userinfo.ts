import type { ModuleDescriptor } from '../../api/params/descriptor.js';

/** `meta=userinfo`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'userinfo',
  group: 'meta',
  prefix: 'ui',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryUserInfo',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Userinfo',
  parameters: [
    {
      name: 'prop',
      type: [
        'acceptlang',
        'blockinfo',
        'cancreateaccount',
        'centralids',
        'changeablegroups',
        'editcount',
        'email',
        'groupmemberships',
        'groups',
        'hasmsg',
        'implicitgroups',
        'latestcontrib',
        'options',
        'ratelimits',
        'realname',
        'registrationdate',
        'rights',
        'theoreticalratelimits',
        'unreadcount',
      ],
      multi: true,
      allspecifier: true,
    },
    { name: 'attachedwiki', type: 'string' },
  ],
};
