import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { executeIncomingLinks } from '../support/incoming-links.js';

/** `prop=redirects`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'redirects',
  group: 'prop',
  prefix: 'rd',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryBacklinksprop',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Redirects',
  parameters: [
    { name: 'prop', type: ['fragment', 'pageid', 'title'], default: 'pageid|title', multi: true },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'show', type: ['!fragment', 'fragment'], multi: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

export const execute: ModuleExecute<typeof descriptor> = (ctx) =>
  executeIncomingLinks(ctx, {
    table: 'redirect',
    from: 'rd_from',
    targetNamespace: 'rd_namespace',
    targetTitle: 'rd_title',
    key: 'redirects',
    element: 'rd',
  });
