/**
 * Work that follows a migration and needs the store's current code. Migrations import nothing of
 * the running code, so that what one does never changes after it was written; what must follow
 * one (indexing pages again with the search index of today) is named here by the migration's name
 * and runs once, right after it was applied.
 */
import type { Kysely } from 'kysely';
import { isPostgres } from './dialect.js';
import { refreshSearchIndex } from './search-index.js';
import { indexSegmenter } from './search-text.js';
import { loadSite } from './site-store.js';

const FOLLOW_UPS: Record<string, (db: Kysely<any>) => Promise<void>> = {
  // The SQLite search index moved to two tables and was emptied: every page is indexed again.
  '0017_search_index_tables': async (db) => {
    if (isPostgres(db)) return;
    const site = await loadSite(db);
    if (site) await refreshSearchIndex(db, site);
  },
  // Chinese, Cantonese, Gan and Japanese texts are split into words as MediaWiki splits them.
  '0153_search_words_by_language': async (db) => {
    const site = await loadSite(db);
    if (site && indexSegmenter(site.language) !== undefined) await refreshSearchIndex(db, site, { rebuild: true });
  },
};

/** Runs the follow-up work of the migrations just applied, in their order. */
export async function afterMigrations(db: Kysely<any>, applied: readonly string[]): Promise<void> {
  for (const name of applied) await FOLLOW_UPS[name]?.(db);
}
