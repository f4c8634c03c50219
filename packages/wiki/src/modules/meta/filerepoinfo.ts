import type { ModuleDescriptor } from '../../api/params/descriptor.js';

/** `meta=filerepoinfo`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'filerepoinfo',
  group: 'meta',
  prefix: 'fri',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryFileRepoInfo',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Filerepoinfo',
  parameters: [
    {
      name: 'prop',
      type: [
        'canUpload',
        'displayname',
        'favicon',
        'initialCapital',
        'local',
        'name',
        'rootUrl',
        'scriptDirUrl',
        'thumbUrl',
        'url',
      ],
      default: 'canUpload|displayname|favicon|initialCapital|local|name|rootUrl|scriptDirUrl|thumbUrl|url',
      multi: true,
    },
  ],
};
