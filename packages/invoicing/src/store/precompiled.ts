import { type Compilable, CompiledQuery } from 'kysely';
import type { InvoicingDb } from './database.js';

const sqlByDialect = new WeakMap<object, Map<string, string>>();

/**
 * A hot query compiled once per SQL dialect and then run with fresh parameters, skipping Kysely's
 * per-call building and compiling. `build` must place its parameters in the order of
 * `parameters` (e.g. an insert of a row object whose keys always come in the same order).
 */
export function precompiled<R>(
  db: InvoicingDb,
  name: string,
  build: (db: InvoicingDb) => Compilable<R>,
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
    if (compiled.parameters.length !== parameters.length) {
      throw new Error(
        `precompiled query ${name}: ${compiled.parameters.length} parameters, given ${parameters.length}`,
      );
    }
    text = compiled.sql;
    byName.set(name, text);
  }
  return CompiledQuery.raw(text, [...parameters]) as CompiledQuery<R>;
}
