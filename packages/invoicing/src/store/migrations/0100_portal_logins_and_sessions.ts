import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('merchant_logins')
    .addColumn('merchant_id', 'text', (c) => c.primaryKey().references('merchants.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('portal_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_sessions_merchant').on('portal_sessions').column('merchant_id').execute();
  await db.schema.createIndex('portal_sessions_expires').on('portal_sessions').column('expires_at').execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('portal_sessions').execute();
  await db.schema.dropTable('merchant_logins').execute();
}
