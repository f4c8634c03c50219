import type { ContextOf, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';

import { assoc, list, type ResultObject } from '../../api/result/tree.js';
/** `meta=filerepoinfo`: parameters as the module reference lists them, in its order. */
export const descriptor = {
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
} as const satisfies ModuleDescriptor;

/** The fields of the local repository, in the order MediaWiki prints them. */
function localRepo(ctx: ContextOf<typeof descriptor>): ResultObject {
  const { site } = ctx;
  const fileNamespace = site.namespaces.find((ns) => ns.id === 6);
  const favicon = site.settings.Favicon;
  return {
    name: 'local',
    displayname: site.siteName,
    rootUrl: site.uploadPath,
    local: true,
    url: site.uploadPath,
    thumbUrl: `${site.uploadPath}/thumb`,
    initialCapital: fileNamespace?.case !== 'case-sensitive',
    scriptDirUrl: site.scriptPath,
    favicon: `${ctx.server}${typeof favicon === 'string' ? favicon : '/favicon.ico'}`,
    canUpload: site.enableUploads,
  };
}

export const execute: ModuleExecute<typeof descriptor> = (ctx) => {
  const wanted = new Set<string>(ctx.params.prop);
  // MediaWiki marks the repositories' fields an object: no property asked for prints `{}`.
  const repo: ResultObject = assoc({});
  for (const [key, value] of Object.entries(localRepo(ctx))) {
    if (wanted.has(key)) repo[key] = value;
  }
  ctx.result.set('repos', list('repo', [repo]));
};
