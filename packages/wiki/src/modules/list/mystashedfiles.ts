import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=mystashedfiles`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'mystashedfiles',
  group: 'list',
  prefix: 'msf',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryMyStashedFiles',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Mystashedfiles',
  parameters: [
    { name: 'prop', type: ['size', 'type'], default: '', multi: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
  ],
};
