import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `prop=duplicatefiles`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'duplicatefiles',
  group: 'prop',
  prefix: 'df',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryDuplicateFiles',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Duplicatefiles',
  parameters: [
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
    { name: 'localonly', type: 'boolean' },
  ],
};
