/**
 * The interface messages of the wiki's software, read from the source wiki (`wiki messages`,
 * `wiki mirror`) and stored with the wiki: per language, every key with the text the software
 * ships. Reading the whole catalogue of a language takes one query; the API keeps it in memory
 * (`api/messages/catalogue.ts`) and reloads it when a language's row says it was read again.
 */
import { sql } from 'kysely';
import { insertRows } from './bulk-insert.js';
import type { WikiStore } from './database.js';
import { isPostgres } from './dialect.js';

/** Where and when a language's texts were read, and how many there are. */
export interface MessageLanguageRow {
  lang: string;
  /** The api.php the texts were read from. */
  source: string;
  /** The source's software and version (`MediaWiki 1.39.10`): another version may ship other texts. */
  software: string;
  /** When they were read (ISO 8601). */
  fetched: string;
  count: number;
}

/** The stored languages, in code order. */
export async function storedMessageLanguages(store: WikiStore): Promise<MessageLanguageRow[]> {
  const rows = await store.db.selectFrom('message_language').selectAll().orderBy('ml_lang').execute();
  return rows.map((r) => ({
    lang: r.ml_lang,
    source: r.ml_source,
    software: r.ml_software,
    fetched: r.ml_fetched,
    count: Number(r.ml_count),
  }));
}

/** Every stored text of a language, by key. */
export async function readMessageTexts(store: WikiStore, lang: string): Promise<Map<string, string>> {
  const rows = await store.db
    .selectFrom('message_text')
    .select(['mt_key', 'mt_text'])
    .where('mt_lang', '=', lang)
    .execute();
  return new Map(rows.map((r) => [r.mt_key, r.mt_text]));
}

/**
 * Replaces a language's texts by `texts`, in one transaction: a reader sees the old catalogue or
 * the new one, never a part of each.
 */
export async function replaceMessageTexts(
  store: WikiStore,
  language: Omit<MessageLanguageRow, 'count'>,
  texts: ReadonlyMap<string, string>,
): Promise<void> {
  await store.db.transaction().execute(async (tx) => {
    await tx.deleteFrom('message_text').where('mt_lang', '=', language.lang).execute();
    await tx.deleteFrom('message_language').where('ml_lang', '=', language.lang).execute();
    const rows = [...texts].map(([key, text]) => ({ mt_lang: language.lang, mt_key: key, mt_text: text }));
    for (let i = 0; i < rows.length; i += 5000) await insertRows(tx, 'message_text', rows.slice(i, i + 5000));
    await tx
      .insertInto('message_language')
      .values({
        ml_lang: language.lang,
        ml_source: language.source,
        ml_software: language.software,
        ml_fetched: language.fetched,
        ml_count: texts.size,
      })
      .execute();
  });
  // PostgreSQL's planner learns the table's new size (it may have been empty).
  if (isPostgres(store.db)) await sql`analyze message_text`.execute(store.db);
}
