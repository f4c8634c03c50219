/**
 * Categories as `allcategories` and `trackingcategories` list them: rows of the `category` table
 * with whether the category page is hidden (`__HIDDENCAT__`), and each as the API shows it.
 */
import type { ModuleContext } from '../../api/module.js';
import { type ResultObject, withContent } from '../../api/result/tree.js';
import { NS_CATEGORY } from '../../site/title.js';

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
