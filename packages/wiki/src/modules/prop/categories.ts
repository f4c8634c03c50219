import { apiError } from '../../api/errors.js';
import { parseContinueValue } from '../../api/keyset.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';
import type { ResultObject } from '../../api/result/tree.js';
import { NS_CATEGORY, NS_MAIN } from '../../site/title.js';
import { warnWhileBuilding } from '../support/deferred-build-warning.js';
import { linkRows, pageIds } from '../support/link-rows.js';
import { titleFilter } from '../support/title-filter.js';

/** `prop=categories`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'categories',
  group: 'prop',
  prefix: 'cl',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryCategories',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categories',
  parameters: [
    { name: 'prop', type: ['hidden', 'sortkey', 'timestamp'], multi: true },
    { name: 'show', type: ['!hidden', 'hidden'], multi: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
    { name: 'categories', type: 'string', multi: true },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
  ],
} as const satisfies ModuleDescriptor;

/** Hex of the stored sort key's bytes, as MediaWiki prints `sortkey`. */
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  await warnWhileBuilding(ctx, 'links');
  const ids = pageIds(ctx);
  if (ids.length === 0) return;
  const props = new Set(ctx.params.prop ?? []);
  const show = new Set(ctx.params.show ?? []);
  const only = titleFilter(ctx, 'categories', NS_MAIN, NS_CATEGORY, 'apiwarn-invalidcategory')?.map((t) => t.dbKey);
  if (only?.length === 0) return;
  // Read after the category filter and the continue value, as MediaWiki does.
  if (ctx.params.continue !== undefined) parseContinueValue(ctx.params.continue, ['phpint', 'string']);
  if (show.has('hidden') && show.has('!hidden')) throw apiError('show', 'apierror-show');
  const needsHidden = props.has('hidden') || show.size > 0;
  const rows = await linkRows(ctx, {
    table: 'categorylinks',
    sort: [
      { column: 'cl_from', kind: 'phpint' },
      { column: 'cl_to', kind: 'string' },
    ],
    columns: ['cl_sortkey', 'cl_sortkey_prefix', 'cl_timestamp', ...(needsHidden ? ['pp_propname'] : [])],
    limit: ctx.params.limit,
    descending: ctx.params.dir === 'descending',
    where: (q) => {
      let query = q.where('cl_from', 'in', ids);
      if (only) query = query.where('cl_to', 'in', only);
      if (needsHidden) {
        // A category is hidden when its page carries __HIDDENCAT__ (the `hiddencat` page property).
        query = query
          .leftJoin('page', (join) => join.on('page_namespace', '=', NS_CATEGORY).onRef('page_title', '=', 'cl_to'))
          .leftJoin('page_props', (join) => join.onRef('pp_page', '=', 'page_id').on('pp_propname', '=', 'hiddencat'));
        if (show.has('hidden')) query = query.where('pp_propname', 'is not', null);
        if (show.has('!hidden')) query = query.where('pp_propname', 'is', null);
      }
      return query;
    },
  });
  if (ctx.generator) {
    ctx.generator.addTitles(rows.map((r) => ({ namespace: NS_CATEGORY, dbKey: r.cl_to as string })));
    return;
  }
  for (const row of rows) {
    const item: ResultObject = {
      ns: NS_CATEGORY,
      title: ctx.titles.prefixedText({ namespace: NS_CATEGORY, dbKey: row.cl_to as string, interwiki: '' }),
    };
    if (props.has('sortkey')) {
      item.sortkey = hex(row.cl_sortkey as string);
      item.sortkeyprefix = row.cl_sortkey_prefix as string;
    }
    if (props.has('timestamp')) item.timestamp = mwToIso(row.cl_timestamp as string);
    if (props.has('hidden')) item.hidden = row.pp_propname !== null;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(rows.continueAt(row));
      break;
    }
    ctx.result.pageList(row.cl_from as number, 'categories', 'cl')?.push(item);
  }
};
