import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=filearchive`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'filearchive',
  group: 'list',
  prefix: 'fa',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryFilearchive',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Filearchive',
  parameters: [
    { name: 'from', type: 'string' },
    { name: 'to', type: 'string' },
    { name: 'prefix', type: 'string' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
    { name: 'sha1', type: 'string' },
    { name: 'sha1base36', type: 'string' },
    {
      name: 'prop',
      type: [
        'archivename',
        'bitdepth',
        'description',
        'dimensions',
        'mediatype',
        'metadata',
        'mime',
        'parseddescription',
        'sha1',
        'size',
        'timestamp',
        'user',
      ],
      default: 'timestamp',
      multi: true,
    },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
  ],
};
