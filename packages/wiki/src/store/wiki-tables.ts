import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';
import { tables } from './migrations/0001_wiki_store.js';
import { tables as sessionTables } from './migrations/0002_sessions.js';
import { tables as linterTables } from './migrations/0014_linter.js';
import { tables as deferredTables } from './migrations/0100_deferred_builds.js';
import { tables as replicaTables } from './migrations/0149_replica_state.js';
import { tables as messageTables } from './migrations/0150_message_catalogue.js';
import { tables as languageTables } from './migrations/0151_language_data.js';
import type { TableDef } from './migrations/columns.js';

/** Every table of the wiki store with its columns, as the migrations created them. */
export const wikiTables: readonly TableDef[] = tables;

export function wikiTable(name: string): TableDef {
  const table = [...tables, ...messageTables, ...languageTables].find((t) => t.name === name);
  if (!table) throw new Error(`the wiki store has no table ${name}`);
  return table;
}

/**
 * Empties every table of the store, in the caller's transaction: an import that replaces the wiki
 * starts from nothing, and a failure rolls the emptying back with the rest.
 */
export async function clearWiki(db: Kysely<any>): Promise<void> {
  // Sessions name user ids of the wiki being replaced: they end with it.
  const all = [...tables, ...sessionTables, ...linterTables, ...deferredTables, ...replicaTables];
  if (isPostgres(db)) {
    await sql`truncate table ${sql.join(all.map((t) => sql.table(t.name)))}`.execute(db);
    return;
  }
  for (const table of all) await db.deleteFrom(table.name).execute();
}
