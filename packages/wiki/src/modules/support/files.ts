/**
 * Files as MediaWiki's local repository lays them out: where a file, an old version and a
 * thumbnail live (below the upload path and the upload folder), how big a thumbnail is, and the
 * per-version fields that imageinfo, allimages, filearchive and the stash modules share.
 */
import { createHash } from 'node:crypto';
import { apiError } from '../../api/errors.js';
import type { ModuleContext } from '../../api/module.js';
import { mwToIso } from '../../api/params/timestamp.js';
import { assoc, KeyedList, list, type ResultObject, type ResultValue } from '../../api/result/tree.js';
import type { SiteConfig } from '../../site/site.js';
import { escapeHtml } from '../../text/escape.js';
import { phpTruthy } from '../../text/php-strings.js';

/** `b/ba` for `Karte.png`: the two folder levels made of the name's MD5. */
export function hashPath(name: string): string {
  const md5 = createHash('md5').update(name).digest('hex');
  return `${md5[0]}/${md5.slice(0, 2)}`;
}

/** PHP's rawurlencode: everything but letters, digits and `-_.~` is escaped. */
export function rawUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The upload path as an absolute URL (it is usually a path below the server). */
export function uploadBaseUrl(site: SiteConfig, server: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(site.uploadPath) || site.uploadPath.startsWith('//')
    ? site.uploadPath
    : `${server}${site.uploadPath}`;
}

/** Where a current file (or, with `archiveName`, an old version) is served. */
export function fileUrl(base: string, name: string, archiveName?: string): string {
  return archiveName === undefined
    ? `${base}/${hashPath(name)}/${rawUrlEncode(name)}`
    : `${base}/archive/${hashPath(name)}/${rawUrlEncode(archiveName)}`;
}

/** The widths a user may choose for thumbnails (siteinfo's `thumblimits`). */
export const THUMB_LIMITS: readonly number[] = [120, 150, 180, 200, 250, 300];

/** A thumbnail's width where a page asks for none: that of the default `thumbsize` option (5). */
export const DEFAULT_THUMB_WIDTH = THUMB_LIMITS[5] as number;

/** Media types whose thumbnails are always rendered (and rendered as PNG), even at full size. */
const RENDERED_AS_PNG = new Set(['image/svg+xml']);

/** The MIME type of a file's thumbnails. */
export function thumbnailMime(mime: string): string {
  return RENDERED_AS_PNG.has(mime) ? 'image/png' : mime;
}

/** A thumbnail's file name: `120px-Name.png`, `120px-Logo.svg.png` for rendered formats. */
export function thumbnailName(name: string, mime: string, width: number, language?: string): string {
  if (!RENDERED_AS_PNG.has(mime)) return `${width}px-${name}`;
  // A drawing rendered in a language other than English names it (`langde-`), in small letters.
  const lang = language !== undefined && language !== 'en' ? `lang${language.toLowerCase()}-` : '';
  return `${lang}${width}px-${name}.png`;
}

/**
 * Whether a rendering of that name can be stored: MediaWiki's file store refuses a file name over
 * 255 bytes, so a thumbnail whose name would be longer (a drawing in a language code of hundreds
 * of characters) is never made.
 */
export function thumbnailNameFits(name: string, mime: string, width: number, language?: string): boolean {
  return Buffer.byteLength(thumbnailName(name, mime, width, language)) <= 255;
}

/** The width that makes the image at most `maxHeight` tall, as MediaWiki's box fitting does. */
function fitBoxWidth(width: number, height: number, maxHeight: number): number {
  const ideal = (width * maxHeight) / height;
  const roundedUp = Math.ceil(ideal);
  return Math.round((roundedUp * height) / width) > maxHeight ? Math.floor(ideal) : roundedUp;
}

export interface ThumbnailSize {
  width: number;
  height: number;
  /** False when the original is served instead (a bitmap asked at or above its own size). */
  scaled: boolean;
}

/**
 * The size of a thumbnail asked for by width and/or height (-1 for "not given"), keeping the
 * aspect ratio and never upscaling a bitmap.
 */
