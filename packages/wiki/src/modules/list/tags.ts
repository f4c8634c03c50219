import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=tags`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'tags',
  group: 'list',
  prefix: 'tg',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryTags',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Tags',
  parameters: [
    { name: 'continue', type: 'string' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    {
      name: 'prop',
      type: ['active', 'defined', 'description', 'displayname', 'hitcount', 'source'],
      default: '',
      multi: true,
    },
  ],
};
