import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=blocks`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'blocks',
  group: 'list',
  prefix: 'bk',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryBlocks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Blocks',
  parameters: [
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'ids', type: 'integer', multi: true },
    { name: 'users', type: 'user', multi: true, subtypes: ['name', 'ip', 'temp', 'cidr'] },
    { name: 'ip', type: 'string' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    {
      name: 'prop',
      type: [
        'by',
        'byid',
        'expiry',
        'flags',
        'id',
        'parsedreason',
        'range',
        'reason',
        'restrictions',
        'timestamp',
        'user',
        'userid',
      ],
      default: 'id|user|by|timestamp|expiry|reason|flags',
      multi: true,
    },
    { name: 'show', type: ['!account', '!ip', '!range', '!temp', 'account', 'ip', 'range', 'temp'], multi: true },
    { name: 'continue', type: 'string' },
  ],
};
