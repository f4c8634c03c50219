import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { NS_CATEGORY } from '../../site/title.js';
import { warnWhileBuilding } from '../support/deferred-build-warning.js';

/** `prop=categoryinfo`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'categoryinfo',
  group: 'prop',
  prefix: 'ci',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryCategoryInfo',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categoryinfo',
  parameters: [{ name: 'continue', type: 'string' }],
} as const satisfies ModuleDescriptor;

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  await warnWhileBuilding(ctx, 'links');
  let categories = ctx.pages.allTitles().filter((t) => t.ns === NS_CATEGORY);
  if (categories.length === 0) return;
  // The continue value is a category name to go on from, taken as it is (any text is one).
  const from = ctx.params.continue;
  if (from !== undefined) categories = categories.filter((c) => c.dbKey >= from);
  if (categories.length === 0) return;
  const rows = await ctx.store.db
    .selectFrom('category')
    .leftJoin('page', (join) => join.on('page_namespace', '=', NS_CATEGORY).onRef('page_title', '=', 'cat_title'))
    .leftJoin('page_props', (join) => join.onRef('pp_page', '=', 'page_id').on('pp_propname', '=', 'hiddencat'))
    .select(['cat_title', 'cat_pages', 'cat_subcats', 'cat_files', 'pp_propname'])
    .where(
      'cat_title',
      'in',
      categories.map((c) => c.dbKey),
    )
    .orderBy('cat_title')
    .execute();
  const pageOf = new Map(categories.map((c) => [c.dbKey, c.pageid]));
  for (const row of rows) {
    const page = ctx.result.page(pageOf.get(row.cat_title) ?? 0);
    if (!page) continue;
    const info = {
      size: row.cat_pages,
      pages: row.cat_pages - row.cat_subcats - row.cat_files,
      files: row.cat_files,
      subcats: row.cat_subcats,
      hidden: row.pp_propname !== null,
    };
    if (!ctx.result.fits(info)) {
      ctx.setContinue(row.cat_title);
      break;
    }
    page.categoryinfo = info;
  }
};
