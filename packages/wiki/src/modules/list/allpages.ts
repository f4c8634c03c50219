import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=allpages`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'allpages',
  group: 'list',
  prefix: 'ap',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllPages',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allpages',
  parameters: [
    { name: 'from', type: 'string' },
    { name: 'continue', type: 'string' },
    { name: 'to', type: 'string' },
    { name: 'prefix', type: 'string' },
    { name: 'namespace', type: 'namespace', default: '0' },
    { name: 'filterredir', type: ['all', 'nonredirects', 'redirects'], default: 'all' },
    { name: 'filterlanglinks', type: ['all', 'withlanglinks', 'withoutlanglinks'], default: 'all' },
    { name: 'minsize', type: 'integer' },
    { name: 'maxsize', type: 'integer' },
    { name: 'prtype', type: ['edit', 'move', 'upload'], multi: true },
    { name: 'prlevel', type: ['', 'autoconfirmed', 'sysop'], multi: true },
    { name: 'prfiltercascade', type: ['all', 'cascading', 'noncascading'], default: 'all' },
    { name: 'prexpiry', type: ['all', 'definite', 'indefinite'], default: 'all' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
  ],
};
