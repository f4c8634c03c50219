import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { CONTENT_FORMATS, REVISION_PROPS } from '../values.js';

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
    {
      name: 'prop',
      type: REVISION_PROPS,
      default: 'ids|timestamp|flags|comment|user',
      multi: true,
      deprecatedvalues: ['parsetree'],
    },
    { name: 'slots', type: ['main'], multi: true, allspecifier: true },
    { name: 'limit', ...STANDARD_LIMIT },
    { name: 'expandtemplates', type: 'boolean', deprecated: true },
    { name: 'generatexml', type: 'boolean', deprecated: true },
    { name: 'parse', type: 'boolean', deprecated: true },
    { name: 'section', type: 'string' },
    { name: 'diffto', type: 'string', deprecated: true },
    { name: 'difftotext', type: 'string', deprecated: true },
    { name: 'difftotextpst', type: 'boolean', deprecated: true },
    { name: 'contentformat', type: CONTENT_FORMATS, deprecated: true },
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
  templatedparameters: [{ name: 'contentformat-{slot}', templatevars: { slot: 'slots' }, type: CONTENT_FORMATS }],
};
