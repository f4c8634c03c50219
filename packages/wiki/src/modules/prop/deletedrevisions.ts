import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { REVISION_CONTENT_PARAMETERS, REVISION_TEMPLATED_PARAMETERS } from '../shared-parameters.js';

/** `prop=deletedrevisions`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'deletedrevisions',
  group: 'prop',
  prefix: 'drv',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryDeletedRevisions',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Deletedrevisions',
  parameters: [
    ...REVISION_CONTENT_PARAMETERS,
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'tag', type: 'string' },
    { name: 'user', type: 'user' },
    { name: 'excludeuser', type: 'user' },
    { name: 'continue', type: 'string' },
  ],
  templatedparameters: REVISION_TEMPLATED_PARAMETERS,
};
