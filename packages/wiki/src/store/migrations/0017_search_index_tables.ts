import { type Kysely, sql } from 'kysely';
import { isPostgres } from './columns.js';

/**
 * SQLite: the search index's words in two FTS5 tables, `searchindex` for the pages' texts and
 * `searchindex_title` for their titles, each text and title followed by the page's namespace word
 * (see `src/store/search-text.ts`), in place of one table of three columns. A search then asks one
 * table for its words and namespaces without a filter by column: with one, FTS5 read every place
 * of a word in every page that has it (a text search for `the` on 100,000 generated pages took
 * 35 ms for the text column against 8 ms for the word anywhere).
 *
 * A contentless index cannot be read back, so the pages are indexed again (about 25 s
 * for 10,000 pages of 28 KB on two cores, so minutes for a large wiki); a store without pages has
 * nothing to index.
 * PostgreSQL keeps its own layout (a `tsvector` a column, each with its own index).
 */
export async function up(db: Kysely<any>) {
  if (isPostgres(db)) return;
  await sql`drop table searchindex`.execute(db);
  await createTables(db);
  await sql`delete from searchindex_page`.execute(db);
  await sql`delete from searchindex_stem`.execute(db);
  // The pages are indexed again by the store's own code once the migrations ran
  // (store/after-migrations.ts): a migration imports none of it.
}

/** SQLite: the two tables of words. */
async function createTables(db: Kysely<any>) {
  await sql`create virtual table searchindex using fts5(
    si_text, content='', contentless_delete=1, tokenize='ascii'
  )`.execute(db);
  await sql`create virtual table searchindex_title using fts5(
    si_title, content='', contentless_delete=1, tokenize='ascii'
  )`.execute(db);
}

export async function down(db: Kysely<any>) {
  if (isPostgres(db)) return;
  await sql`drop table searchindex`.execute(db);
  await sql`drop table searchindex_title`.execute(db);
  await sql`create virtual table searchindex using fts5(
    si_title, si_text, si_namespace, content='', contentless_delete=1, tokenize='ascii'
  )`.execute(db);
  // The entries are gone: the next refresh indexes every page again.
  await sql`delete from searchindex_page`.execute(db);
  await sql`delete from searchindex_stem`.execute(db);
}
