import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `prop=fileusage`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'fileusage',
  group: 'prop',
  prefix: 'fu',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryBacklinksprop',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Fileusage',
  parameters: [
    { name: 'prop', type: ['pageid', 'redirect', 'title'], default: 'pageid|title|redirect', multi: true },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'show', type: ['!redirect', 'redirect'], multi: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
  ],
};
