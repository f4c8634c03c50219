import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('order_ref', 'text', (c) => c.notNull().unique())
    .addColumn('message', 'text', (c) => c.notNull().unique())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('priced_in', 'text', (c) => c.notNull())
    .addColumn('amount_coin', 'bigint', (c) => c.notNull())
    .addColumn('amount_eur', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'bigint', (c) => c.notNull())
    .addColumn('rate_source', 'text', (c) => c.notNull())
    .addColumn('rate_at', 'bigint', (c) => c.notNull())
    .addColumn('tolerance_bp', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('amount_paid', 'bigint', (c) => c.notNull())
    .addColumn('amount_paid_in_time', 'bigint', (c) => c.notNull())
    .addColumn('flag_partial', 'integer', (c) => c.notNull())
    .addColumn('flag_overpaid', 'integer', (c) => c.notNull())
    .addColumn('flag_late', 'integer', (c) => c.notNull())
    .execute();
  // The expiry scheduler looks for open invoices past their time; the portal lists a merchant's newest first.
  await db.schema.createIndex('invoices_status_expires').on('invoices').columns(['status', 'expires_at']).execute();
  await db.schema
    .createIndex('invoices_merchant_created')
    .on('invoices')
    .columns(['merchant_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('invoice_timeline')
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_timeline_pk', ['invoice_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('invoice_timeline').execute();
  await db.schema.dropTable('invoices').execute();
}
