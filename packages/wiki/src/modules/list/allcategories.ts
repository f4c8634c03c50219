import { parseContinueValue, prefixUpperBound, titlePartToKey } from '../../api/keyset.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { type ResultObject, withContent } from '../../api/result/tree.js';
import { NS_CATEGORY } from '../../site/title.js';

/** `list=allcategories`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'allcategories',
  group: 'list',
  prefix: 'ac',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllCategories',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allcategories',
  parameters: [
    { name: 'from', type: 'string' },
    { name: 'continue', type: 'string' },
    { name: 'to', type: 'string' },
    { name: 'prefix', type: 'string' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
    { name: 'min', type: 'integer' },
    { name: 'max', type: 'integer' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'prop', type: ['hidden', 'size'], default: '', multi: true },
  ],
};

/**
 * Categories of the `category` table (those with members or a page) in title order, continued by
 * the next title; `min`/`max` bound the member count.
 */
export const execute: ModuleExecute = async (ctx) => {
  const p = ctx.params;
  const descending = p.dir === 'descending';
  const limit = p.limit as number;
  const prop = new Set(p.prop as string[]);
  const key = (part: string) => titlePartToKey(ctx.titles, part, NS_CATEGORY);
  const [low, high] = descending ? (['<=', '>='] as const) : (['>=', '<='] as const);

  let query = ctx.store.db
    .selectFrom('category')
    .leftJoin('page', (join) => join.on('page_namespace', '=', NS_CATEGORY).onRef('page_title', '=', 'cat_title'))
    .leftJoin('page_props', (join) => join.onRef('pp_page', '=', 'page_id').on('pp_propname', '=', 'hiddencat'))
    .select(['cat_title', 'cat_pages', 'cat_subcats', 'cat_files', 'pp_propname']);
  if (p.continue !== undefined)
    query = query.where('cat_title', low, parseContinueValue(p.continue as string, ['string'])[0]);
  if (p.from !== undefined) query = query.where('cat_title', low, key(p.from as string));
  if (p.to !== undefined) query = query.where('cat_title', high, key(p.to as string));
  if (p.prefix !== undefined) {
    const prefix = key(p.prefix as string);
    query = query.where('cat_title', '>=', prefix).where('cat_title', '<', prefixUpperBound(prefix));
  }
  if (p.min !== undefined) query = query.where('cat_pages', '>=', p.min as number);
  if (p.max !== undefined) query = query.where('cat_pages', '<=', p.max as number);
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
  const list = ctx.result.list('c');
  for (const row of rows) {
    const item: ResultObject = withContent({ category: row.cat_title.replace(/_/g, ' ') }, 'category');
    if (prop.has('size')) {
      item.size = row.cat_pages;
      item.pages = row.cat_pages - row.cat_subcats - row.cat_files;
      item.files = row.cat_files;
      item.subcats = row.cat_subcats;
    }
    if (prop.has('hidden')) item.hidden = row.pp_propname !== null;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(row.cat_title);
      break;
    }
    list.push(item);
  }
};