export function thumbnailSize(
  source: { width: number; height: number; mime: string },
  wantWidth: number,
  wantHeight: number,
): ThumbnailSize {
  let width = wantWidth === -1 ? source.width : wantWidth;
  // When the height bounds the box, MediaWiki reports the asked height itself, not the one the
  // rounded width gives (a 300×400 image in a 50px box is 37×50, not 37×49).
  let boxHeight: number | undefined;
  if (wantHeight !== -1 && width * source.height > wantHeight * source.width) {
    width = fitBoxWidth(source.width, source.height, wantHeight);
    boxHeight = wantHeight;
  }
  width = Math.max(1, width);
  if (!RENDERED_AS_PNG.has(source.mime) && width >= source.width) {
    return { width: source.width, height: source.height, scaled: false };
  }
  const height = boxHeight ?? Math.max(1, Math.round((source.height * width) / source.width));
  return { width, height, scaled: true };
}

/** `thumb/b/ba/Karte.png/120px-Karte.png` (old versions below `thumb/archive/`). */
export function thumbnailUrl(
  base: string,
  name: string,
  mime: string,
  width: number,
  archiveName?: string,
  language?: string,
): string {
  const folder =
    archiveName === undefined
      ? `${hashPath(name)}/${rawUrlEncode(name)}`
      : `archive/${hashPath(name)}/${rawUrlEncode(archiveName)}`;
  return `${base}/thumb/${folder}/${rawUrlEncode(thumbnailName(name, mime, width, language))}`;
}

/** A SHA-1 as MediaWiki stores it (base 36, 31 digits) in hexadecimal (40 digits). */
export function sha1Hex(base36: string): string {
  if (!/^[0-9a-z]+$/.test(base36)) return '';
  let value = 0n;
  for (const digit of base36) value = value * 36n + BigInt(Number.parseInt(digit, 36));
  return value.toString(16).padStart(40, '0');
}

/** A hexadecimal SHA-1 in the stored form: base 36, 31 digits. */
export function sha1Base36(hex: string): string {
  return BigInt(`0x${hex}`).toString(36).padStart(31, '0');
}

/** One version of a file, whichever table it comes from. */
export interface FileVersion {
  name: string;
  /** `20261121222618!Karte.png` for old versions. */
  archiveName?: string;
  size: number;
  width: number;
  height: number;
  bits: number;
  metadata: string;
  mediaType: string | null;
  mime: string;
  description: string;
  timestamp: string;
  sha1: string;
  actorName: string;
  actorUser: number;
  /** Revision-deletion bits (1 file, 2 comment, 4 user). */
  deleted: number;
}

/** MediaWiki 1.39's JSON metadata (`{"data": {...}}`) as the API's name/value list. */
export function metadataList(serialized: string): ResultValue {
  let data: unknown;
  try {
    data = (JSON.parse(serialized) as { data?: unknown }).data;
  } catch {
    return null;
  }
  if (data === undefined || data === null || typeof data !== 'object') return null;
  return nameValueList(data as Record<string, unknown>);
}

function nameValueList(object: Record<string, unknown>): ResultValue {
  return list(
    'metadata',
    Object.entries(object).map(([name, value]) => ({ name, value: metadataValue(value) })),
  );
}

function metadataValue(value: unknown): ResultValue {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return nameValueList(Object.fromEntries(value.map((v, i) => [String(i), v])));
  if (typeof value === 'object') return nameValueList(value as Record<string, unknown>);
  return value as ResultValue;
}

/** An SVG's fields that MediaWiki names in the format-independent metadata, under those names. */
const SVG_COMMON_NAMES: Record<string, string> = { title: 'ObjectName', description: 'ImageDescription' };

/**
 * The metadata every format shares, as a name/value list: a bitmap's embedded fields; of an SVG
 * its title and description (its original size is not in pixels, so not given).
 */
