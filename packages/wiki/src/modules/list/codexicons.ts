import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { CODEX_ICON_NAMES } from '../values.js';

/** `list=codexicons`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'codexicons',
  group: 'list',
  prefix: '',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryCodexIcons',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Codexicons',
  parameters: [{ name: 'names', type: CODEX_ICON_NAMES, required: true, multi: true, allspecifier: true }],
};
