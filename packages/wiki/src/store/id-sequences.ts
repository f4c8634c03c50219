import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';
import { tables } from './migrations/0001_wiki_store.js';

/** Every table whose primary key the store can generate, with that column. */
export const generatedIdColumns: ReadonlyArray<{ table: string; column: string }> = tables.flatMap((t) =>
  t.columns.filter((c) => c.kind === 'id').map((c) => ({ table: t.name, column: c.name })),
);

/**
 * After rows were written with their own ids (MediaWiki's page, revision, log ids...), moves
 * PostgreSQL's identity sequences past the largest id so that generated ids do not collide.
 * SQLite needs nothing: a rowid alias continues after the largest id by itself.
 */
export async function syncIdSequences(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { table, column } of generatedIdColumns) {
    await sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}
