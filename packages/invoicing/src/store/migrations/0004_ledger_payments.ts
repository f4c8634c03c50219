import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>) {
  // The primary key is what makes a ledger payment count once, whatever the watcher does.
  await db.schema
    .createTable('ledger_payments')
    .addColumn('ledger', 'text', (c) => c.notNull())
    .addColumn('tx_id', 'text', (c) => c.notNull())
    .addColumn('op_index', 'integer', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('memo', 'text')
    .addColumn('ledger_time', 'bigint', (c) => c.notNull())
    .addColumn('invoice_id', 'text', (c) => c.references('invoices.id'))
    .addColumn('unmatched_reason', 'text')
    .addColumn('late', 'integer', (c) => c.notNull())
    .addColumn('recorded_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_payments_pk', ['ledger', 'tx_id', 'op_index'])
    .execute();
  await db.schema.createIndex('ledger_payments_invoice').on('ledger_payments').column('invoice_id').execute();
  await db.schema
    .createIndex('ledger_payments_address')
    .on('ledger_payments')
    .columns(['to_address', 'recorded_at'])
    .execute();

  await db.schema
    .createTable('ledger_cursors')
    .addColumn('ledger', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('cursor', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_cursors_pk', ['ledger', 'address'])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('ledger_cursors').execute();
  await db.schema.dropTable('ledger_payments').execute();
}
