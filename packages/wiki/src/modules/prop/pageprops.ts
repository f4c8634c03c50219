import type { ModuleDescriptor } from '../../api/params/descriptor.js';

/** `prop=pageprops`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'pageprops',
  group: 'prop',
  prefix: 'pp',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryPageProps',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pageprops',
  parameters: [
    { name: 'continue', type: 'string' },
    { name: 'prop', type: 'string', multi: true },
  ],
};