export function commonMetadataList(serialized: string, mime: string): ResultValue {
  try {
    const data = (JSON.parse(serialized) as { data?: { metadata?: Record<string, unknown> } & Record<string, unknown> })
      .data;
    if (mime === 'image/svg+xml') {
      const fields = Object.entries(data ?? {}).flatMap(([key, value]) => {
        const name = SVG_COMMON_NAMES[key.toLowerCase()];
        return name === undefined ? [] : [[name, value] as const];
      });
      return nameValueList(Object.fromEntries(fields));
    }
    const fields = Object.entries(data?.metadata ?? {}).filter(([key]) => !key.startsWith('_'));
    return nameValueList(Object.fromEntries(fields));
  } catch {
    return list('metadata', []);
  }
}

/** What a module's `urlwidth`, `urlheight` and `urlparam` ask for (-1: not given). */
export interface ThumbnailAsk {
  urlwidth: number;
  urlheight: number;
  urlparam?: string;
}

/** The handler parameters `urlparam` names for a file of this type (`120px`), null when it cannot read them, undefined for a type without an image handler. */
function handlerParams(mime: string, text: string): { width: string } | null | undefined {
  const bitmap = /^image\/(?:png|jpeg|gif|webp|tiff|x-bmp|bmp|x-xcf|x-ms-bmp)$/.test(mime);
  if (!bitmap && !RENDERED_AS_PNG.has(mime)) return undefined;
  const width = /^(\d+)px$/.exec(text)?.[1];
  return width === undefined ? null : { width };
}

/**
 * The thumbnail size one file gets (-1: not given), checked as MediaWiki's imageinfo checks it:
 * `urlwidth`/`urlheight` win over a width in `urlparam` (with a warning), a `urlparam` the file's
 * handler cannot read is ignored with a warning, and a request that leaves no positive width fails
 * with `urlparamnormal` (an invalid width in `urlparam` with `invalidurlparam`). Only a height asks
 * for the file's own width as the width bound.
 */
export function fileThumbnailRequest(
  ctx: ModuleContext,
  file: { name: string; width: number; mime: string },
  ask: ThumbnailAsk,
): { thumbWidth: number; thumbHeight: number } {
  const urlparam = ask.urlparam ?? '';
  // A `urlparam` of `0` asks for nothing, as PHP reads it.
  if (ask.urlwidth === -1 && ask.urlheight === -1 && !phpTruthy(urlparam)) return { thumbWidth: -1, thumbHeight: -1 };
  const byHeight = ask.urlwidth === -1 && ask.urlheight !== -1;
  // The width the scale parameters give (the file's own when only a height is given).
  const scaleWidth = ask.urlwidth !== -1 ? ask.urlwidth : byHeight ? file.width : undefined;
  const fileName = file.name.replace(/_/g, ' ');
  const prefix = ctx.descriptor.prefix;
  const normalisable = (width: number | undefined) => {
    if (width === undefined || width <= 0) throw apiError('urlparamnormal', 'apierror-urlparamnormal', [fileName]);
  };
  let width = scaleWidth;
  if (phpTruthy(urlparam)) {
    const parsed = handlerParams(file.mime, urlparam);
    if (parsed === undefined) {
      ctx.warn('apiwarn-nothumb-noimagehandler', [fileName], 'nothumb-noimagehandler');
      return { thumbWidth: byHeight ? -1 : (scaleWidth ?? -1), thumbHeight: ask.urlheight };
    }
    if (parsed === null) {
      ctx.warn('apiwarn-badurlparam', [prefix, fileName]);
    } else {
      if (scaleWidth !== undefined && Number(parsed.width) !== scaleWidth) {
        ctx.warn('apiwarn-urlparamwidth', [prefix, Number(parsed.width), scaleWidth]);
      }
      if (Number(parsed.width) <= 0) {
        throw apiError('invalidurlparam', 'apierror-invalidurlparam', [prefix, 'width', parsed.width]);
      }
      width ??= Number(parsed.width);
    }
  }
  normalisable(width);
  return { thumbWidth: byHeight ? -1 : (width ?? -1), thumbHeight: ask.urlheight };
}

