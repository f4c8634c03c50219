import { parseContinueValue } from '../../api/keyset.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { assoc, type ResultObject } from '../../api/result/tree.js';
import { pageIds } from '../support/link-rows.js';

/** `prop=pageprops`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'pageprops',
  group: 'prop',
  prefix: 'pp',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryPageProps',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pageprops',
  parameters: [
    { name: 'continue', type: 'string' },
    { name: 'prop', type: 'string', multi: true },
  ],
} as const satisfies ModuleDescriptor;

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  let ids = pageIds(ctx);
  // An empty continue value is none, as MediaWiki reads it.
  const raw = ctx.params.continue;
  if (raw !== undefined && raw !== '') {
    const [from] = parseContinueValue(raw, ['int']);
    ids = ids.filter((id) => id >= from);
  }
  if (ids.length === 0) return;
  // An empty `ppprop` asks for every property, as leaving it out does.
  const names = ctx.params.prop?.length === 0 ? undefined : ctx.params.prop;
  let query = ctx.store.db
    .selectFrom('page_props')
    .select(['pp_page', 'pp_propname', 'pp_value'])
    .where('pp_page', 'in', ids);
  if (names !== undefined) query = query.where('pp_propname', 'in', names);
  const rows = await query.orderBy('pp_page').orderBy('pp_propname').execute();
  const byPage = new Map<number, ResultObject>();
  for (const row of rows) {
    const props = byPage.get(row.pp_page) ?? assoc<ResultObject>({});
    props[row.pp_propname] = row.pp_value;
    byPage.set(row.pp_page, props);
  }
  for (const [pageId, props] of byPage) {
    const page = ctx.result.page(pageId);
    if (!page) continue;
    if (!ctx.result.fits(props)) {
      ctx.setContinue(pageId);
      break;
    }
    page.pageprops = props;
  }
};
