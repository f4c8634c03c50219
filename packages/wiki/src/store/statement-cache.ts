import type SQLite from 'better-sqlite3';

/**
 * Keeps better-sqlite3's prepared statements by SQL text, so a query the API runs on every request
 * is compiled by SQLite once rather than per request (Kysely's SQLite driver prepares each time).
 * Statements are only ever run to completion synchronously, so sharing one is safe.
 */
export function cachePreparedStatements(sqlite: SQLite.Database, maxEntries = 500): void {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement === undefined) {
      statement = prepare(source);
      // Queries built with many IN values vary in text; the oldest entries make room for them.
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
}
