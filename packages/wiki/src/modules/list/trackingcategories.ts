import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=trackingcategories`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'trackingcategories',
  group: 'list',
  prefix: 'tc',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryTrackingCategories',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Trackingcategories',
  parameters: [
    { name: 'continue', type: 'string' },
    { name: 'trackingcatname', type: 'string', multi: true },
    { name: 'min', type: 'integer' },
    { name: 'max', type: 'integer' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'prop', type: ['hidden', 'size'], default: '', multi: true },
  ],
};
