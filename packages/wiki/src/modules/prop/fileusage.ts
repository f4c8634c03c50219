import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { LINK_PROP_PARAMETERS } from '../shared-parameters.js';
import { executeIncomingLinks } from '../support/incoming-links.js';

/** `prop=fileusage`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'fileusage',
  group: 'prop',
  prefix: 'fu',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryBacklinksprop',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Fileusage',
  parameters: LINK_PROP_PARAMETERS,
} as const satisfies ModuleDescriptor;

export const execute: ModuleExecute<typeof descriptor> = (ctx) =>
  executeIncomingLinks(ctx, {
    table: 'imagelinks',
    from: 'il_from',
    targetTitle: 'il_to',
    fromNamespace: 'il_from_namespace',
    key: 'fileusage',
    element: 'fu',
  });
