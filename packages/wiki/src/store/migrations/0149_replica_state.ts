import type { Kysely } from 'kysely';
import { createTables, dropTables, type TableDef, text } from './columns.js';

/**
 * A live replica's state, stored with the data it describes (`src/import/mediawiki-api/`): the
 * source's address, how far the mirror came, and the follower's cursors in the source's recent
 * changes and log. A row is written in the same transaction as the change it records.
 */
export const tables: TableDef[] = [
  {
    name: 'replica_state',
    columns: [text('rs_name'), text('rs_value', '')],
    primaryKey: ['rs_name'],
  },
];

export async function up(db: Kysely<any>) {
  await createTables(db, tables);
}

export async function down(db: Kysely<any>) {
  await dropTables(db, tables);
}
