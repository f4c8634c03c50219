import { apiError, badContinue } from '../../api/errors.js';
import { titleText } from '../../api/gender.js';
import { continueGiven, parseContinueValue } from '../../api/keyset.js';
import type { ContextOf, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';
import { assoc, type ResultObject } from '../../api/result/tree.js';
import { NS_CATEGORY } from '../../site/title.js';
import { warnWhileBuilding } from '../support/deferred-build-warning.js';
import { applied, type QueryPart, rowsOf } from '../support/query-parts.js';
import { titleOrPageId } from '../support/title-or-pageid.js';

/** `list=categorymembers`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'categorymembers',
  group: 'list',
  prefix: 'cm',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryCategoryMembers',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categorymembers',
  parameters: [
    { name: 'title', type: 'string' },
    { name: 'pageid', type: 'integer' },
    {
      name: 'prop',
      type: ['ids', 'sortkey', 'sortkeyprefix', 'timestamp', 'title', 'type'],
      default: 'ids|title',
      multi: true,
    },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'type', type: ['file', 'page', 'subcat'], default: 'page|subcat|file', multi: true },
    { name: 'continue', type: 'string' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'sort', type: ['sortkey', 'timestamp'], default: 'sortkey' },
    { name: 'dir', type: ['asc', 'desc', 'ascending', 'descending', 'newer', 'older'], default: 'ascending' },
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    { name: 'starthexsortkey', type: 'string' },
    { name: 'endhexsortkey', type: 'string' },
    { name: 'startsortkeyprefix', type: 'string' },
    { name: 'endsortkeyprefix', type: 'string' },
    { name: 'startsortkey', type: 'string', deprecated: true },
    { name: 'endsortkey', type: 'string', deprecated: true },
  ],
} as const satisfies ModuleDescriptor;

interface MemberRow {
  page_id: number;
  page_namespace: number;
  page_title: string;
  cl_from: number;
  cl_sortkey: string;
  cl_sortkey_prefix: string;
  cl_type: string;
  cl_timestamp: string;
}

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
const HEX = /^(?:[0-9a-fA-F]{2})*$/;
const unhex = (value: string) => Buffer.from(value, 'hex').toString('utf8');

type MembersContext = ContextOf<typeof descriptor>;
type ScanColumn = 'cl_timestamp' | 'cl_sortkey';

/**
 * The scans of one category's members: the common conditions (category, namespaces) with further
 * parts, compiled once per shape (columns, conditions, order) and run with each request's values.
 */
function memberScans(ctx: MembersContext, categoryKey: string, props: ReadonlySet<string>) {
  const p = ctx.params;
  const ascending = ['asc', 'ascending', 'newer'].includes(p.dir);
  const order = ascending ? 'asc' : 'desc';
  const namespaces = p.namespace;
  // The sort key index holds the type, sort key and page id: without the prefix and the timestamp,
  // the category's rows are read from the index alone.
  const columns: (keyof MemberRow)[] = ['page_id', 'page_namespace', 'page_title', 'cl_from', 'cl_sortkey', 'cl_type'];
  if (props.has('sortkeyprefix')) columns.push('cl_sortkey_prefix');
  if (props.has('timestamp') || p.sort === 'timestamp') columns.push('cl_timestamp');
  const { db } = ctx.store;
  const base = (d: typeof db) => d.selectFrom('categorylinks').innerJoin('page', 'page_id', 'cl_from').select(columns);
  type MemberQuery = ReturnType<typeof base>;
  const common: QueryPart<MemberQuery>[] = [
    { key: 'category', values: [categoryKey], apply: (q) => q.where('cl_to', '=', categoryKey) },
  ];
  if (namespaces !== undefined && namespaces.length > 0) {
    common.push({
      key: `namespaces${namespaces.length}`,
      values: namespaces,
      apply: (q) => q.where('page_namespace', 'in', namespaces),
    });
  }
  return {
    /** The rows of one scan: the common conditions and `parts`, in the order of `sort`, at most `count`. */
    scan: async (parts: QueryPart<MemberQuery>[], sort: ScanColumn, count: number): Promise<MemberRow[]> => {
      const all = [...common, ...parts];
      const build = (d: typeof db) => applied(all, base(d)).orderBy(sort, order).orderBy('cl_from', order).limit(count);
      return (await rowsOf(db, `categorymembers ${columns.join(',')} ${sort} ${order}`, all, build, {
        after: [count],
      })) as MemberRow[];
    },
    /** The rows from `start` to `end` of the order's column (either may be absent), and after `continued`. */
    range: (
      column: ScanColumn,
      start: string | undefined,
      end: string | undefined,
      continued: readonly [string, number] | undefined,
    ): QueryPart<MemberQuery>[] => {
      const [from, to] = ascending ? (['>=', '<='] as const) : (['<=', '>='] as const);
      const parts: QueryPart<MemberQuery>[] = [];
      if (continued !== undefined) {
        const [value, id] = continued;
        parts.push({
          key: 'continue',
          values: [value, id],
          apply: (q) => q.where((eb) => eb(eb.refTuple(column, 'cl_from'), from, eb.tuple(value, id))),
        });
      }
      if (start !== undefined)
        parts.push({ key: 'start', values: [start], apply: (q) => q.where(column, from, start) });
      if (end !== undefined) parts.push({ key: 'end', values: [end], apply: (q) => q.where(column, to, end) });
      return parts;
    },
    /** The `type` condition of a scan by sort key. */
    typeIs: (type: string): QueryPart<MemberQuery> => ({
      key: 'type',
      values: [type],
      apply: (q) => q.where('cl_type', '=', type),
    }),
  };
}

/** Up to `limit + 1` members: by timestamp one scan, by sort key one scan per type from the continued one. */
async function readMembers(ctx: MembersContext, scans: ReturnType<typeof memberScans>): Promise<MemberRow[]> {
  const p = ctx.params;
  const limit = p.limit;
  if (p.sort === 'timestamp') {
    const continued = p.continue === undefined ? undefined : parseContinueValue(p.continue, ['timestamp', 'int']);
    return scans.scan(scans.range('cl_timestamp', p.start, p.end, continued), 'cl_timestamp', limit + 1);
  }
  let types: string[] = p.type;
  let after: [string, number] | undefined;
  let start: string | undefined;
  let end: string | undefined;
  // An empty continue value and `0` count as none here, as in MediaWiki.
  if (continueGiven(p.continue)) {
    const [type, sortkey, from] = parseContinueValue(p.continue, ['string', 'string', 'phpint']);
    if (!HEX.test(sortkey)) throw badContinue();
    const index = types.indexOf(type);
    types = types.slice(index === -1 ? 0 : index);
    after = [unhex(sortkey), from];
  } else {
    start = sortKeyBound(ctx, 'start');
    end = sortKeyBound(ctx, 'end');
  }
  const rows: MemberRow[] = [];
  for (const [i, type] of types.entries()) {
    const parts = [scans.typeIs(type), ...scans.range('cl_sortkey', start, end, i === 0 ? after : undefined)];
    rows.push(...(await scans.scan(parts, 'cl_sortkey', limit + 1 - rows.length)));
    if (rows.length > limit) break;
  }
  return rows;
}

/**
 * Members of a category. By sort key: one range scan of `cl_sortkey` per member type, in the order
 * the types were asked for, continued by `type|hex sort key|page id`. By timestamp: one scan of
 * `cl_timestamp` over all types, continued by `timestamp|page id`.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  await warnWhileBuilding(ctx, 'links');
  const p = ctx.params;
  const category = await titleOrPageId(ctx, { pageMustBePossible: true });
  if (category.namespace !== NS_CATEGORY) throw apiError('invalidcategory', 'apierror-invalidcategory');
  const limit = p.limit;
  const props = new Set(p.prop);
  const rows = await readMembers(ctx, memberScans(ctx, category.dbKey, props));
  const continueOf = (next: MemberRow) =>
    p.sort === 'timestamp'
      ? `${next.cl_timestamp}|${next.cl_from}`
      : `${next.cl_type}|${hex(next.cl_sortkey)}|${next.cl_from}`;
  if (rows.length > limit) {
    const next = rows[limit];
    ctx.setContinue(continueOf(next));
    rows.length = limit;
  }
  if (ctx.generator) {
    ctx.generator.addPageIds(rows.map((r) => r.page_id));
    return;
  }
  const list = ctx.result.list('cm');
  for (const row of rows) {
    // An object even when no property was asked for (`{}`, not `[]`, in formatversion 1).
    const item: ResultObject = assoc({});
    if (props.has('ids')) item.pageid = row.page_id;
    if (props.has('title')) {
      item.ns = row.page_namespace;
      item.title = titleText(ctx.titles, row.page_namespace, row.page_title);
    }
    if (props.has('sortkey')) item.sortkey = hex(row.cl_sortkey);
    if (props.has('sortkeyprefix')) item.sortkeyprefix = row.cl_sortkey_prefix;
    if (props.has('type')) item.type = row.cl_type;
    if (props.has('timestamp')) item.timestamp = mwToIso(row.cl_timestamp);
    if (!ctx.result.fits(item)) {
      ctx.setContinue(continueOf(row));
      break;
    }
    list.push(item);
  }
};

/**
 * A bound of the sort key range: `<bound>sortkeyprefix` (made a sort key as the uppercase
 * collation makes one), else `<bound>hexsortkey`, else the deprecated raw `<bound>sortkey`.
 */
function sortKeyBound(ctx: MembersContext, bound: 'start' | 'end'): string | undefined {
  const prefix = ctx.params[`${bound}sortkeyprefix`];
  if (prefix !== undefined) return prefix.toUpperCase();
  const hexKey = ctx.params[`${bound}hexsortkey`];
  if (hexKey !== undefined) {
    const name = ctx.paramName(`${bound}hexsortkey`);
    if (!HEX.test(hexKey)) throw apiError(`badvalue_${name}`, 'apierror-badparameter', [name]);
    return unhex(hexKey);
  }
  return ctx.params[`${bound}sortkey`];
}
