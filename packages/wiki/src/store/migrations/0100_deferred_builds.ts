import type { Kysely } from 'kysely';
import { createTables, dropTables, int, type TableDef, text } from './columns.js';

/**
 * What an import left to be built after it (`src/store/deferred-builds.ts`): the search index and
 * the lint errors, one row each while they are being built, with how far the build has come.
 */
export const tables: TableDef[] = [
  {
    name: 'deferred_build',
    columns: [text('db_kind'), int('db_total', 0), int('db_done', 0), int('db_after', 0), text('db_started', '')],
    primaryKey: ['db_kind'],
  },
];

export async function up(db: Kysely<any>) {
  await createTables(db, tables);
}

export async function down(db: Kysely<any>) {
  await dropTables(db, tables);
}
