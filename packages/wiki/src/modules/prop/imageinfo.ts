import { apiError } from '../../api/errors.js';
import { parseContinueValue } from '../../api/keyset.js';
import type { ContextOf, ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';
import { assoc, type ResultObject } from '../../api/result/tree.js';
import { articleUrl } from '../../site/urls.js';
import { escapeWikiText } from '../../text/escape-wikitext.js';
import { phpTruthy } from '../../text/php-strings.js';
import { isBadFile, loadBadImageList } from '../support/bad-image-list.js';
import { deletedPartsCacheMode } from '../support/cache-modes.js';
import { currentVersions, olderVersions } from '../support/file-rows.js';
import { fileThumbnailRequest, versionInfo } from '../support/files.js';
import { uploadWarnings } from '../support/upload-warning.js';

const NS_FILE = 6;

/** `prop=imageinfo`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'imageinfo',
  group: 'prop',
  prefix: 'ii',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryImageInfo',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Imageinfo',
  parameters: [
    {
      name: 'prop',
      type: [
        'archivename',
        'badfile',
        'bitdepth',
        'canonicaltitle',
        'comment',
        'commonmetadata',
        'dimensions',
        'extmetadata',
        'mediatype',
        'metadata',
        'mime',
        'parsedcomment',
        'sha1',
        'size',
        'thumbmime',
        'timestamp',
        'uploadwarning',
        'url',
        'user',
        'userid',
      ],
      default: 'timestamp|user',
      multi: true,
    },
    { name: 'limit', ...STANDARD_LIMIT, default: '1' },
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    { name: 'urlwidth', type: 'integer', default: '-1' },
    { name: 'urlheight', type: 'integer', default: '-1' },
    { name: 'metadataversion', type: 'string', default: '1' },
    { name: 'extmetadatalanguage', type: 'string', default: { fromSite: 'language' } },
    { name: 'extmetadatamultilang', type: 'boolean' },
    { name: 'extmetadatafilter', type: 'string', multi: true },
    { name: 'urlparam', type: 'string', default: '' },
    { name: 'badfilecontexttitle', type: 'string' },
    { name: 'continue', type: 'string' },
    { name: 'localonly', type: 'boolean' },
  ],
} as const satisfies ModuleDescriptor;

/** The files of the page set (every title in the File namespace), sorted by name. */
function fileTitles(ctx: ContextOf<typeof descriptor>): { dbKey: string; title: string; pageid: number }[] {
  return ctx.pages
    .allTitles()
    .filter((t) => t.ns === NS_FILE)
    .sort((a, b) => (a.dbKey < b.dbKey ? -1 : a.dbKey > b.dbKey ? 1 : 0));
}

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const prop = new Set(ctx.params.prop);
  const limit = ctx.params.limit;
  const start = ctx.params.start;
  const end = ctx.params.end;
  // The title bad files are judged for is checked first, whether or not the set holds files.
  const context = ctx.params.badfilecontexttitle;
  const contextTitle = context === undefined ? undefined : ctx.titles.parseOrUndefined(context);
  if (context !== undefined && (contextTitle === undefined || contextTitle.interwiki !== '')) {
    throw apiError('invalid-title', 'apierror-bad-badfilecontexttitle', [ctx.paramName('')]);
  }
  let files = fileTitles(ctx);
  // Without a file page in the set the continue value is not read, as MediaWiki does.
  if (files.length === 0) return;
  const continueFrom = ctx.params.continue;
  if (continueFrom !== undefined) {
    const [name] = parseContinueValue(continueFrom, ['string', 'string']);
    files = files.filter((f) => f.dbKey >= name);
  }
  if (files.length === 0) return;
  const names = files.map((f) => f.dbKey);
  const [current, older, badList] = await Promise.all([
    currentVersions(ctx.store, names),
    olderVersions(ctx.store, names, { start, end, limit }),
    prop.has('badfile') ? loadBadImageList(ctx.store, ctx.titles) : undefined,
  ]);
  const warnings = prop.has('uploadwarning') ? await uploadWarnings(ctx, files, current) : undefined;
  const canSeeDeleted = ctx.user.rights.has('deletedhistory');
  const badFile = (dbKey: string) =>
    badList ? isBadFile(badList, dbKey, contextTitle && ctx.titles.prefixedText(contextTitle)) : undefined;
  for (const file of files) {
    const page = ctx.result.page(file.pageid);
    const latest = current.get(file.dbKey);
    if (!page) continue;
    if (!latest) {
      page.imagerepository = '';
      // Whether a name is a bad file, and what an upload under it would meet, are asked of files
      // that do not exist too: MediaWiki then describes the missing file as one version.
      if (prop.has('badfile') || prop.has('uploadwarning')) {
        if (badList) page.badfile = badFile(file.dbKey) as boolean;
        missingFileVersion(ctx, file, prop, warnings?.get(file.dbKey));
      }
      continue;
    }
    page.imagerepository = 'local';
    // The page carries badfile, before its versions.
    if (badList) page.badfile = badFile(file.dbKey) as boolean;
    const { thumbWidth, thumbHeight } = fileThumbnailRequest(ctx, latest, ctx.params);
    const options = {
      thumbWidth,
      thumbHeight,
      pageId: file.pageid,
      prefixedTitle: file.title,
      prefixedDbKey: file.title.replace(/ /g, '_'),
      canSeeDeleted,
      extmetadataFilter: ctx.params.extmetadatafilter,
      uploadWarning: warnings?.get(file.dbKey),
    };
    const versions = [
      ...((start === undefined || latest.timestamp <= start) && (end === undefined || latest.timestamp >= end)
        ? [latest]
        : []),
      ...(older.get(file.dbKey) ?? []),
    ];
    const shown = versions.slice(0, limit);
    for (const version of shown) {
      const info = versionInfo(ctx, version, prop, options);
      if (!ctx.result.fits(info)) {
        // MediaWiki continues one file by the version's time in ISO form (the current version by
        // the start given, if any), several by name and the start given or the version's time.
        if (files.length === 1) {
          ctx.setContinue(version === latest && start !== undefined ? start : mwToIso(version.timestamp), 'start');
        } else ctx.setContinue(`${file.dbKey}|${start ?? version.timestamp}`);
        return;
      }
      ctx.result.pageList(file.pageid, 'imageinfo', 'ii')?.push(info);
    }
    const next = versions[limit];
    if (next && files.length === 1) ctx.setContinue(mwToIso(next.timestamp), 'start');
  }
};

