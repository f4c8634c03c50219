import { type Kysely, sql } from 'kysely';
import { isPostgres } from './columns.js';

/**
 * The full-text index of `list=search` (see `src/store/search-index.ts`): one entry per page,
 * its title (without the namespace) and its current text, each indexed on its own so that a
 * search can ask for titles only, as words; and what is needed to match the words' stems in the
 * wiki's language.
 *
 * SQLite: `searchindex` is a contentless FTS5 table of the words whose rowid is the page id, with
 * the page's namespace number as a word of its own column (so that a search counts its hits in a
 * set of namespaces from the index alone),
 * `searchindex_page` records which revision each entry was made from, and `searchindex_stem`
 * lists the indexed words by their stem (words that are their own stem are not listed), so that
 * a search by stems asks for every word of the stem (FTS5 has no German stemmer). PostgreSQL:
 * `searchindex` holds four `tsvector`s (title and text as words with the `simple` configuration,
 * and as stems with the configuration of the wiki's language) with a GIN index on each, and the
 * revision.
 */
export async function up(db: Kysely<any>) {
  if (isPostgres(db)) {
    await sql`create table searchindex (
      si_page integer primary key,
      si_latest integer not null,
      si_title tsvector not null,
      si_text tsvector not null,
      si_title_stems tsvector not null,
      si_text_stems tsvector not null
    )`.execute(db);
    for (const column of ['si_title', 'si_text', 'si_title_stems', 'si_text_stems']) {
      await sql`create index ${sql.id(`searchindex_${column.slice(3)}`)} on searchindex using gin (${sql.id(column)})`.execute(
        db,
      );
    }
    return;
  }
  await sql`create table searchindex_page (si_page integer primary key, si_latest integer not null)`.execute(db);
  await sql`create virtual table searchindex using fts5(
    si_title, si_text, si_namespace, content='', contentless_delete=1, tokenize='ascii'
  )`.execute(db);
  await sql`create table searchindex_stem (
    ss_stem text not null, ss_word text not null, primary key (ss_stem, ss_word)
  ) without rowid`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists searchindex`.execute(db);
  if (!isPostgres(db)) {
    await sql`drop table if exists searchindex_page`.execute(db);
    await sql`drop table if exists searchindex_stem`.execute(db);
  }
}
