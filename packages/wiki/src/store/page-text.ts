import type { WikiStore } from './database.js';

/** The text of a page's current revision (main slot), or undefined when the page does not exist. */
export async function currentPageText(store: WikiStore, namespace: number, dbKey: string): Promise<string | undefined> {
  const row = await store.db
    .selectFrom('page')
    .innerJoin('slots', 'slot_revision_id', 'page_latest')
    .innerJoin('content', 'content_id', 'slot_content_id')
    .select('content_text')
    .where('page_namespace', '=', namespace)
    .where('page_title', '=', dbKey)
    .where('slot_role', '=', 'main')
    .executeTakeFirst();
  return row?.content_text;
}
