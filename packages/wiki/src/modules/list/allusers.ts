import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { RIGHTS, USER_GROUPS } from '../values.js';

/** `list=allusers`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'allusers',
  group: 'list',
  prefix: 'au',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllUsers',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allusers',
  parameters: [
    { name: 'from', type: 'string' },
    { name: 'to', type: 'string' },
    { name: 'prefix', type: 'string' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
    { name: 'group', type: USER_GROUPS, multi: true },
    { name: 'excludegroup', type: USER_GROUPS, multi: true },
    { name: 'rights', type: RIGHTS, multi: true },
    {
      name: 'prop',
      type: ['blockinfo', 'centralids', 'editcount', 'groups', 'implicitgroups', 'registration', 'rights'],
      multi: true,
    },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'witheditsonly', type: 'boolean' },
    { name: 'activeusers', type: 'boolean' },
    { name: 'attachedwiki', type: 'string' },
    { name: 'excludenamed', type: 'boolean' },
    { name: 'excludetemp', type: 'boolean' },
  ],
};
