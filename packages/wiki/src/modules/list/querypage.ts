import type { ExpressionBuilder } from 'kysely';
import { apiError } from '../../api/errors.js';
import { titleText } from '../../api/gender.js';
import type { ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';
import { list, type ResultObject } from '../../api/result/tree.js';
import { CACHED_PAGES } from '../../store/querycache.js';
import type { WikiDatabase } from '../../store/schema.js';

/** `list=querypage`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'querypage',
  group: 'list',
  prefix: 'qp',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryQueryPage',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Querypage',
  parameters: [
    {
      name: 'page',
      type: [
        'Ancientpages',
        'BrokenRedirects',
        'Deadendpages',
        'DoubleRedirects',
        'ListDuplicatedFiles',
        'Listredirects',
        'Lonelypages',
        'Longpages',
        'MediaStatistics',
        'Mostcategories',
        'Mostimages',
        'Mostinterwikis',
        'Mostlinkedcategories',
        'Mostlinkedtemplates',
        'Mostlinked',
        'Mostrevisions',
        'Fewestrevisions',
        'Shortpages',
        'Uncategorizedcategories',
        'Uncategorizedpages',
        'Uncategorizedimages',
        'Uncategorizedtemplates',
        'Unusedcategories',
        'Unusedimages',
        'Wantedcategories',
        'Wantedfiles',
        'Wantedpages',
        'Wantedtemplates',
        'Unwatchedpages',
        'Unusedtemplates',
        'Withoutinterwiki',
        'GadgetUsage',
      ],
      required: true,
    },
    { name: 'offset', type: 'integer', default: '0' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
  ],
} as const satisfies ModuleDescriptor;

/** Special pages whose results only some groups may see, with the right they need. */
const RESTRICTED: Record<string, string> = { Unwatchedpages: 'unwatchedpages' };

interface CachedRow {
  qc_value: number;
  qc_namespace: number;
  qc_title: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Unix seconds as a 14-digit timestamp. */
function mwTimestamp(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

/**
 * The results of a special page, read from the query cache the store fills when the wiki changes
 * (store/querycache.ts), in the page's order; continued by offset, as MediaWiki does.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const name = ctx.params.page;
  const right = RESTRICTED[name];
  if (right && !ctx.user.rights.has(right))
    throw apiError('specialpage-cantexecute', 'apierror-specialpage-cantexecute');
  const page = CACHED_PAGES[name];
  const limit = ctx.params.limit;
  // A negative offset reads from the first row, but the next offset counts from it as given
  // (qpoffset=-1 continues at 9), as MediaWiki's does.
  const offset = Math.max(0, ctx.params.offset);
  const counted = ctx.params.offset;
  const { db } = ctx.store;
  let rows: (CachedRow & { target?: { ns: number; title: string } })[];
  if (page?.order === 'target') {
    const found = await db
      .selectFrom('querycachetwo')
      .select(['qcc_value', 'qcc_namespace', 'qcc_title', 'qcc_namespacetwo', 'qcc_titletwo'])
      .where('qcc_type', '=', name)
      .orderBy('qcc_namespacetwo')
      .orderBy('qcc_titletwo')
      .orderBy('qcc_value')
      .limit(limit + 1)
      .offset(offset)
      .execute();
    rows = found.map((r) => ({
      qc_value: r.qcc_value,
      qc_namespace: r.qcc_namespace,
      qc_title: r.qcc_title,
      target: { ns: r.qcc_namespacetwo, title: r.qcc_titletwo },
    }));
  } else {
    let query = db
      .selectFrom('querycache')
      .select(['qc_value', 'qc_namespace', 'qc_title'])
      .where('qc_type', '=', name);
    if (page?.order === 'value-descending') query = query.orderBy('qc_value', 'desc');
    if (page?.order === 'value-ascending') query = query.orderBy('qc_value', 'asc');
    const ties = page?.ties;
    if (ties?.by === 'page') {
      query = query
        .leftJoin('page', (join) =>
          join.onRef('page_namespace', '=', 'qc_namespace').onRef('page_title', '=', 'qc_title'),
        )
        .orderBy('page_id', ties.direction);
    } else if (ties?.by === 'category') {
      query = query.leftJoin('category', 'cat_title', 'qc_title').orderBy('cat_id', ties.direction);
    }
    rows = await query
      .orderBy('qc_namespace')
      .orderBy('qc_title')
      .limit(limit + 1)
      .offset(offset)
      .execute();
  }
  if (rows.length > limit) {
    ctx.setContinue(counted + limit, 'offset');
    rows.length = limit;
  }
  if (ctx.generator) {
    // As a generator too, MediaWiki names the special page in a `querypage` block.
    ctx.generator.setQueryBlock(ctx.descriptor.name, { name });
    ctx.generator.addTitles(rows.map((r) => ({ namespace: r.qc_namespace, dbKey: r.qc_title })));
    return;
  }
  const details = await databaseResults(ctx, name, rows);
  const results = list<ResultObject>('page', []);
  for (const [index, row] of rows.entries()) {
    const item: ResultObject = {};
    const hasValue = page?.order === 'value-descending' || page?.order === 'value-ascending';
    if (hasValue) {
      item.value = page?.printedValue ?? (page?.timestamps ? mwTimestamp(row.qc_value) : String(row.qc_value));
      if (page?.timestamps) item.timestamp = mwToIso(mwTimestamp(row.qc_value));
    }
    item.ns = row.qc_namespace;
    item.title = titleText(ctx.titles, row.qc_namespace, row.qc_title);
    const extra = details.get(`${row.qc_namespace}|${row.qc_title}`);
    if (extra) item.databaseResult = extra;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(counted + index, 'offset');
      break;
    }
    results.push(item);
  }
  ctx.result.set(ctx.descriptor.name, { name, results });
};

/**
 * The extra columns MediaWiki's own queries of these pages return (`databaseResult`): where a
 * broken redirect or any redirect points, the two hops of a double redirect, whether a most-linked
 * page exists; looked up for the listed rows.
 */
async function databaseResults(
  ctx: Parameters<ModuleExecute>[0],
  name: string,
  rows: CachedRow[],
): Promise<Map<string, ResultObject>> {
  const out = new Map<string, ResultObject>();
  if (rows.length === 0) return out;
  const { db } = ctx.store;
  const byTitle = (eb: ExpressionBuilder<WikiDatabase, 'page'>, list: { ns: number; title: string }[]) =>
    eb.or(list.map((r) => eb.and([eb('page_namespace', '=', r.ns), eb('page_title', '=', r.title)])));
  const listed = rows.map((r) => ({ ns: r.qc_namespace, title: r.qc_title }));
  if (name === 'Mostlinked') {
    // The namespace of the linked page where it exists (as a string), else null.
    const found = await db
      .selectFrom('page')
      .select(['page_namespace', 'page_title'])
      .where((eb) => byTitle(eb, listed))
      .execute();
    const existing = new Set(found.map((r) => `${r.page_namespace}|${r.page_title}`));
    for (const r of rows) {
      const key = `${r.qc_namespace}|${r.qc_title}`;
      out.set(key, { page_namespace: existing.has(key) ? String(r.qc_namespace) : null });
    }
    return out;
  }
  if (name !== 'BrokenRedirects' && name !== 'DoubleRedirects' && name !== 'Listredirects') return out;
  const first = await db
    .selectFrom('page')
    .innerJoin('redirect', 'rd_from', 'page_id')
    .select(['page_namespace', 'page_title', 'rd_namespace', 'rd_title', 'rd_fragment', 'rd_interwiki'])
    .where((eb) => byTitle(eb, listed))
    .execute();
  if (name === 'Listredirects') {
    // Each redirect's target, with the id of the page of the target's namespace and title where it
    // exists (as a string, even for an interwiki target, as MediaWiki looks it up), else null.
    const local = first;
    const targets =
      local.length === 0
        ? []
        : await db
            .selectFrom('page')
            .select(['page_id', 'page_namespace', 'page_title'])
            .where((eb) =>
              byTitle(
                eb,
                local.map((r) => ({ ns: r.rd_namespace, title: r.rd_title })),
              ),
            )
            .execute();
    const ids = new Map(targets.map((t) => [`${t.page_namespace}|${t.page_title}`, t.page_id]));
    for (const r of first) {
      const id = ids.get(`${r.rd_namespace}|${r.rd_title}`);
      out.set(`${r.page_namespace}|${r.page_title}`, {
        rd_namespace: String(r.rd_namespace),
        rd_title: r.rd_title,
        rd_fragment: r.rd_fragment ?? '',
        rd_interwiki: r.rd_interwiki ?? '',
        redirid: id === undefined ? null : String(id),
      });
    }
    return out;
  }
  if (name === 'BrokenRedirects') {
    for (const r of first) {
      out.set(`${r.page_namespace}|${r.page_title}`, {
        rd_namespace: String(r.rd_namespace),
        rd_title: r.rd_title,
        rd_fragment: r.rd_fragment ?? '',
      });
    }
    return out;
  }
  const second =
    first.length === 0
      ? []
      : await db
          .selectFrom('page')
          .innerJoin('redirect', 'rd_from', 'page_id')
          .select(['page_namespace', 'page_title', 'rd_namespace', 'rd_title', 'rd_fragment', 'rd_interwiki'])
          .where((eb) =>
            eb.or(
              first.map((r) => eb.and([eb('page_namespace', '=', r.rd_namespace), eb('page_title', '=', r.rd_title)])),
            ),
          )
          .execute();
  const hops = new Map(second.map((r) => [`${r.page_namespace}|${r.page_title}`, r]));
  for (const a of first) {
    const b = hops.get(`${a.rd_namespace}|${a.rd_title}`);
    if (!b) continue;
    out.set(`${a.page_namespace}|${a.page_title}`, {
      b_namespace: String(a.rd_namespace),
      b_title: a.rd_title,
      b_fragment: a.rd_fragment ?? '',
      c_namespace: String(b.rd_namespace),
      c_title: b.rd_title,
      c_fragment: b.rd_fragment ?? '',
      c_interwiki: b.rd_interwiki ?? '',
    });
  }
  return out;
}

/** Who may keep the answer: only the caller for a special page that needs a right, else anyone. */
export const cacheMode: ModuleCacheMode<typeof descriptor> = (params) =>
  RESTRICTED[params.page] === undefined ? 'public' : 'private';
