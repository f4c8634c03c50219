import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { LINK_PROP_PARAMETERS } from '../shared-parameters.js';
import { executeIncomingLinks } from '../support/incoming-links.js';

/** `prop=linkshere`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'linkshere',
  group: 'prop',
  prefix: 'lh',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryBacklinksprop',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Linkshere',
  parameters: LINK_PROP_PARAMETERS,
} as const satisfies ModuleDescriptor;

export const execute: ModuleExecute<typeof descriptor> = (ctx) =>
  executeIncomingLinks(ctx, {
    table: 'pagelinks',
    from: 'pl_from',
    targetNamespace: 'pl_namespace',
    targetTitle: 'pl_title',
    fromNamespace: 'pl_from_namespace',
    key: 'linkshere',
    element: 'lh',
  });
