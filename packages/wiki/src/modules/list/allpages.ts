import { precompiled } from '@svc/common';
import { apiError } from '../../api/errors.js';
import { titleText } from '../../api/gender.js';
import { parseContinueValue, prefixUpperBound, titlePartToKey } from '../../api/keyset.js';
import type { ModuleExecute } from '../../api/module.js';
import { PAGE_COLUMNS, type PageRow, pageRowsById } from '../../api/pageset.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { rowsCanBeKept } from '../../store/cache-toolkit.js';
import { toMwTimestamp } from '../../text/timestamps.js';

/** `list=allpages`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'allpages',
  group: 'list',
  prefix: 'ap',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllPages',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allpages',
  parameters: [
    { name: 'from', type: 'string' },
    { name: 'continue', type: 'string' },
    { name: 'to', type: 'string' },
    { name: 'prefix', type: 'string' },
    { name: 'namespace', type: 'namespace', default: '0' },
    { name: 'filterredir', type: ['all', 'redirects', 'nonredirects'], default: 'all' },
    { name: 'filterlanglinks', type: ['withlanglinks', 'withoutlanglinks', 'all'], default: 'all' },
    { name: 'minsize', type: 'integer' },
    { name: 'maxsize', type: 'integer' },
    { name: 'prtype', type: ['edit', 'move', 'upload'], multi: true },
    { name: 'prlevel', type: ['', 'autoconfirmed', 'sysop'], multi: true },
    { name: 'prfiltercascade', type: ['cascading', 'noncascading', 'all'], default: 'all' },
    { name: 'prexpiry', type: ['indefinite', 'definite', 'all'], default: 'all' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
  ],
} as const satisfies ModuleDescriptor;

/**
 * Pages of one namespace in title order: a range scan of `page_name_title` (or
 * `page_redirect_name_title` with a redirect filter), continued by the next title.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  // As a generator, allpages filters redirects itself rather than have the query resolve them.
  if (ctx.generator?.resolvesRedirects) throw apiError('params', 'apierror-allpages-generator-redirects');
  const p = ctx.params;
  const namespace = p.namespace;
  const descending = p.dir === 'descending';
  const limit = p.limit;
  const { db } = ctx.store;

  // The simple conditions, in order: a query of these alone is compiled once per shape.
  const conditions: Condition[] = [['page_namespace', '=', namespace]];
  if (p.continue !== undefined) {
    const [title] = parseContinueValue(p.continue, ['string']);
    conditions.push(['page_title', descending ? '<=' : '>=', title]);
  }
  const from = p.from === undefined ? undefined : titlePartToKey(ctx.titles, p.from, namespace);
  const to = p.to === undefined ? undefined : titlePartToKey(ctx.titles, p.to, namespace);
  if (from !== undefined) conditions.push(['page_title', descending ? '<=' : '>=', from]);
  if (to !== undefined) conditions.push(['page_title', descending ? '>=' : '<=', to]);
  if (p.prefix !== undefined) {
    const prefix = titlePartToKey(ctx.titles, p.prefix, namespace);
    conditions.push(['page_title', '>=', prefix], ['page_title', '<', prefixUpperBound(prefix)]);
  }
  if (p.filterredir !== 'all') conditions.push(['page_is_redirect', '=', p.filterredir === 'redirects' ? 1 : 0]);
  if (p.minsize !== undefined) conditions.push(['page_len', '>=', p.minsize]);
  if (p.maxsize !== undefined) conditions.push(['page_len', '<=', p.maxsize]);
  const columns = ctx.generator ? PAGE_COLUMNS : LIST_COLUMNS;
  // Protection filters apply with a protection type, or with an expiry filter alone.
  const types = p.prtype ?? [];
  const protection = types.length > 0 || p.prexpiry !== 'all';
  const simple = p.filterlanglinks === 'all' && !protection && p.prlevel === undefined;
  if (simple) {
    const shape = `allpages ${columns.length} ${descending} ${conditions.map(([column, op]) => `${column}${op}`).join(' ')}`;
    const values = [...conditions.map(([, , value]) => value), limit + 1];
    const build = (d: typeof db) =>
      conditions
        .reduce((q, [column, op, value]) => q.where(column, op, value), d.selectFrom('page'))
        .select(columns)
        .orderBy('page_title', descending ? 'desc' : 'asc')
        .limit(limit + 1);
    if (ctx.generator && rowsCanBeKept(ctx.store)) {
      // Whole page rows are kept between requests (store/row-cache.ts): the title index gives the
      // ids alone, and the page set's lookup by id reads only pages not kept.
      const ids = (d: typeof db) => build(d).clearSelect().select('page_id');
      const { rows: found } = await db.executeQuery(precompiled(db, `${shape} ids`, ids, values));
      const pages = await pageRowsById(
        ctx.store,
        found.map((row) => row.page_id),
      );
      // A page gone between the two reads would shorten the list and lose its continuation: the
      // list is then the whole query's.
      if (pages.length === found.length) return show(ctx, pages, limit);
    }
    const { rows } = await db.executeQuery(precompiled(db, shape, build, values));
    return show(ctx, rows, limit);
  }

  let query = conditions.reduce((q, [column, op, value]) => q.where(column, op, value), db.selectFrom('page'));
  if (p.filterlanglinks !== 'all') {
    const withLinks = p.filterlanglinks === 'withlanglinks';
    query = query.where(({ exists, not, selectFrom }) => {
      const links = exists(selectFrom('langlinks').select('ll_from').whereRef('ll_from', '=', 'page_id'));
      return withLinks ? links : not(links);
    });
  }
  if (protection) {
    const levels = (p.prlevel ?? []).filter((level) => level !== '');
    const now = toMwTimestamp(ctx.now);
    query = query.where(({ exists, selectFrom }) => {
      // Protections still in force: without expiry, or expiring later.
      let restrictions = selectFrom('page_restrictions')
        .select('pr_page')
        .whereRef('pr_page', '=', 'page_id')
        .where((eb) =>
          eb.or([eb('pr_expiry', 'is', null), eb('pr_expiry', '=', 'infinity'), eb('pr_expiry', '>', now)]),
        );
      if (types.length > 0) {
        restrictions = restrictions.where('pr_type', 'in', types);
        if (levels.length > 0) restrictions = restrictions.where('pr_level', 'in', levels);
        if (p.prfiltercascade !== 'all') {
          restrictions = restrictions.where('pr_cascade', '=', p.prfiltercascade === 'cascading' ? 1 : 0);
        }
      }
      if (p.prexpiry === 'indefinite') {
        restrictions = restrictions.where((eb) =>
          eb.or([eb('pr_expiry', '=', 'infinity'), eb('pr_expiry', 'is', null)]),
        );
      } else if (p.prexpiry === 'definite') {
        restrictions = restrictions.where('pr_expiry', '!=', 'infinity');
      }
      return exists(restrictions);
    });
  } else if (p.prlevel !== undefined) {
    throw apiError('invalidparammix', 'apierror-invalidparammix-mustusewith', ['prlevel', 'prtype']);
  }
  const rows = await query
    .select(columns)
    .orderBy('page_title', descending ? 'desc' : 'asc')
    .limit(limit + 1)
    .execute();
  show(ctx, rows, limit);
};

/** What a list shows of a page: the covering index (namespace, title) has it all. */
const LIST_COLUMNS = ['page_id', 'page_namespace', 'page_title'] as const;

type Condition = [
  column: 'page_namespace' | 'page_title' | 'page_is_redirect' | 'page_len',
  op: '=' | '<=' | '>=' | '<',
  value: string | number,
];

type ListRow = { page_id: number; page_namespace: number; page_title: string };

/**
 * A page of rows (and one more, for the continuation) as generator pages or as the list. A
 * generator's rows hold PAGE_COLUMNS, whole page rows, so that the page set needs no second lookup.
 */
function show(ctx: Parameters<ModuleExecute>[0], rows: readonly ListRow[], limit: number): void {
  if (rows.length > limit) ctx.setContinue((rows[limit] as ListRow).page_title);
  if (ctx.generator) {
    ctx.generator.addPageRows(rows.slice(0, limit) as PageRow[]);
    return;
  }
  const out = ctx.result.list('p');
  for (const row of rows.slice(0, limit)) {
    const item = {
      pageid: row.page_id,
      ns: row.page_namespace,
      title: titleText(ctx.titles, row.page_namespace, row.page_title),
    };
    if (!ctx.result.fits(item)) {
      ctx.setContinue(row.page_title);
      break;
    }
    out.push(item);
  }
}
