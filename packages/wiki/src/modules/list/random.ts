import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=random`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'random',
  group: 'list',
  prefix: 'rn',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryRandom',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Random',
  parameters: [
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'filterredir', type: ['all', 'nonredirects', 'redirects'], default: 'nonredirects' },
    { name: 'minsize', type: 'integer' },
    { name: 'maxsize', type: 'integer' },
    {
      name: 'contentmodel',
      type: ['GadgetDefinition', 'css', 'javascript', 'json', 'sanitized-css', 'text', 'unknown', 'vue', 'wikitext'],
    },
    { name: 'redirect', type: 'boolean', deprecated: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '1' },
    { name: 'continue', type: 'string' },
  ],
};
