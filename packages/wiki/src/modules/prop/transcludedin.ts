import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { LINK_PROP_PARAMETERS } from '../shared-parameters.js';
import { executeIncomingLinks } from '../support/incoming-links.js';

/** `prop=transcludedin`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'transcludedin',
  group: 'prop',
  prefix: 'ti',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryBacklinksprop',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Transcludedin',
  parameters: LINK_PROP_PARAMETERS,
} as const satisfies ModuleDescriptor;

export const execute: ModuleExecute<typeof descriptor> = (ctx) =>
  executeIncomingLinks(ctx, {
    table: 'templatelinks',
    from: 'tl_from',
    targetNamespace: 'tl_namespace',
    targetTitle: 'tl_title',
    fromNamespace: 'tl_from_namespace',
    key: 'transcludedin',
    element: 'ti',
  });
