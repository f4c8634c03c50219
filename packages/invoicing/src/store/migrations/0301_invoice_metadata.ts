import type { Kysely } from 'kysely';

/** The merchant's own metadata of an invoice (a JSON object, at most 4 KiB), shown to the merchant only. */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('invoices').addColumn('metadata', 'text').execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('invoices').dropColumn('metadata').execute();
}
