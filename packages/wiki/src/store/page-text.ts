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

/** A page's place: its namespace and key. */
export interface PagePlace {
  namespace: number;
  dbKey: string;
}

/**
 * A page's current text as a transclusion reads it, its redirect followed to an existing page of
 * this wiki (`place` then the target's); a redirect to a missing page gives its own text and names
 * the missing page. `lookup` reads a page's row (a caller may keep the rows it read).
 */
export async function followedPageText(
  db: Kysely<WikiDatabase>,
  place: PagePlace,
  lookup: (namespace: number, dbKey: string) => Promise<CurrentPageRow | undefined> = (namespace, dbKey) =>
    currentPageRow(db, namespace, dbKey),
): Promise<{ place: PagePlace; text: string; missingTarget?: PagePlace } | undefined> {
  const row = await lookup(place.namespace, place.dbKey);
  if (row === undefined) return undefined;
  const own = { place, text: row.content_text ?? '' };
  if (row.page_is_redirect === 0) return own;
  const target = await db
    .selectFrom('redirect')
    .select(['rd_namespace', 'rd_title', 'rd_interwiki'])
    .where('rd_from', '=', row.page_id)
    .executeTakeFirst();
  if (target === undefined || (target.rd_interwiki ?? '') !== '') return own;
  const targetPlace = { namespace: target.rd_namespace, dbKey: target.rd_title };
  const targetRow = await lookup(targetPlace.namespace, targetPlace.dbKey);
  if (targetRow === undefined) return { ...own, missingTarget: targetPlace };
  return { place: targetPlace, text: targetRow.content_text ?? '' };
}
