import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { BACKLINK_PARAMETERS } from '../shared-parameters.js';
import { listBacklinks } from '../support/backlinks.js';

/** `list=embeddedin`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'embeddedin',
  group: 'list',
  prefix: 'ei',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryBacklinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Embeddedin',
  parameters: [...BACKLINK_PARAMETERS],
} as const satisfies ModuleDescriptor;

/** Pages whose templatelinks rows point to the page, see support/backlinks.ts. */
export const execute: ModuleExecute<typeof descriptor> = (ctx) =>
  listBacklinks(ctx, {
    table: 'templatelinks',
    from: 'tl_from',
    fromNamespace: 'tl_from_namespace',
    namespace: 'tl_namespace',
    title: 'tl_title',
    element: 'ei',
  });
