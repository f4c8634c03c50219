import type { Kysely } from 'kysely';

/**
 * A merchant's invoices in the list's own order (newest first, then by id), so a page is read
 * from the index in order instead of sorted in a temporary tree: the index it replaces ended at
 * `created_at`, and sorting its rows by `id` as well took most of a list request's query time.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex('invoices_merchant_created_id')
    .on('invoices')
    .columns(['merchant_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('invoices_merchant_created').execute();
}

export async function down(db: Kysely<any>) {
  await db.schema
    .createIndex('invoices_merchant_created')
    .on('invoices')
    .columns(['merchant_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('invoices_merchant_created_id').execute();
}
