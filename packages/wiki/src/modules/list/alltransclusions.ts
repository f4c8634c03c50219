import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { listAllLinks } from '../support/all-links.js';

/** `list=alltransclusions`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'alltransclusions',
  group: 'list',
  prefix: 'at',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllLinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Alltransclusions',
  parameters: [
    { name: 'continue', type: 'string' },
    { name: 'from', type: 'string' },
    { name: 'to', type: 'string' },
    { name: 'prefix', type: 'string' },
    { name: 'unique', type: 'boolean' },
    { name: 'prop', type: ['ids', 'title'], default: 'title', multi: true },
    { name: 'namespace', type: 'namespace', default: '10', extranamespaces: [-2, -1] },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
  ],
} as const satisfies ModuleDescriptor;

/** Every templatelinks target in title order, see support/all-links.ts. */
export const execute: ModuleExecute<typeof descriptor> = (ctx) =>
  listAllLinks(ctx, {
    table: 'templatelinks',
    from: 'tl_from',
    namespace: 'tl_namespace',
    title: 'tl_title',
    element: 't',
  });
