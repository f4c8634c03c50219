import type { Kysely } from 'kysely';

/**
 * Chain ledgers (Litecoin Core, Bitcoin Core): merchants' account keys and the next address index,
 * required confirmations, payments that wait for confirmations or leave the chain, and the blocks
 * the watcher has followed (to notice a reorganisation by their hashes).
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('merchants').addColumn('account_key', 'text').execute();
  await db.schema
    .alterTable('merchants')
    .addColumn('next_address_index', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('merchants')
    .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // The highest address index that has received a payment: the gap limit counts from it.
  await db.schema
    .alterTable('merchants')
    .addColumn('used_address_index', 'integer', (c) => c.notNull().defaultTo(-1))
    .execute();

  await db.schema.alterTable('invoices').addColumn('address_index', 'integer').execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('confirmations_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('amount_pending', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Payments on a chain are matched by the invoice's own address.
  await db.schema.createIndex('invoices_recipient').on('invoices').column('recipient').execute();
  await db.schema
    .createIndex('invoices_merchant_address')
    .on('invoices')
    .columns(['merchant_id', 'address_index'])
    .execute();

  await db.schema.alterTable('ledger_payments').addColumn('block_height', 'bigint').execute();
  await db.schema.alterTable('ledger_payments').addColumn('block_hash', 'text').execute();
  // Payments read before this migration came from a ledger whose payments are final when read.
  await db.schema
    .alterTable('ledger_payments')
    .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('ledger_payments')
    .addColumn('confirmations_target', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('ledger_payments').addColumn('dropped_at', 'bigint').execute();
  await db.schema
    .createIndex('ledger_payments_block')
    .on('ledger_payments')
    .columns(['ledger', 'block_height'])
    .execute();

  await db.schema
    .createTable('chain_blocks')
    .addColumn('ledger', 'text', (c) => c.notNull())
    .addColumn('height', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_blocks_pk', ['ledger', 'height'])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('chain_blocks').execute();
  await db.schema.dropIndex('ledger_payments_block').execute();
  for (const column of ['dropped_at', 'confirmations_target', 'confirmations', 'block_hash', 'block_height']) {
    await db.schema.alterTable('ledger_payments').dropColumn(column).execute();
  }
  await db.schema.dropIndex('invoices_merchant_address').execute();
  await db.schema.dropIndex('invoices_recipient').execute();
  for (const column of ['amount_pending', 'confirmations_required', 'address_index']) {
    await db.schema.alterTable('invoices').dropColumn(column).execute();
  }
  for (const column of ['used_address_index', 'confirmations', 'next_address_index', 'account_key']) {
    await db.schema.alterTable('merchants').dropColumn(column).execute();
  }
}
