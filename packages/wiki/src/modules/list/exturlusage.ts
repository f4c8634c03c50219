import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { URL_PROTOCOLS } from '../values.js';

/** `list=exturlusage`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'exturlusage',
  group: 'list',
  prefix: 'eu',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryExtLinksUsage',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Exturlusage',
  parameters: [
    { name: 'prop', type: ['ids', 'title', 'url'], default: 'ids|title|url', multi: true },
    { name: 'continue', type: 'string' },
    { name: 'protocol', type: URL_PROTOCOLS, default: '' },
    { name: 'query', type: 'string' },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'expandurl', type: 'boolean', deprecated: true },
  ],
};
