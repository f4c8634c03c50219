import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { NS_FILE } from '../../site/title.js';
import { listAllLinks } from '../support/all-links.js';

/** `list=allfileusages`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'allfileusages',
  group: 'list',
  prefix: 'af',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllLinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allfileusages',
  parameters: [
    { name: 'continue', type: 'string' },
    { name: 'from', type: 'string' },
    { name: 'to', type: 'string' },
    { name: 'prefix', type: 'string' },
    { name: 'unique', type: 'boolean' },
    { name: 'prop', type: ['ids', 'title'], default: 'title', multi: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
  ],
} as const satisfies ModuleDescriptor;

/** Every imagelinks target in title order, see support/all-links.ts. */
export const execute: ModuleExecute<typeof descriptor> = (ctx) =>
  listAllLinks(ctx, {
    table: 'imagelinks',
    from: 'il_from',
    namespace: undefined,
    title: 'il_to',
    fixedNamespace: NS_FILE,
    element: 'f',
  });
