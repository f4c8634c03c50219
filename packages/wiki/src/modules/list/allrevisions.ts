import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { REVISION_CONTENT_PARAMETERS, REVISION_TEMPLATED_PARAMETERS } from '../shared-parameters.js';

/** `list=allrevisions`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'allrevisions',
  group: 'list',
  prefix: 'arv',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllRevisions',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allrevisions',
  parameters: [
    ...REVISION_CONTENT_PARAMETERS,
    { name: 'user', type: 'user' },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'excludeuser', type: 'user' },
    { name: 'continue', type: 'string' },
    { name: 'generatetitles', type: 'boolean' },
  ],
  templatedparameters: REVISION_TEMPLATED_PARAMETERS,
};
