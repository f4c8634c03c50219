import type { Kysely } from 'kysely';

/**
 * The link tables a deferred build of links expanded (`links`) replaces: those the import derived
 * from wikitext, not those it read from MediaWiki's SQL dumps (space-separated names).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('deferred_build')
    .addColumn('db_tables', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('deferred_build').dropColumn('db_tables').execute();
}
