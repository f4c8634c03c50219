import { apiError, badContinue } from '../../api/errors.js';
import type { ContextOf, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import type { ResultObject } from '../../api/result/tree.js';
import { currentVersions } from '../support/file-rows.js';
import {
  type FileVersion,
  fileUrl,
  thumbnailNameFits,
  thumbnailSize,
  thumbnailUrl,
  uploadBaseUrl,
} from '../support/files.js';
import { rowsOf } from '../support/query-parts.js';

/** `prop=pageimages`: parameters as the module reference lists them, in its order. */
export const descriptor = {
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
    { name: 'license', type: ['free', 'any'], default: 'free' },
    { name: 'continue', type: 'integer' },
    { name: 'langcode', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

const NS_FILE = 6;
/** The page property of the best image whatever its licence, and of the best freely licensed one. */
const PROP_ANY = 'page_image';
const PROP_FREE = 'page_image_free';

/**
 * The image of each page by page id: a file page is its own image; other pages have the one the
 * page properties name (with `license=any` the best image, else the best free one).
 */
async function pageImages(ctx: ContextOf<typeof descriptor>, pages: { pageid: number; ns: number; dbKey: string }[]) {
  const images = new Map<number, string>();
  const others: number[] = [];
  for (const page of pages) {
    if (page.ns === NS_FILE) images.set(page.pageid, page.dbKey);
    else others.push(page.pageid);
  }
  if (others.length === 0) return images;
  const names = ctx.params.license === 'any' ? [PROP_ANY, PROP_FREE] : [PROP_FREE];
  const { db } = ctx.store;
  const rows = await rowsOf(
    db,
    `pageimages: ${names.length} properties of ${others.length} pages`,
    [],
    (d) =>
      d
        .selectFrom('page_props')
        .select(['pp_page', 'pp_propname', 'pp_value'])
        .where('pp_page', 'in', others)
        .where('pp_propname', 'in', names),
    { after: [...others, ...names] },
  );
  for (const row of rows) {
    if (!images.has(row.pp_page) || row.pp_propname === PROP_ANY) images.set(row.pp_page, row.pp_value);
  }
  return images;
}

function imageFields(ctx: ContextOf<typeof descriptor>, file: FileVersion, prop: ReadonlySet<string>): ResultObject {
  const fields: ResultObject = {};
  if (file.width <= 0 || file.height <= 0) return fields;
  const base = uploadBaseUrl(ctx.site, ctx.server);
  const original = fileUrl(base, file.name);
  const language = ctx.params.langcode;
  // A rendering whose name cannot be stored is never made: no thumbnail, an original without URL.
  const rendering = (width: number) =>
    thumbnailNameFits(file.name, file.mime, width, language)
      ? thumbnailUrl(base, file.name, file.mime, width, undefined, language)
      : undefined;
  // A size of 0 or less asks for no thumbnail, as MediaWiki makes none for it.
  if (prop.has('thumbnail') && ctx.params.thumbsize > 0) {
    const box = ctx.params.thumbsize;
    const size = thumbnailSize(file, box, box);
    const source = size.scaled ? rendering(size.width) : original;
    if (source !== undefined) fields.thumbnail = { source, width: size.width, height: size.height };
  }
  if (prop.has('original')) {
    // With a language, the original is the file rendered at its own size in that language (as
    // PageImages asks for it): a drawing's PNG rendering, a bitmap itself. `''` and `'0'` are no
    // language there (PHP's false strings).
    const rendered = language && language !== '0' ? thumbnailSize(file, file.width, file.height) : undefined;
    const source = rendered?.scaled ? (rendering(file.width) ?? '') : original;
    fields.original = { source, width: file.width, height: file.height };
  }
  return fields;
}

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  // No property left (every value unknown, `piprop=*`) is refused before the pages are looked at.
  if (ctx.params.prop.length === 0) {
    throw apiError('noprop', 'apierror-paramempty', [ctx.paramName('prop')]);
  }
  const limit = ctx.params.limit;
  // In the order the page set found them (MediaWiki's good titles: a generator's order, titles by
  // namespace as they first came): `continue` names the page to go on with by its id, as
  // MediaWiki's does; a page that is not in the set, or is its first page, is no place to continue from.
  // After them the set's missing file pages, by their fake ids: a file page is its own image,
  // whether or not the file is here (it may be another repository's), as MediaWiki lists them.
  const missingFiles = ctx.pages.missing
    .filter((m) => m.ns === NS_FILE)
    .map((m) => ({ pageid: m.fakeId, ns: m.ns, dbKey: m.dbKey }));
  const all: { pageid: number; ns: number; dbKey: string }[] = [...ctx.pages.good.values(), ...missingFiles];
  let offset = 0;
  if (all.length === 0) return;
  if (ctx.params.continue !== undefined) {
    offset = all.findIndex((page) => page.pageid === ctx.params.continue);
    if (offset <= 0) throw badContinue();
  }
  const pages = all.slice(offset, offset + limit);
  if (offset + limit < all.length) ctx.setContinue(all[offset + limit].pageid);
  const prop = new Set(ctx.params.prop);
  const images = await pageImages(ctx, pages);
  const files =
    prop.has('thumbnail') || prop.has('original')
      ? await currentVersions(ctx.store, [...new Set(images.values())])
      : new Map<string, FileVersion>();
  for (const page of pages) {
    const name = images.get(page.pageid);
    const answer = ctx.result.page(page.pageid);
    if (name === undefined || answer === undefined) continue;
    const file = files.get(name);
    const fields: ResultObject = file ? imageFields(ctx, file, prop) : {};
    if (prop.has('name')) fields.pageimage = name;
    // A full answer continues with this page.
    if (!ctx.result.fits(fields)) {
      ctx.setContinue(page.pageid);
      break;
    }
    Object.assign(answer, fields);
  }
};
