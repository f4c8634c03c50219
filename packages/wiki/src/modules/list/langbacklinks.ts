import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { listForeignBacklinks } from '../support/foreign-backlinks.js';

/** `list=langbacklinks`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'langbacklinks',
  group: 'list',
  prefix: 'lbl',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryLangBacklinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Langbacklinks',
  parameters: [
    { name: 'lang', type: 'string' },
    { name: 'title', type: 'string' },
    { name: 'continue', type: 'string' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'prop', type: ['lllang', 'lltitle'], default: '', multi: true },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
  ],
} as const satisfies ModuleDescriptor;

/** Pages with a language link to the language (and title), see support/foreign-backlinks.ts. */
export const execute: ModuleExecute<typeof descriptor> = (ctx) =>
  listForeignBacklinks(ctx, {
    table: 'langlinks',
    from: 'll_from',
    prefixColumn: 'll_lang',
    titleColumn: 'll_title',
    prefixParam: 'lang',
    prefixProp: 'lllang',
    titleProp: 'lltitle',
    element: 'll',
  });
