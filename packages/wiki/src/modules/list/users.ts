import type { ModuleDescriptor } from '../../api/params/descriptor.js';

/** `list=users`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'users',
  group: 'list',
  prefix: 'us',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryUsers',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Users',
  parameters: [
    {
      name: 'prop',
      type: [
        'blockinfo',
        'cancreate',
        'centralids',
        'editcount',
        'emailable',
        'gender',
        'groupmemberships',
        'groups',
        'implicitgroups',
        'registration',
        'rights',
      ],
      multi: true,
    },
    { name: 'attachedwiki', type: 'string' },
    { name: 'users', type: 'string', multi: true },
    { name: 'userids', type: 'integer', multi: true },
  ],
};
