import { mustUseWith, mutuallyExclusive } from '../../api/errors.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { type ResultObject, withContent } from '../../api/result/tree.js';
import { interwikiUrl } from '../../site/urls.js';
import { warnWhileBuilding } from '../support/deferred-build-warning.js';
import { linkRows, pageIds } from '../support/link-rows.js';

/** `prop=iwlinks`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'iwlinks',
  group: 'prop',
  prefix: 'iw',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryIWLinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Iwlinks',
  parameters: [
    { name: 'prop', type: ['url'], multi: true },
    { name: 'prefix', type: 'string' },
    { name: 'title', type: 'string' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
    { name: 'url', type: 'boolean', deprecated: true },
  ],
} as const satisfies ModuleDescriptor;

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  await warnWhileBuilding(ctx, 'links');
  const ids = pageIds(ctx);
  const p = ctx.params;
  // A set without pages ends the module before its parameters are checked, as in MediaWiki.
  if (ids.length === 0) return;
  if (p.title !== undefined && p.prefix === undefined) {
    throw mustUseWith(ctx.paramName('title'), ctx.paramName('prefix'));
  }
  // The deprecated url with prop (even empty), named in declared order.
  if (p.url && p.prop !== undefined) throw mutuallyExclusive([ctx.paramName('prop'), ctx.paramName('url')]);
  const wantsUrl = Boolean(p.url) || (p.prop ?? []).includes('url');
  const rows = await linkRows(ctx, {
    table: 'iwlinks',
    sort: [
      { column: 'iwl_from', kind: 'phpint' },
      { column: 'iwl_prefix', kind: 'string' },
      { column: 'iwl_title', kind: 'string' },
    ],
    limit: p.limit,
    descending: p.dir === 'descending',
    where: (q) => {
      let query = q.where('iwl_from', 'in', ids);
      if (p.prefix !== undefined) query = query.where('iwl_prefix', '=', p.prefix);
      if (p.title !== undefined) query = query.where('iwl_title', '=', p.title);
      return query;
    },
  });
  for (const row of rows) {
    const prefix = row.iwl_prefix as string;
    const title = row.iwl_title as string;
    const item: ResultObject = { prefix };
    if (wantsUrl) {
      const url = interwikiUrl(ctx.titles, prefix, title);
      if (url !== undefined) item.url = url;
    }
    item.title = title;
    const entry = withContent(item, 'title');
    if (!ctx.result.fits(entry)) {
      ctx.setContinue(rows.continueAt(row));
      break;
    }
    ctx.result.pageList(row.iwl_from as number, 'iwlinks', 'iw')?.push(entry);
  }
};
