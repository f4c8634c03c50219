import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { REVISION_CONTENT_PARAMETERS, REVISION_TEMPLATED_PARAMETERS, SINGLE_PAGE_ONLY } from '../shared-parameters.js';

/** `prop=revisions`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'revisions',
  group: 'prop',
  prefix: 'rv',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryRevisions',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Revisions',
  parameters: [
    ...REVISION_CONTENT_PARAMETERS.map((p) => (p.name === 'limit' ? { ...p, info: SINGLE_PAGE_ONLY } : p)),
    { name: 'startid', type: 'integer', info: SINGLE_PAGE_ONLY },
    { name: 'endid', type: 'integer', info: SINGLE_PAGE_ONLY },
    { name: 'start', type: 'timestamp', info: SINGLE_PAGE_ONLY },
    { name: 'end', type: 'timestamp', info: SINGLE_PAGE_ONLY },
    { name: 'dir', type: ['newer', 'older'], default: 'older', info: SINGLE_PAGE_ONLY },
    { name: 'user', type: 'user', info: SINGLE_PAGE_ONLY },
    { name: 'excludeuser', type: 'user', info: SINGLE_PAGE_ONLY },
    { name: 'tag', type: 'string' },
    { name: 'continue', type: 'string' },
  ],
  templatedparameters: REVISION_TEMPLATED_PARAMETERS,
};
