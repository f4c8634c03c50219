import type { Kysely } from 'kysely';
import type { WikiDatabase } from '../store/schema.js';

/**
 * The next `limit` wikitext pages after page id `after`, in page id order, with their current
 * text: what the builds after an import read their batches from (pages of other content models
 * have no links or lint errors).
 */
export function wikitextPagesAfter(db: Kysely<WikiDatabase>, after: number, limit: number) {
  return db
    .selectFrom('page')
    .innerJoin('slots', 'slot_revision_id', 'page_latest')
    .innerJoin('content', 'content_id', 'slot_content_id')
    .select(['page_id', 'page_namespace', 'page_title', 'page_touched', 'content_text'])
    .where('page_id', '>', after)
    .where('slot_role', '=', 'main')
    .where('content_model', '=', 'wikitext')
    .orderBy('page_id')
    .limit(limit)
    .execute();
}