/**
 * `extmetadata` as MediaWiki's core gives it when no extension adds fields (the served wikis have
 * no CommonsMetadata): the upload time (`DateTime`) and the file's name without its extension
 * (`ObjectName`), both from `mediawiki-metadata`. Neither is among the fields the wiki's
 * `MediaWiki:Metadata-fields` list shows by default, so both carry `hidden` (an empty string, as
 * MediaWiki writes it in every format version). The values are plain texts, so
 * `extmetadatalanguage` and `extmetadatamultilang` change nothing about them.
 */
export function extendedMetadata(version: FileVersion, filter?: readonly string[]): ResultValue {
  const text = version.name.replace(/_/g, ' ');
  const dot = text.lastIndexOf('.');
  const fields: Record<string, ResultObject> = {
    DateTime: { value: mwToIso(version.timestamp), source: 'mediawiki-metadata', hidden: '' },
    ObjectName: { value: dot > 0 ? text.slice(0, dot) : text, source: 'mediawiki-metadata', hidden: '' },
  };
  const kept = Object.entries(fields).filter(([name]) => filter === undefined || filter.includes(name));
  // An empty PHP array prints as a JSON array.
  return kept.length === 0 ? list('field', []) : Object.fromEntries(kept);
}

export interface InfoOptions {
  /** Pixel size asked for a thumbnail (`urlwidth`/`urlheight`), -1 for none. */
  thumbWidth: number;
  thumbHeight: number;
  /** The page id for `descriptionshorturl`, when the file has a page. */
  pageId?: number;
  /** `Datei:Name.png` */
  prefixedTitle: string;
  prefixedDbKey: string;
  /** Whether the caller may see what revision deletion hid. */
  canSeeDeleted: boolean;
  /**
   * Where a file kept outside the repository's folders is served (a stashed upload, behind its
   * special page): the file, its description and its thumbnails by width.
   */
  location?: { url: string; descriptionUrl: string; thumbnailUrl(width: number): string };
  /** `extmetadatafilter`: the `extmetadata` fields to give (all when absent). */
  extmetadataFilter?: readonly string[];
  /** imageinfo's `uploadwarning`: what an upload under the file's name would meet, as HTML. */
  uploadWarning?: string;
}

/**
 * The fields of one file version that `prop` asks for, in MediaWiki's order (imageinfo and
 * allimages share them).
 */
export function versionInfo(
  ctx: ModuleContext,
  version: FileVersion,
  prop: ReadonlySet<string>,
  options: InfoOptions,
): ResultObject {
  // A map to MediaWiki: `{}` in formatversion 1 when nothing is left in it.
  const info: ResultObject = assoc({});
  const fileHidden = (version.deleted & 1) !== 0;
  const showFile = !fileHidden || options.canSeeDeleted;
  if (prop.has('timestamp')) info.timestamp = mwToIso(version.timestamp);
  if (prop.has('user') || prop.has('userid')) {
    if (version.deleted & 4) info.userhidden = true;
    if (!(version.deleted & 4) || options.canSeeDeleted) {
      if (prop.has('user')) info.user = version.actorName;
      if (prop.has('userid')) info.userid = version.actorUser;
      if (version.actorUser === 0) info.anon = true;
    }
  }
  if (fileHidden) info.filehidden = true;
  if (showFile && (prop.has('size') || prop.has('dimensions'))) {
    info.size = version.size;
    info.width = version.width;
    info.height = version.height;
  }
  if (prop.has('comment') || prop.has('parsedcomment')) {
    if (version.deleted & 2) info.commenthidden = true;
    if (!(version.deleted & 2) || options.canSeeDeleted) {
      if (prop.has('parsedcomment')) info.parsedcomment = escapeHtml(version.description);
      if (prop.has('comment')) info.comment = version.description;
    }
  }
  if (options.uploadWarning !== undefined) info.html = options.uploadWarning;
  if (prop.has('canonicaltitle')) info.canonicaltitle = options.prefixedTitle;
  if (showFile && prop.has('url')) {
    const base = uploadBaseUrl(ctx.site, ctx.server);
    const url = options.location?.url ?? fileUrl(base, version.name, version.archiveName);
    const thumbUrl =
      options.location?.thumbnailUrl ??
      ((width: number) => thumbnailUrl(base, version.name, version.mime, width, version.archiveName));
    if (options.thumbWidth !== -1 || options.thumbHeight !== -1) {
      Object.assign(info, thumbnailFields(version, options.thumbWidth, options.thumbHeight, url, thumbUrl, prop));
    }
    info.url = url;
    info.descriptionurl =
      options.location?.descriptionUrl ??
      `${ctx.server}${ctx.site.articlePath.replace('$1', encodeTitle(options.prefixedDbKey))}`;
    if (options.pageId !== undefined && options.pageId > 0) {
      info.descriptionshorturl = `${ctx.server}${ctx.site.scriptPath}/index.php?curid=${options.pageId}`;
    }
  }
  if (showFile) {
    if (prop.has('sha1')) info.sha1 = sha1Hex(version.sha1);
    if (prop.has('metadata')) info.metadata = metadataList(version.metadata);
    if (prop.has('commonmetadata')) info.commonmetadata = commonMetadataList(version.metadata, version.mime);
    if (prop.has('extmetadata')) info.extmetadata = extendedMetadata(version, options.extmetadataFilter);
    // MediaWiki reuses its "mime asked for" flag for the thumbnail's type, so a thumbnail's
    // thumbmime brings the file's mime along, and thumbmime alone brings nothing.
    if (prop.has('mime') || info.thumbmime !== undefined) info.mime = version.mime;
    if (prop.has('mediatype')) info.mediatype = version.mediaType ?? 'UNKNOWN';
  }
  if (prop.has('archivename') && version.archiveName !== undefined) info.archivename = version.archiveName;
  if (showFile && prop.has('bitdepth')) info.bitdepth = version.bits;
  return info;
}

