import type { ModuleDescriptor } from '../../api/params/descriptor.js';

/** `meta=linterstats`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'linterstats',
  group: 'meta',
  prefix: 'lntrst',
  readrights: true,
  source: 'Linter',
  classname: 'MediaWiki\\Linter\\ApiQueryLinterStats',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/Extension:Linter#API',
  parameters: [],
};
