import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { executeOutgoingTitleLinks } from '../support/outgoing-title-links.js';

/** `prop=templates`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'templates',
  group: 'prop',
  prefix: 'tl',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryLinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Templates',
  parameters: [
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true, extranamespaces: [-2, -1] },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
    { name: 'templates', type: 'string', multi: true },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
  ],
} as const satisfies ModuleDescriptor;

export const execute: ModuleExecute<typeof descriptor> = (ctx) =>
  executeOutgoingTitleLinks(ctx, {
    table: 'templatelinks',
    column: 'tl',
    key: 'templates',
    element: 'tl',
    targetsParam: 'templates',
  });
