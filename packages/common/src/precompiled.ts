import { isDeepStrictEqual } from 'node:util';
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';

const sqlByDialect = new WeakMap<object, Map<string, string>>();

/**
 * Under node's test runner every call compiles its query again and compares it with the text kept
 * under its name: two shapes that share a name (a condition left out of the name) fail the tests
 * instead of running one shape's SQL with the other's values.
 */
let checkEveryCall = process.env.NODE_TEST_CONTEXT !== undefined || process.env.SVC_CHECK_PRECOMPILED === '1';

/** Turns the check of every call on or off (on by default under the test runner); answers the previous setting. */
export function checkPrecompiledShapes(on: boolean): boolean {
  const before = checkEveryCall;
  checkEveryCall = on;
  return before;
}

/**
 * A hot query compiled once per SQL dialect and then run with fresh parameters, skipping Kysely's
 * building and compiling on every call (about 10 µs for a select with a few conditions). `name`
 * stands for the query's shape: every query built under one name must compile to the same SQL.
 * `build` is called on the first use of a name only and must use the values of `parameters`, in
 * their order; that first compilation checks that its parameters are these, so a shape whose
 * values come in another order than the SQL's fails at once instead of running with them mixed up.
 */
export function precompiled<DB, R>(
  db: Kysely<DB>,
  name: string,
  build: (db: Kysely<DB>) => Compilable<R>,
  parameters: readonly unknown[],
): CompiledQuery<R> {
  const dialect = db.getExecutor().adapter.constructor;
  let byName = sqlByDialect.get(dialect);
  if (!byName) {
    byName = new Map();
    sqlByDialect.set(dialect, byName);
  }
  let text = byName.get(name);
  if (text === undefined) {
    const compiled = build(db).compile();
    if (!isDeepStrictEqual([...compiled.parameters], [...parameters])) {
      throw new Error(
        `precompiled query ${name}: compiled with ${compiled.parameters.length} parameters other than the ${parameters.length} given`,
      );
    }
    text = compiled.sql;
    byName.set(name, text);
  } else if (checkEveryCall) {
    const again = build(db).compile();
    if (again.sql !== text || !isDeepStrictEqual([...again.parameters], [...parameters])) {
      throw new Error(
        `precompiled query ${name}: this call's query differs from the one first compiled under its name`,
      );
    }
  }
  return CompiledQuery.raw(text, [...parameters]) as CompiledQuery<R>;
}
