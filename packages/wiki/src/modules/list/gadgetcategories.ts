import type { ModuleDescriptor } from '../../api/params/descriptor.js';

/** `list=gadgetcategories`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'gadgetcategories',
  group: 'list',
  prefix: 'gc',
  readrights: true,
  source: 'Gadgets',
  classname: 'MediaWiki\\Extension\\Gadgets\\Api\\ApiQueryGadgetCategories',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/Extension:Gadgets#API',
  parameters: [
    { name: 'prop', type: ['members', 'name', 'title'], default: 'name', multi: true },
    { name: 'names', type: 'string', multi: true },
  ],
};
