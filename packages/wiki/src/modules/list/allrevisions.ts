import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { CONTENT_FORMATS, REVISION_PROPS } from '../values.js';

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
    { name: 'user', type: 'user' },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'excludeuser', type: 'user' },
    { name: 'continue', type: 'string' },
    { name: 'generatetitles', type: 'boolean' },
  ],
  templatedparameters: [{ name: 'contentformat-{slot}', templatevars: { slot: 'slots' }, type: CONTENT_FORMATS }],
};
