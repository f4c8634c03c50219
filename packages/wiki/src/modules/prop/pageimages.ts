import type { ModuleDescriptor } from '../../api/params/descriptor.js';

/** `prop=pageimages`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'pageimages',
  group: 'prop',
  prefix: 'pi',
  readrights: true,
  source: 'PageImages',
  classname: 'PageImages\\ApiQueryPageImages',
  licensetag: 'WTFPL',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/Extension:PageImages#API',
  parameters: [
    { name: 'prop', type: ['name', 'original', 'thumbnail'], default: 'thumbnail|name', multi: true },
    { name: 'thumbsize', type: 'integer', default: '50' },
    { name: 'limit', type: 'limit', default: '50', min: 1, max: 50, highmax: 100 },
    { name: 'license', type: ['any', 'free'], default: 'free' },
    { name: 'continue', type: 'integer' },
    { name: 'langcode', type: 'string' },
  ],
};
