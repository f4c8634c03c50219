import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=usercontribs`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'usercontribs',
  group: 'list',
  prefix: 'uc',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryUserContribs',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Usercontribs',
  parameters: [
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    { name: 'continue', type: 'string' },
    { name: 'user', type: 'user', multi: true, subtypes: ['name', 'ip', 'temp', 'interwiki'] },
    { name: 'userids', type: 'integer', multi: true },
    { name: 'userprefix', type: 'string' },
    { name: 'iprange', type: 'string' },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    {
      name: 'prop',
      type: ['comment', 'flags', 'ids', 'parsedcomment', 'patrolled', 'size', 'sizediff', 'tags', 'timestamp', 'title'],
      default: 'ids|title|timestamp|comment|size|flags',
      multi: true,
    },
    {
      name: 'show',
      type: [
        '!autopatrolled',
        '!minor',
        '!new',
        '!patrolled',
        '!top',
        'autopatrolled',
        'minor',
        'new',
        'patrolled',
        'top',
      ],
      multi: true,
    },
    { name: 'tag', type: 'string' },
    { name: 'toponly', type: 'boolean', deprecated: true },
  ],
};
