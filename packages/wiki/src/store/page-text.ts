import type { Kysely } from 'kysely';
import type { WikiStore } from './database.js';
import type { WikiDatabase } from './schema.js';

/** A page's id, whether it redirects, and its current text (main slot). */
export interface CurrentPageRow {
  page_id: number;
  page_is_redirect: number;
  content_text: string | null;
}

/** The page's row with its current text (main slot), or undefined when the page does not exist. */
export async function currentPageRow(
  db: Kysely<WikiDatabase>,
  namespace: number,
  dbKey: string,
): Promise<CurrentPageRow | undefined> {
  return db
    .selectFrom('page')
    .innerJoin('slots', 'slot_revision_id', 'page_latest')
    .innerJoin('content', 'content_id', 'slot_content_id')
    .select(['page_id', 'page_is_redirect', 'content_text'])
    .where('page_namespace', '=', namespace)
    .where('page_title', '=', dbKey)
    .where('slot_role', '=', 'main')
    .executeTakeFirst();
}

/** The text of a page's current revision (main slot), or undefined when the page does not exist. */
export async function currentPageText(store: WikiStore, namespace: number, dbKey: string): Promise<string | undefined> {
  return (await currentPageRow(store.db, namespace, dbKey))?.content_text ?? undefined;
}
