/**
 * What alllinks, alltransclusions, allfileusages and allredirects share: the targets of one link
 * table in one namespace, in title order. Every link is listed (`title|from id` continuation), or
 * with `unique` every distinct target once (`title` continuation), stepping from one target to the
 * next with one index lookup each, however many links share a target.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { apiError } from '../../api/errors.js';
import { parseContinueValue, prefixUpperBound, titlePartToKey } from '../../api/keyset.js';
import type { ModuleContext } from '../../api/module.js';
import { assoc, type ResultObject } from '../../api/result/tree.js';
import { warnWhileBuilding } from './deferred-build-warning.js';

/** What the four modules' parameters share; allfileusages has no `namespace` (its targets are files). */
type AllLinksParams = {
  continue?: string;
  from?: string;
  to?: string;
  prefix?: string;
  unique: boolean;
  prop: string[];
  namespace?: number;
  limit: number;
  dir: string;
};

export interface LinkTargets {
  table: 'pagelinks' | 'templatelinks' | 'imagelinks' | 'redirect';
  from: string;
  /** The target namespace column; imagelinks has none (always files). */
  namespace: string | undefined;
  title: string;
  /** Namespace of the targets when the table has no namespace column. */
  fixedNamespace?: number;
  /** Extra columns shown by `prop` values of the same name (`fragment`, `interwiki` of redirects). */
  extraProps?: Record<string, string>;
  /** The XML element of an item. */
  element: string;
}

interface LinkRow {
  title: string;
  from: number;
  [extra: string]: string | number | null;
}

export async function listAllLinks(ctx: ModuleContext<AllLinksParams>, links: LinkTargets): Promise<void> {
  if (links.table !== 'redirect') await warnWhileBuilding(ctx, 'links');
  const p = ctx.params;
  const prop = new Set(p.prop);
  const unique = p.unique === true;
  const namespace = links.namespace && p.namespace !== undefined ? p.namespace : (links.fixedNamespace as number);
  const limit = p.limit;
  const descending = p.dir === 'descending';
  const extraProps = Object.keys(links.extraProps ?? {});
  if (unique) {
    // The clashing values in the order sent, named as one value of the module's own parameter.
    const clashing = new Set(['ids', ...extraProps]);
    const clash = [...prop].filter((name) => clashing.has(name));
    if (clash.length > 0) {
      throw apiError('invalidparammix', 'apierror-invalidparammix-cannotusewith', [
        `${ctx.ownParamName('prop')}=${clash.join('|')}`,
        ctx.ownParamName('unique'),
      ]);
    }
  }
  let after: readonly [string, number] | undefined;
  if (p.continue !== undefined) {
    after = unique
      ? [parseContinueValue(p.continue, ['string'])[0], 0]
      : parseContinueValue(p.continue, ['string', 'phpint']);
  }
  // The continue value is read first, and stands in for `from` (which is then not read at all).
  const key = (part: string) => titlePartToKey(ctx.titles, part, namespace);
  const from = p.from === undefined || after !== undefined ? undefined : key(p.from);
  const to = p.to === undefined ? undefined : key(p.to);
  const prefix = p.prefix === undefined ? undefined : key(p.prefix);

  const t = (column: string) => sql.ref(`${links.table}.${column}`);
  const namespaceBound: RawBuilder<unknown>[] = [];
  if (links.namespace) namespaceBound.push(sql`${t(links.namespace)} = ${namespace}`);
  // `from` is the lowest title and `to` the highest in either direction, as MediaWiki 1.39 reads
  // them; a continuation replaces `from`.
  const lower: RawBuilder<unknown>[] = [];
  const upper: RawBuilder<unknown>[] = [];
  if (from !== undefined && after === undefined) lower.push(sql`${t(links.title)} >= ${from}`);
  if (to !== undefined) upper.push(sql`${t(links.title)} <= ${to}`);
  // Continuation goes on in the direction of the list.
  const low = descending ? '<=' : '>=';
  if (prefix !== undefined) {
    lower.push(sql`${t(links.title)} >= ${prefix}`);
    upper.push(sql`${t(links.title)} < ${prefixUpperBound(prefix)}`);
  }
  const bounds = [...namespaceBound, ...lower, ...upper];
  const where = (extra: RawBuilder<unknown>[], all = bounds) => {
    const conditions = [...all, ...extra];
    return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`1 = 1`;
  };
  const db = ctx.store.db as unknown as Kysely<any>;
  const order = sql.raw(descending ? 'desc' : 'asc');

  let rows: LinkRow[];
  if (unique) {
    // One index lookup per distinct target: the next title after the previous one.
    const step = sql.raw(descending ? 'max' : 'min');
    const start = after ? [sql`${t(links.title)} ${sql.raw(low)} ${after[0]}`] : [];
    const next = sql`${t(links.title)} ${sql.raw(descending ? '<' : '>')} v.x`;
    // Each step is bounded by the previous title on one side and by the bounds ahead on the other:
    // those behind it hold already, and a second bound on the same side would let SQLite's planner
    // take the fixed one for its index range, reading from there at every step.
    const ahead = [...namespaceBound, ...(descending ? lower : upper)];
    const result = await sql<{ x: string }>`with recursive v(x) as (
        select ${step}(${t(links.title)}) from ${sql.table(links.table)} where ${where(start)}
        union all
        select (select ${step}(${t(links.title)}) from ${sql.table(links.table)} where ${where([next], ahead)})
        from v where v.x is not null)
      select x from v where x is not null limit ${limit + 1}`.execute(db);
    rows = result.rows.map((r) => ({ title: r.x, from: 0 }));
  } else {
    const start = after ? [sql`(${t(links.title)}, ${t(links.from)}) ${sql.raw(low)} (${after[0]}, ${after[1]})`] : [];
    const extras = Object.values(links.extraProps ?? {}).map((column) => sql`${t(column)} as ${sql.ref(column)}`);
    const result = await sql<LinkRow>`select ${t(links.title)} as title, ${t(links.from)} as ${sql.ref('from')}${
      extras.length > 0 ? sql`, ${sql.join(extras)}` : sql``
    } from ${sql.table(links.table)} where ${where(start)}
      order by ${t(links.title)} ${order}, ${t(links.from)} ${order} limit ${limit + 1}`.execute(db);
    rows = result.rows;
  }

  if (rows.length > limit) {
    const next = rows[limit];
    ctx.setContinue(unique ? next.title : `${next.title}|${next.from}`);
    rows.length = limit;
  }
  if (ctx.generator) {
    if (unique) ctx.generator.addTitles(rows.map((r) => ({ namespace, dbKey: r.title })));
    else ctx.generator.addPageIds([...new Set(rows.map((r) => Number(r.from)))], 'byId');
    return;
  }
  const list = ctx.result.list(links.element);
  for (const row of rows) {
    // A map even with no property asked for (formatversion 1 prints `{}`, as MediaWiki does).
    const item: ResultObject = assoc({});
    if (prop.has('ids') && !unique) item.fromid = Number(row.from);
    if (prop.has('title')) {
      item.ns = namespace;
      item.title = ctx.titles.prefixedText({ namespace, dbKey: row.title, interwiki: '' });
    }
    for (const [name, column] of Object.entries(links.extraProps ?? {})) {
      const value = row[column];
      if (prop.has(name) && value !== null && value !== '') item[name] = value;
    }
    if (!ctx.result.fits(item)) {
      ctx.setContinue(unique ? row.title : `${row.title}|${row.from}`);
      break;
    }
    list.push(item);
  }
}
