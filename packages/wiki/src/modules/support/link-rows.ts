/**
 * The shared query of prop modules that list rows of a link table per page of the page set
 * (links, templates, categories, images, langlinks, iwlinks, extlinks) or per target of it
 * (linkshere, transcludedin, fileusage, redirects): one indexed range scan over all the pages at
 * once, ordered by the page column and then the row's key columns, resumed by a keyset
 * `<prefix>continue` value made of those same columns, as MediaWiki writes it.
 */
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { type ContinueField, parseContinueValue } from '../../api/keyset.js';
import type { ModuleContext } from '../../api/module.js';

// The link tables differ only in their column names, so this query is built over names given as data.
type AnyQuery = SelectQueryBuilder<any, any, Record<string, any>>;
type AnyBuilder = ExpressionBuilder<any, any>;

export interface SortColumn {
  column: string;
  kind: ContinueField;
}

export interface LinkRowsQuery {
  table: string;
  /** The sort columns, in order; also the parts of the continue value. */
  sort: readonly SortColumn[];
  /** Columns to read besides the sort columns. */
  columns?: readonly string[];
  /** Restricts the scan (the pages, filters). */
  where: (query: AnyQuery) => AnyQuery;
  limit: number;
  descending?: boolean;
}

/** `(a, b, c) >= (x, y, z)` (or `<=`) spelled out so that both engines use the index. */
function keysetCondition(
  eb: AnyBuilder,
  sort: readonly SortColumn[],
  values: readonly (string | number)[],
  descending: boolean,
): Expression<SqlBool> {
  const strict = descending ? '<' : '>';
  const inclusive = descending ? '<=' : '>=';
  let condition = eb(sort[sort.length - 1].column, inclusive, values[sort.length - 1]);
  for (let i = sort.length - 2; i >= 0; i--) {
    condition = eb.or([eb(sort[i].column, strict, values[i]), eb.and([eb(sort[i].column, '=', values[i]), condition])]);
  }
  return condition;
}

export type LinkRow = Record<string, string | number | null>;

/** The rows read, and the continue value that starts at one of them (when the answer is full). */
export type LinkRows = LinkRow[] & { continueAt(row: LinkRow): string };

/**
 * Reads up to `limit` rows; when more exist, sets the module's continue value from the first row
 * left out. The module's `continue` parameter, when present, is checked and applied.
 */
export async function linkRows(ctx: ModuleContext<{ continue?: string }>, spec: LinkRowsQuery): Promise<LinkRows> {
  const db = ctx.store.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const sortColumns = spec.sort.map((s) => s.column);
  const columns = [...new Set([...sortColumns, ...(spec.columns ?? [])])];
  let query = spec.where(db.selectFrom(spec.table).select(columns.map((c) => sql.ref(c).as(c))) as AnyQuery);
  const raw = ctx.params.continue;
  if (raw !== undefined) {
    const values = parseContinueValue(
      raw,
      spec.sort.map((s) => s.kind),
    ) as (string | number)[];
    query = query.where((eb) => keysetCondition(eb, spec.sort, values, spec.descending ?? false));
  }
  for (const column of sortColumns) query = query.orderBy(column, spec.descending ? 'desc' : 'asc');
  const rows = (await query.limit(spec.limit + 1).execute()) as LinkRow[];
  const continueAt = (row: LinkRow) => sortColumns.map((c) => String(row[c])).join('|');
  if (rows.length > spec.limit) {
    ctx.setContinue(continueAt(rows[spec.limit]));
    rows.length = spec.limit;
  }
  return Object.assign(rows, { continueAt });
}

/** The ids of the page set's existing pages, ascending. */
export function pageIds(ctx: ModuleContext): number[] {
  return ctx.pages.goodPages().map((p) => p.pageid);
}
