import type { ModuleDescriptor } from '../../api/params/descriptor.js';

/** `prop=extracts`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'extracts',
  group: 'prop',
  prefix: 'ex',
  readrights: true,
  source: 'TextExtracts',
  classname: 'TextExtracts\\ApiQueryExtracts',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/Extension:TextExtracts#API',
  parameters: [
    { name: 'chars', type: 'integer', min: 1, max: 1200 },
    { name: 'sentences', type: 'integer', min: 1, max: 10 },
    { name: 'limit', type: 'limit', default: '20', min: 1, max: 20 },
    { name: 'intro', type: 'boolean' },
    { name: 'plaintext', type: 'boolean' },
    { name: 'sectionformat', type: ['plain', 'raw', 'wiki'], default: 'wiki' },
    { name: 'continue', type: 'integer' },
  ],
};
