import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { REVISION_CONTENT_PARAMETERS, REVISION_TEMPLATED_PARAMETERS } from '../shared-parameters.js';

/** `list=alldeletedrevisions`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'alldeletedrevisions',
  group: 'list',
  prefix: 'adr',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllDeletedRevisions',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Alldeletedrevisions',
  parameters: [
    ...REVISION_CONTENT_PARAMETERS,
    { name: 'user', type: 'user', info: [{ name: 'useronly' }] },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'start', type: 'timestamp', info: [{ name: 'useronly' }] },
    { name: 'end', type: 'timestamp', info: [{ name: 'useronly' }] },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'from', type: 'string', info: [{ name: 'nonuseronly' }] },
    { name: 'to', type: 'string', info: [{ name: 'nonuseronly' }] },
    { name: 'prefix', type: 'string', info: [{ name: 'nonuseronly' }] },
    { name: 'excludeuser', type: 'user', info: [{ name: 'nonuseronly' }] },
    { name: 'tag', type: 'string' },
    { name: 'continue', type: 'string' },
    { name: 'generatetitles', type: 'boolean' },
  ],
  templatedparameters: REVISION_TEMPLATED_PARAMETERS,
};
