import { apiError, requireAtLeastOneOf } from '../../api/errors.js';
import type { ContextOf, ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import type { ResultObject } from '../../api/result/tree.js';
import { localSpecialPageName } from '../../site/mediawiki/special-page-aliases.js';
import { NS_FILE, NS_SPECIAL } from '../../site/title.js';
import { articleUrl } from '../../site/urls.js';
import { deletedPartsCacheMode } from '../support/cache-modes.js';
import { type FileVersion, fileThumbnailRequest, thumbnailName, versionInfo } from '../support/files.js';
import { type PhpValue, phpUnserialize } from '../support/php-unserialize.js';

/** `prop=stashimageinfo`: parameters as the module reference lists them, in its order. */
export const descriptor = {
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
} as const satisfies ModuleDescriptor;

/** MediaWiki's format of stash keys (`1d3q2mhxiv7w.v7eknk.1.png`). */
const FILE_KEY = /^[\w.-]+\.\w*$/;

/** A stashed upload's properties as MediaWiki stored them (PHP-serialized), or none. */
function storedProperties(serialized: string | null): Record<string, PhpValue> {
  if (!serialized) return {};
  try {
    const value = phpUnserialize(serialized);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/** The local name of a special page (`Spezial:Hochladespeicher`) as a prefixed database key. */
function specialPage(ctx: ContextOf<typeof descriptor>, canonical: string): string {
  const local = localSpecialPageName(canonical, ctx.site.language);
  return `${ctx.titles.namespaceName(NS_SPECIAL)}:${local ?? canonical}`.replace(/ /g, '_');
}

/**
 * The caller's stashed uploads by file key, in the order asked, with the fields `imageinfo` gives
 * (those that make sense for a file that is no wiki page yet). The stash belongs to logged-in
 * users, and each file to the user who stashed it.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  if (ctx.user.anonymous) throw apiError('notloggedin', 'apierror-mustbeloggedin-uploadstash');
  const filekeys = ctx.params.filekey;
  const sessionkeys = ctx.params.sessionkey;
  // Either parameter given, even empty, will do; an empty list names no file.
  if (filekeys === undefined && sessionkeys === undefined) throw requireAtLeastOneOf(['siifilekey', 'siisessionkey']);
  const keys = filekeys?.length ? filekeys : (sessionkeys ?? []);
  if (keys.length === 0) return;
  const rows = await ctx.store.db.selectFrom('uploadstash').selectAll().where('us_key', 'in', keys).execute();
  const byKey = new Map(rows.map((row) => [row.us_key, row]));
  const prop = new Set(ctx.params.prop);
  const stashPage = specialPage(ctx, 'UploadStash');
  const fileNamespace = ctx.titles.namespaceName(NS_FILE);
  const infos: ResultObject[] = [];
  for (const key of keys) {
    // Each key in turn: its format, then whether the stash holds it; the stash's own message
    // is the error, under its own code.
    if (!FILE_KEY.test(key))
      throw apiError('uploadstash-bad-path-bad-format', 'uploadstash-bad-path-bad-format', [key]);
    const row = byKey.get(key);
    if (!row) throw apiError('uploadstash-file-not-found', 'uploadstash-file-not-found', [key]);
    if (row.us_user !== ctx.user.id) throw apiError('uploadstash-wrong-owner', 'uploadstash-wrong-owner', [key]);
    const stored = storedProperties(row.us_props);
    // The stashed file's own name (`20261121222619!phpVCqGKz.png`), which names its thumbnails.
    const name = row.us_path.slice(row.us_path.lastIndexOf('/') + 1);
    const version: FileVersion = {
      name,
      size: row.us_size,
      width: row.us_image_width ?? 0,
      height: row.us_image_height ?? 0,
      bits: row.us_image_bits ?? 0,
      metadata: JSON.stringify({ data: stored.metadata ?? {} }),
      mediaType: row.us_media_type,
      mime: row.us_mime ?? 'unknown/unknown',
      description: '',
      timestamp: row.us_timestamp,
      sha1: row.us_sha1,
      actorName: '',
      actorUser: row.us_user,
      deleted: 0,
    };
    const url = articleUrl(ctx.site, ctx.server, `${stashPage}/file/${key}`);
    const { thumbWidth, thumbHeight } = fileThumbnailRequest(ctx, version, ctx.params);
    const info = versionInfo(ctx, version, prop, {
      thumbWidth,
      thumbHeight,
      prefixedTitle: `${fileNamespace}:${name.replace(/_/g, ' ')}`,
      prefixedDbKey: `${fileNamespace}:${name}`,
      canSeeDeleted: false,
      location: {
        url,
        descriptionUrl: url,
        thumbnailUrl: (width) =>
          articleUrl(ctx.site, ctx.server, `${stashPage}/thumb/${key}/${thumbnailName(name, version.mime, width)}`),
      },
    });
    infos.push(info);
  }
  ctx.result.list('sii').push(...infos);
};

/** Who may keep the answer: only the caller when it may see deleted parts, else anyone. */
export const cacheMode: ModuleCacheMode<typeof descriptor> = (_params, user) => deletedPartsCacheMode(user);
