import { precompiled } from '@svc/common';
import type { Compilable, Kysely } from 'kysely';

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

/** A query that can be ordered by columns and limited (Kysely's select builder). */
interface Orderable<Q> {
  orderBy(column: string, direction: 'asc' | 'desc'): Q;
  limit(limit: number): Q;
}

/**
 * A page of a list ordered by (`timestamp`, `id`), one row more than `limit` (for the
 * continuation): `base` with the parts applied, compiled once per shape unless a part's values
 * are not its own (`compiledEachTime`).
 */
export function rowsByTime<DB, Q extends Orderable<Q> & Compilable<unknown> & { execute(): Promise<unknown[]> }>(
  db: Kysely<DB>,
  name: string,
  parts: readonly QueryPart<Q>[],
  base: (db: Kysely<DB>) => Q,
  order: { timestamp: string; id: string; direction: 'asc' | 'desc'; limit: number; compiledEachTime: boolean },
): ReturnType<Q['execute']> {
  const { timestamp, id, direction, limit, compiledEachTime } = order;
  const build = (d: Kysely<DB>) =>
    applied(parts, base(d))
      .orderBy(timestamp, direction)
      .orderBy(id, direction)
      .limit(limit + 1);
  // The rows are the query's own: the one Kysely would give for `build(db).execute()`.
  return rowsOf(db, `${name} ${direction}`, parts, build, { compiledEachTime, after: [limit + 1] }) as ReturnType<
    Q['execute']
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
