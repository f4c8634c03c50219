import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { CONTENT_FORMATS, REVISION_PROPS } from '../values.js';

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
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'tag', type: 'string' },
    { name: 'user', type: 'user' },
    { name: 'excludeuser', type: 'user' },
    { name: 'continue', type: 'string' },
  ],
  templatedparameters: [{ name: 'contentformat-{slot}', templatevars: { slot: 'slots' }, type: CONTENT_FORMATS }],
};
