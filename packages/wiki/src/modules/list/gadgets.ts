import type { ModuleDescriptor } from '../../api/params/descriptor.js';

/** `list=gadgets`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'gadgets',
  group: 'list',
  prefix: 'ga',
  readrights: true,
  source: 'Gadgets',
  classname: 'MediaWiki\\Extension\\Gadgets\\Api\\ApiQueryGadgets',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/Extension:Gadgets#API',
  parameters: [
    { name: 'prop', type: ['desc', 'id', 'metadata'], default: 'id|metadata', multi: true },
    { name: 'categories', type: 'string', multi: true },
    { name: 'ids', type: 'string', multi: true },
    { name: 'allowedonly', type: 'boolean' },
    { name: 'enabledonly', type: 'boolean' },
  ],
};
