import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { CONTENT_FORMATS, REVISION_PROPS } from '../values.js';

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
    {
      name: 'prop',
      type: REVISION_PROPS,
      default: 'ids|timestamp|flags|comment|user',
      multi: true,
      deprecatedvalues: ['parsetree'],
    },
    { name: 'slots', type: ['main'], multi: true, allspecifier: true },
    { name: 'limit', ...STANDARD_LIMIT, info: [{ name: 'singlepageonly' }] },
    { name: 'expandtemplates', type: 'boolean', deprecated: true },
    { name: 'generatexml', type: 'boolean', deprecated: true },
    { name: 'parse', type: 'boolean', deprecated: true },
    { name: 'section', type: 'string' },
    { name: 'diffto', type: 'string', deprecated: true },
    { name: 'difftotext', type: 'string', deprecated: true },
    { name: 'difftotextpst', type: 'boolean', deprecated: true },
    { name: 'contentformat', type: CONTENT_FORMATS, deprecated: true },
    { name: 'startid', type: 'integer', info: [{ name: 'singlepageonly' }] },
    { name: 'endid', type: 'integer', info: [{ name: 'singlepageonly' }] },
    { name: 'start', type: 'timestamp', info: [{ name: 'singlepageonly' }] },
    { name: 'end', type: 'timestamp', info: [{ name: 'singlepageonly' }] },
    { name: 'dir', type: ['newer', 'older'], default: 'older', info: [{ name: 'singlepageonly' }] },
    { name: 'user', type: 'user', info: [{ name: 'singlepageonly' }] },
    { name: 'excludeuser', type: 'user', info: [{ name: 'singlepageonly' }] },
    { name: 'tag', type: 'string' },
    { name: 'continue', type: 'string' },
  ],
  templatedparameters: [{ name: 'contentformat-{slot}', templatevars: { slot: 'slots' }, type: CONTENT_FORMATS }],
};
