import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { REDIRECT_BACKLINK_PARAMETERS } from '../shared-parameters.js';
import { listBacklinks } from '../support/backlinks.js';

/** `list=backlinks`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'backlinks',
  group: 'list',
  prefix: 'bl',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryBacklinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Backlinks',
  parameters: REDIRECT_BACKLINK_PARAMETERS,
} as const satisfies ModuleDescriptor;

/** Pages whose pagelinks rows point to the page, see support/backlinks.ts. */
export const execute: ModuleExecute<typeof descriptor> = (ctx) =>
  listBacklinks(ctx, {
    table: 'pagelinks',
    from: 'pl_from',
    fromNamespace: 'pl_from_namespace',
    namespace: 'pl_namespace',
    title: 'pl_title',
    element: 'bl',
  });