function thumbnailFields(
  version: FileVersion,
  wantWidth: number,
  wantHeight: number,
  originalUrl: string,
  thumbUrl: (width: number) => string,
  prop: ReadonlySet<string>,
): ResultObject {
  const source = { width: version.width, height: version.height, mime: version.mime };
  if (source.width <= 0 || source.height <= 0) return {};
  const urlFor = (size: ThumbnailSize): string => (size.scaled ? thumbUrl(size.width) : originalUrl);
  const size = thumbnailSize(source, wantWidth, wantHeight);
  const url = urlFor(size);
  const fields: ResultObject = { thumburl: url, thumbwidth: size.width, thumbheight: size.height };
  if (prop.has('thumbmime')) fields.thumbmime = size.scaled ? thumbnailMime(version.mime) : version.mime;
  // Keyed in the order of the factors (`1.5` before `2`), which a plain object would not keep; to
  // PHP a named key and a number, so XML prints the first as an attribute, the second as an item.
  const responsive = new KeyedList('_v', 'assoc');
  responsive.namedKeys = true;
  for (const [key, factor] of [
    ['1.5', 1.5],
    ['2', 2],
  ] as const) {
    const larger = thumbnailSize(source, Math.round(size.width * factor), Math.round(size.height * factor));
    const largerUrl = urlFor(larger);
    if (largerUrl !== url) responsive.entries.set(key, largerUrl);
  }
  if (responsive.entries.size > 0) fields.responsiveUrls = responsive;
  return fields;
}

function encodeTitle(dbKey: string): string {
  return encodeURIComponent(dbKey).replace(/%3A/g, ':').replace(/%2F/g, '/');
}

/** The SHA-1 filter in the stored form (base 36); a malformed hash is an error. */
export function sha1Filter(p: { sha1?: string; sha1base36?: string }): string | undefined {
  if (p.sha1 !== undefined) {
    const hex = p.sha1.toLowerCase();
    if (!/^[0-9a-f]{40}$/.test(hex)) throw apiError('invalidsha1hash', 'apierror-invalidsha1hash');
    return sha1Base36(hex);
  }
  if (p.sha1base36 !== undefined) {
    const base36 = p.sha1base36.toLowerCase();
    if (!/^[0-9a-z]{31}$/.test(base36)) throw apiError('invalidsha1base36hash', 'apierror-invalidsha1base36hash');
    return base36;
  }
  return undefined;
}
