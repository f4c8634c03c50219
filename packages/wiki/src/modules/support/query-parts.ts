import { precompiled } from '@svc/common';
import { type Compilable, type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { rowsCanBeKept } from '../../store/cache-toolkit.js';
import type { WikiStore } from '../../store/database.js';
import { keptRows, oneOfIds } from '../../store/row-cache.js';

/**
 * A query made of named conditions, for the lists whose queries take many optional filters: each
 * condition carries its part of the query's shape and its values in SQL order, so that the query
 * can be compiled once per shape (`precompiled` of the common package) and run with each
 * request's values.
 */
export interface QueryPart<Q> {
  /** The condition's part of the shape's name (what it adds to the SQL, not its values). */
  key: string;
  /** The values it binds, in the order its SQL holds them. */
  values: unknown[];
  apply: (query: Q) => Q;
  /**
   * Whether the condition reads columns of tables the list joins to its own (see `TimeOrder`'s
   * `idsFrom`). A condition that reads them without saying so fails on an unknown column.
   */
  joined?: boolean;
}

/**
 * The rows of a query made of parts: compiled once per shape, or (`compiledEachTime`, for a
 * condition whose values are not among the parts') built and compiled for this call alone.
 * `build` makes the whole query, parts applied, and `after` are the values its SQL binds after
 * theirs (a LIMIT).
 */
export async function rowsOf<DB, R>(
  db: Kysely<DB>,
  name: string,
  parts: readonly Pick<QueryPart<unknown>, 'key' | 'values'>[],
  build: (db: Kysely<DB>) => Compilable<R> & { execute(): Promise<R[]> },
  { compiledEachTime = false, after = [] as unknown[] } = {},
): Promise<R[]> {
  if (compiledEachTime) return build(db).execute();
  return (await db.executeQuery(precompiled(db, shapeOf(name, parts), build, valuesOf(parts, ...after)))).rows;
}

/** A query that can be ordered by columns and limited, and its selection replaced (Kysely's select builder). */
interface Orderable<Q> {
  orderBy(column: string, direction: 'asc' | 'desc'): Q;
  limit(limit: number): Q;
  where(condition: Expression<SqlBool>): Q;
  clearSelect(): { select(selection: unknown): unknown };
}

export interface TimeOrder {
  timestamp: string;
  id: string;
  direction: 'asc' | 'desc';
  limit: number;
  compiledEachTime: boolean;
  /**
   * The store whose rows this list keeps between requests (`store/row-cache.ts`, where
   * `rowsCanBeKept`):
   * the page's ids are read by the list's index and the rows of those not kept by id. Its id
   * must be the rows' primary key, and `name` must stand for one set of columns.
   */
  keepRowsOf?: WikiStore;
  /**
   * The list's own table alone, for the ids of a kept-rows list (`keepRowsOf`) when none of the
   * parts reads a joined table (`joined`): an inner join the base makes for the rows' columns
   * (the performer's actor) costs a lookup for every row, and makes SQLite read each row of the
   * table instead of the index alone (51 log entries: about 15 µs with the join, 6 without). The
   * join cannot drop an id in a sound store (every row has its actor); if an id has no row in the
   * joined query all the same, the page is read by the whole query instead.
   */
  idsFrom?: (db: never) => unknown;
}

/**
 * A page of a list ordered by (`timestamp`, `id`), one row more than `limit` (for the
 * continuation): `base` with the parts applied, compiled once per shape unless a part's values
 * are not its own (`compiledEachTime`).
 */
export async function rowsByTime<DB, Q extends Orderable<Q> & Compilable<unknown> & { execute(): Promise<unknown[]> }>(
  db: Kysely<DB>,
  name: string,
  parts: readonly QueryPart<Q>[],
  base: (db: Kysely<DB>) => Q,
  order: TimeOrder,
): Promise<Awaited<ReturnType<Q['execute']>>> {
  type Row = Awaited<ReturnType<Q['execute']>>[number];
  const { timestamp, id, direction, limit, compiledEachTime, keepRowsOf, idsFrom } = order;
  const ordered = (q: Q) =>
    q
      .orderBy(timestamp, direction)
      .orderBy(id, direction)
      .limit(limit + 1);
  const build = (d: Kysely<DB>) => ordered(applied(parts, base(d)));
  if (keepRowsOf && rowsCanBeKept(keepRowsOf) && !compiledEachTime) {
    // The same query for the ids alone, then the rows not kept, by id.
    const alone = idsFrom !== undefined && parts.every((part) => !part.joined);
    const from = (d: Kysely<DB>) => (alone ? (idsFrom(d as never) as Q) : base(d));
    const idsOnly = (d: Kysely<DB>) =>
      ordered(applied(parts, from(d)))
        .clearSelect()
        .select(sql.ref(id).as('id')) as unknown as Compilable<{ id: number }> & {
        execute(): Promise<{ id: number }[]>;
      };
    const ids = await rowsOf(db, `${name} ${direction} ids${alone ? ' alone' : ''}`, parts, idsOnly, {
      after: [limit + 1],
    });
    const kept = await keptRows<Row & object>(
      keepRowsOf,
      name,
      ids.map((row) => row.id),
      (row) => (row as Record<string, number>)[id.slice(id.lastIndexOf('.') + 1)] as number,
      async (missing) => {
        const { condition, value } = oneOfIds(db, id, missing);
        const query = precompiled(db, `${name} by ids`, (d) => base(d).where(condition), [value]);
        return (await db.executeQuery(query)).rows as (Row & object)[];
      },
    );
    // An id without its row (gone meanwhile, or dropped by a join of the whole query): the page
    // is the whole query's.
    if (kept && kept.length === ids.length) return kept as Awaited<ReturnType<Q['execute']>>;
  }
  // The rows are the query's own: the one Kysely would give for `build(db).execute()`.
  return rowsOf(db, `${name} ${direction}`, parts, build, { compiledEachTime, after: [limit + 1] }) as Promise<
    Awaited<ReturnType<Q['execute']>>
  >;
}

/** The query with its parts' conditions added, in order. */
export function applied<Q>(parts: readonly QueryPart<Q>[], base: Q): Q {
  return parts.reduce((query, part) => part.apply(query), base);
}

/** The shape's name: the query's own name and the keys of its conditions. */
function shapeOf(name: string, parts: readonly Pick<QueryPart<unknown>, 'key'>[]): string {
  return `${name} ${parts.map((part) => part.key).join(' ')}`;
}

/** The values of the conditions and then `after` (a LIMIT), in SQL order. */
function valuesOf(parts: readonly Pick<QueryPart<unknown>, 'values'>[], ...after: unknown[]): unknown[] {
  return [...parts.flatMap((part) => part.values), ...after];
}
