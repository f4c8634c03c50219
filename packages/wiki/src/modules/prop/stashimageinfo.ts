import type { ModuleDescriptor } from '../../api/params/descriptor.js';

/** `prop=stashimageinfo`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'stashimageinfo',
  group: 'prop',
  prefix: 'sii',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryStashImageInfo',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Stashimageinfo',
  parameters: [
    { name: 'filekey', type: 'string', multi: true },
    { name: 'sessionkey', type: 'string', multi: true, deprecated: true },
    {
      name: 'prop',
      type: [
        'badfile',
        'bitdepth',
        'canonicaltitle',
        'commonmetadata',
        'dimensions',
        'extmetadata',
        'metadata',
        'mime',
        'sha1',
        'size',
        'thumbmime',
        'timestamp',
        'url',
      ],
      default: 'timestamp|url',
      multi: true,
    },
    { name: 'urlwidth', type: 'integer', default: '-1' },
    { name: 'urlheight', type: 'integer', default: '-1' },
    { name: 'urlparam', type: 'string', default: '' },
  ],
};
