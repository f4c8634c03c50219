/**
 * Categories as `allcategories` and `trackingcategories` list them: rows of the `category` table
 * with whether the category page is hidden (`__HIDDENCAT__`), and each as the API shows it.
 */
import { parseContinueValue } from '../../api/keyset.js';
import type { ModuleContext } from '../../api/module.js';
import { type ResultObject, withContent } from '../../api/result/tree.js';
import { NS_CATEGORY } from '../../site/title.js';

/** What allcategories and the category lists share (`min`/`max` only in allcategories). */
type CategoryListParams = { limit: number; continue?: string; min?: number; max?: number; prop: string[] };

/** `category` rows joined with the hidden-category property of their page. */
export function categoryRowsQuery(ctx: ModuleContext) {
  return ctx.store.db
    .selectFrom('category')
    .leftJoin('page', (join) => join.on('page_namespace', '=', NS_CATEGORY).onRef('page_title', '=', 'cat_title'))
    .leftJoin('page_props', (join) => join.onRef('pp_page', '=', 'page_id').on('pp_propname', '=', 'hiddencat'))
    .select(['cat_title', 'cat_pages', 'cat_subcats', 'cat_files', 'pp_propname']);
}

export interface CategoryRow {
  cat_title: string;
  cat_pages: number;
  cat_subcats: number;
  cat_files: number;
  pp_propname: string | null;
}

/** One category of the list, with its sizes (`size`) and whether it is hidden (`hidden`). */
export function categoryItem(row: CategoryRow, prop: ReadonlySet<string>, extra: ResultObject = {}): ResultObject {
  const item: ResultObject = withContent({ category: row.cat_title.replace(/_/g, ' '), ...extra }, 'category');
  if (prop.has('size')) {
    item.size = row.cat_pages;
    item.pages = row.cat_pages - row.cat_subcats - row.cat_files;
    item.files = row.cat_files;
    item.subcats = row.cat_subcats;
  }
  if (prop.has('hidden')) item.hidden = row.pp_propname !== null;
  return item;
}

type CategoryQuery = ReturnType<typeof categoryRowsQuery>;

/** A category list resumed where `continue` (a title) says; its value is checked at once. */
export function continuedCategories(
  ctx: ModuleContext<CategoryListParams>,
  query: CategoryQuery,
  descending: boolean,
): CategoryQuery {
  if (ctx.params.continue === undefined) return query;
  const [from] = parseContinueValue(ctx.params.continue, ['string']);
  return query.where('cat_title', descending ? '<=' : '>=', from);
}

/**
 * Runs a category list in title order (resumed by `continuedCategories`): `min`/`max` (member
 * counts) and `limit` applied, the rest continued by the next title; as a generator the category
 * pages are produced, otherwise each category is listed with `extra` fields after its name.
 */
export async function listCategories(
  ctx: ModuleContext<CategoryListParams>,
  query: CategoryQuery,
  descending: boolean,
  extra: (row: CategoryRow) => ResultObject = () => ({}),
): Promise<void> {
  const p = ctx.params;
  const limit = p.limit;
  if (p.min !== undefined) query = query.where('cat_pages', '>=', p.min);
  if (p.max !== undefined) query = query.where('cat_pages', '<=', p.max);
  const rows = await query
    .orderBy('cat_title', descending ? 'desc' : 'asc')
    .limit(limit + 1)
    .execute();
  if (rows.length > limit) {
    ctx.setContinue(rows[limit].cat_title);
    rows.length = limit;
  }
  if (ctx.generator) {
    ctx.generator.addTitles(rows.map((r) => ({ namespace: NS_CATEGORY, dbKey: r.cat_title })));
    return;
  }
  const prop = new Set(p.prop);
  const list = ctx.result.list('c');
  for (const row of rows) {
    const item = categoryItem(row, prop, extra(row));
    if (!ctx.result.fits(item)) {
      ctx.setContinue(row.cat_title);
      break;
    }
    list.push(item);
  }
}
