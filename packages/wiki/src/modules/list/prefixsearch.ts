import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=prefixsearch`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'prefixsearch',
  group: 'list',
  prefix: 'ps',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryPrefixSearch',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Prefixsearch',
  parameters: [
    { name: 'search', type: 'string', required: true },
    { name: 'namespace', type: 'namespace', default: '0', multi: true, allspecifier: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'offset', type: 'integer', default: '0', min: 0 },
  ],
};
