/**
 * Current texts of pages in the MediaWiki namespace (interface messages, gadget definitions), read
 * for many titles in one indexed query. Messages are looked up on many requests (siteinfo,
 * extracts' ellipsis, allmessages, template expansion), nearly always for titles that have no page:
 * a store that keeps rows between requests (row-cache.ts) keeps each title's text or its absence,
 * dropped with every other kept row when the store changes.
 */
import type { WikiStore } from './database.js';
import { keptRows } from './row-cache.js';

export const MEDIAWIKI_NAMESPACE = 8;

/** A title's current text, or null for a title with no page (kept as well). */
interface InterfacePage {
  title: string;
  text: string | null;
}

/** The current wikitext of each existing `MediaWiki:` page among `titles` (stored form, underscores). */
export async function readInterfacePages(store: WikiStore, titles: readonly string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (titles.length === 0) return texts;
  const distinct = [...new Set(titles)];
  const pages =
    (await keptRows(
      store,
      'interface-pages',
      distinct,
      (page: InterfacePage) => page.title,
      (missing) => readPages(store, missing),
    )) ?? (await readPages(store, distinct));
  for (const { title, text } of pages) if (text !== null) texts.set(title, text);
  return texts;
}

/** One entry for each title: its page's text, or null. */
async function readPages(store: WikiStore, titles: readonly string[]): Promise<InterfacePage[]> {
  const rows = await store.db
    .selectFrom('page')
    .innerJoin('slots', 'slot_revision_id', 'page_latest')
    .innerJoin('content', 'content_id', 'slot_content_id')
    .select(['page_title', 'content_text'])
    .where('page_namespace', '=', MEDIAWIKI_NAMESPACE)
    .where('page_title', 'in', titles)
    .where('slot_role', '=', 'main')
    .execute();
  const found = new Map(rows.map((row) => [row.page_title, row.content_text]));
  return titles.map((title) => ({ title, text: found.get(title) ?? null }));
}
