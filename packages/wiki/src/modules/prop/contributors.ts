import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { CONTRIBUTOR_RIGHTS, USER_GROUPS } from '../values.js';

/** `prop=contributors`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'contributors',
  group: 'prop',
  prefix: 'pc',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryContributors',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Contributors',
  parameters: [
    { name: 'group', type: USER_GROUPS, multi: true },
    { name: 'excludegroup', type: USER_GROUPS, multi: true },
    { name: 'rights', type: CONTRIBUTOR_RIGHTS, multi: true },
    { name: 'excluderights', type: CONTRIBUTOR_RIGHTS, multi: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
  ],
};