/**
 * A file that does not exist, as MediaWiki describes it when asked whether it is a bad file or
 * what an upload would meet (`uploadWarning`, the warning's HTML): a handler is needed to read `urlparam` (a missing file has none,
 * which is warned), and its one version, shown only without an end time (it has no time of its
 * own), holds its title, its description page's address and `filemissing`.
 */
function missingFileVersion(
  ctx: ContextOf<typeof descriptor>,
  file: { dbKey: string; title: string; pageid: number },
  prop: ReadonlySet<string>,
  uploadWarning: string | undefined,
): void {
  if (phpTruthy(ctx.params.urlparam)) {
    ctx.warn('apiwarn-nothumb-noimagehandler', [escapeWikiText(file.dbKey)], 'nothumb-noimagehandler');
  }
  if (ctx.params.end !== undefined) return;
  const info: ResultObject = assoc({});
  if (uploadWarning !== undefined) info.html = uploadWarning;
  if (prop.has('canonicaltitle')) info.canonicaltitle = file.title;
  if (prop.has('url')) {
    info.descriptionurl = articleUrl(ctx.site, ctx.server, file.title.replace(/ /g, '_'));
    if (file.pageid > 0)
      info.descriptionshorturl = `${ctx.server}${ctx.site.scriptPath}/index.php?curid=${file.pageid}`;
  }
  info.filemissing = true;
  if (ctx.result.fits(info)) ctx.result.pageList(file.pageid, 'imageinfo', 'ii')?.push(info);
}

/** Who may keep the answer: only the caller when it may see deleted parts, else anyone. */
export const cacheMode: ModuleCacheMode<typeof descriptor> = (_params, user) => deletedPartsCacheMode(user);
