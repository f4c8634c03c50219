import { prefixUpperBound, titlePartToKey } from '../../api/keyset.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { NS_CATEGORY } from '../../site/title.js';
import { categoryRowsQuery, continuedCategories, listCategories } from '../support/category-rows.js';
import { warnWhileBuilding } from '../support/deferred-build-warning.js';

/** `list=allcategories`: parameters as the module reference lists them, in its order. */
export const descriptor = {
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
} as const satisfies ModuleDescriptor;

/**
 * Categories of the `category` table (those with members or a page) in title order, continued by
 * the next title; `min`/`max` bound the member count.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  await warnWhileBuilding(ctx, 'links');
  const p = ctx.params;
  const descending = p.dir === 'descending';
  const key = (part: string) => titlePartToKey(ctx.titles, part, NS_CATEGORY);
  const [low, high] = descending ? (['<=', '>='] as const) : (['>=', '<='] as const);

  // The continue value is checked before the titles are read, as MediaWiki does.
  let query = continuedCategories(ctx, categoryRowsQuery(ctx), descending);
  if (p.from !== undefined) query = query.where('cat_title', low, key(p.from));
  if (p.to !== undefined) query = query.where('cat_title', high, key(p.to));
  if (p.prefix !== undefined) {
    const prefix = key(p.prefix);
    query = query.where('cat_title', '>=', prefix).where('cat_title', '<', prefixUpperBound(prefix));
  }
  await listCategories(ctx, query, descending);
};
