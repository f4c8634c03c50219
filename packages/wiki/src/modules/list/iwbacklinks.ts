import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { listForeignBacklinks } from '../support/foreign-backlinks.js';

/** `list=iwbacklinks`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'iwbacklinks',
  group: 'list',
  prefix: 'iwbl',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryIWBacklinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Iwbacklinks',
  parameters: [
    { name: 'prefix', type: 'string' },
    { name: 'title', type: 'string' },
    { name: 'continue', type: 'string' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'prop', type: ['iwprefix', 'iwtitle'], default: '', multi: true },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
  ],
} as const satisfies ModuleDescriptor;

/** Pages with an interwiki link to the prefix (and title), see support/foreign-backlinks.ts. */
export const execute: ModuleExecute<typeof descriptor> = (ctx) =>
  listForeignBacklinks(ctx, {
    table: 'iwlinks',
    from: 'iwl_from',
    prefixColumn: 'iwl_prefix',
    titleColumn: 'iwl_title',
    prefixParam: 'prefix',
    prefixProp: 'iwprefix',
    titleProp: 'iwtitle',
    element: 'iw',
  });
