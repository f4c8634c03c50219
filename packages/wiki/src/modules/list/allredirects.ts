import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { listAllLinks } from '../support/all-links.js';

/** `list=allredirects`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'allredirects',
  group: 'list',
  prefix: 'ar',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllLinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allredirects',
  parameters: [
    { name: 'continue', type: 'string' },
    { name: 'from', type: 'string' },
    { name: 'to', type: 'string' },
    { name: 'prefix', type: 'string' },
    { name: 'unique', type: 'boolean' },
    { name: 'prop', type: ['fragment', 'ids', 'interwiki', 'title'], default: 'title', multi: true },
    { name: 'namespace', type: 'namespace', default: '0', extranamespaces: [-2, -1] },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
  ],
} as const satisfies ModuleDescriptor;

/** Every redirect target in title order, see support/all-links.ts. */
export const execute: ModuleExecute<typeof descriptor> = (ctx) =>
  listAllLinks(ctx, {
    table: 'redirect',
    from: 'rd_from',
    namespace: 'rd_namespace',
    title: 'rd_title',
    extraProps: { fragment: 'rd_fragment', interwiki: 'rd_interwiki' },
    element: 'r',
  });
