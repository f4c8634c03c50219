import type { Kysely } from 'kysely';

/** A counter bumped by every change of an invoice, so a cached view can be checked with one lookup. */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('invoices')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('invoices').dropColumn('version').execute();
}
