/**
 * Current texts of pages in the MediaWiki namespace (interface messages, gadget definitions), read
 * for many titles in one indexed query.
 */
import type { WikiStore } from './database.js';

export const MEDIAWIKI_NAMESPACE = 8;

/** The current wikitext of each existing `MediaWiki:` page among `titles` (stored form, underscores). */
export async function readInterfacePages(store: WikiStore, titles: readonly string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (titles.length === 0) return texts;
  const rows = await store.db
    .selectFrom('page')
    .innerJoin('slots', 'slot_revision_id', 'page_latest')
    .innerJoin('content', 'content_id', 'slot_content_id')
    .select(['page_title', 'content_text'])
    .where('page_namespace', '=', MEDIAWIKI_NAMESPACE)
    .where('page_title', 'in', [...new Set(titles)])
    .where('slot_role', '=', 'main')
    .execute();
  for (const row of rows) texts.set(row.page_title, row.content_text);
  return texts;
}
