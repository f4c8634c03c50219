import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';
import type { ColumnKind } from './migrations/columns.js';
import { wikiTable } from './wiki-tables.js';

/** Rows per INSERT on SQLite: well under its limit of bound parameters. */
const sqliteParameters = 20_000;
const sqliteMaxRows = 500;

const arrayType: Record<ColumnKind, string> = {
  id: 'integer[]',
  int: 'integer[]',
  text: 'text[]',
  float: 'double precision[]',
};

/**
 * Writes many rows into a store table, as fast as each engine allows: on PostgreSQL one statement
 * per call, the values passed as one array per column (`unnest`), so that a batch of thousands of
 * rows costs one parse and a handful of parameters; on SQLite multi-row INSERTs within its limit
 * of parameters. Every row must have every column of the table (null where the column allows).
 */
export async function insertRows(db: Kysely<any>, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = wikiTable(table).columns;
  if (isPostgres(db)) {
    const arrays = columns.map((c) => sql`${rows.map((r) => r[c.name] ?? null)}::${sql.raw(arrayType[c.kind])}`);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c.name)))}) select * from unnest(${sql.join(arrays)})`.execute(
      db,
    );
    return;
  }
  const chunk = Math.max(1, Math.min(sqliteMaxRows, Math.floor(sqliteParameters / columns.length)));
  for (let start = 0; start < rows.length; start += chunk) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + chunk))
      .execute();
  }
}
