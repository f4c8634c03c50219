import { titleText } from '../../api/gender.js';
import { continueGiven, parseContinueValue } from '../../api/keyset.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { assoc, type ResultObject } from '../../api/result/tree.js';

/** `list=pageswithprop`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'pageswithprop',
  group: 'list',
  prefix: 'pwp',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryPagesWithProp',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pageswithprop',
  parameters: [
    { name: 'propname', type: 'string', required: true },
    { name: 'prop', type: ['ids', 'title', 'value'], default: 'ids|title', multi: true },
    { name: 'continue', type: 'string' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
  ],
} as const satisfies ModuleDescriptor;

/** Pages having the property, in page id order, continued by the next page id. */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const p = ctx.params;
  const limit = p.limit;
  const descending = p.dir === 'descending';
  const props = new Set(p.prop);
  let query = ctx.store.db
    .selectFrom('page_props')
    .innerJoin('page', 'page_id', 'pp_page')
    .select(['page_id', 'page_namespace', 'page_title', 'pp_value'])
    .where('pp_propname', '=', p.propname);
  // An empty continue value and `0` count as none, as in MediaWiki.
  if (continueGiven(p.continue)) {
    const [from] = parseContinueValue(p.continue, ['phpint']);
    query = query.where('pp_page', descending ? '<=' : '>=', from);
  }
  const rows = await query
    .orderBy('pp_page', descending ? 'desc' : 'asc')
    .limit(limit + 1)
    .execute();
  if (rows.length > limit) {
    ctx.setContinue(String(rows[limit].page_id));
    rows.length = limit;
  }
  if (ctx.generator) {
    ctx.generator.addPageIds(rows.map((r) => r.page_id));
    return;
  }
  const list = ctx.result.list('page');
  for (const row of rows) {
    // An object even when no property was asked for (`{}`, not `[]`, in formatversion 1).
    const item: ResultObject = assoc({});
    if (props.has('ids')) item.pageid = row.page_id;
    if (props.has('title')) {
      item.ns = row.page_namespace;
      item.title = titleText(ctx.titles, row.page_namespace, row.page_title);
    }
    if (props.has('value')) item.value = row.pp_value;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(String(row.page_id));
      break;
    }
    list.push(item);
  }
};
