import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=search`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'search',
  group: 'list',
  prefix: 'sr',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQuerySearch',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Search',
  parameters: [
    { name: 'search', type: 'string', required: true },
    { name: 'namespace', type: 'namespace', default: '0', multi: true, allspecifier: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'offset', type: 'integer', default: '0', min: 0 },
    { name: 'what', type: ['nearmatch', 'text', 'title'] },
    {
      name: 'info',
      type: ['rewrittenquery', 'suggestion', 'totalhits'],
      default: 'totalhits|suggestion|rewrittenquery',
      multi: true,
    },
    {
      name: 'prop',
      type: [
        'categorysnippet',
        'extensiondata',
        'isfilematch',
        'redirectsnippet',
        'redirecttitle',
        'sectionsnippet',
        'sectiontitle',
        'size',
        'snippet',
        'timestamp',
        'titlesnippet',
        'wordcount',
        'hasrelated',
        'score',
      ],
      default: 'size|wordcount|timestamp|snippet',
      multi: true,
      deprecatedvalues: ['hasrelated', 'score'],
    },
    { name: 'interwiki', type: 'boolean' },
    { name: 'enablerewrites', type: 'boolean' },
    { name: 'sort', type: ['relevance'], default: 'relevance' },
  ],
};
