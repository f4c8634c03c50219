import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { REDIRECT_BACKLINK_PARAMETERS } from '../shared-parameters.js';
import { listBacklinks } from '../support/backlinks.js';

/** `list=imageusage`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'imageusage',
  group: 'list',
  prefix: 'iu',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryBacklinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Imageusage',
  parameters: REDIRECT_BACKLINK_PARAMETERS,
} as const satisfies ModuleDescriptor;

/** Pages whose imagelinks rows point to the page, see support/backlinks.ts. */
export const execute: ModuleExecute<typeof descriptor> = (ctx) =>
  listBacklinks(ctx, {
    table: 'imagelinks',
    from: 'il_from',
    fromNamespace: 'il_from_namespace',
    namespace: undefined,
    title: 'il_to',
    element: 'iu',
  });
