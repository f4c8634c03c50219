import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { URL_PROTOCOLS } from '../values.js';

/** `prop=extlinks`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'extlinks',
  group: 'prop',
  prefix: 'el',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryExternalLinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Extlinks',
  parameters: [
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
    { name: 'protocol', type: URL_PROTOCOLS, default: '' },
    { name: 'query', type: 'string' },
    { name: 'expandurl', type: 'boolean', deprecated: true },
  ],
};
