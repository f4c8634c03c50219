import { type Kysely, sql } from 'kysely';
import { isPostgres } from './columns.js';

/**
 * The word count of each indexed page's text (PHP's `str_word_count`, which `list=search` reports
 * as `wordcount`), counted when the page is indexed so that a search does not read and count the
 * whole text of every hit. Entries made before this column stay null until their page is indexed
 * again; a search counts their words itself.
 */
export async function up(db: Kysely<any>) {
  const table = isPostgres(db) ? sql`searchindex` : sql`searchindex_page`;
  await sql`alter table ${table} add column si_wordcount integer`.execute(db);
}

export async function down(db: Kysely<any>) {
  const table = isPostgres(db) ? sql`searchindex` : sql`searchindex_page`;
  await sql`alter table ${table} drop column si_wordcount`.execute(db);
}
