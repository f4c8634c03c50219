import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { BACKLINK_PARAMETERS } from '../shared-parameters.js';

/** `list=embeddedin`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'embeddedin',
  group: 'list',
  prefix: 'ei',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryBacklinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Embeddedin',
  parameters: [...BACKLINK_PARAMETERS],
};
