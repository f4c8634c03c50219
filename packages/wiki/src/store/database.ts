import { type DatabaseTarget, migrateToLatest, type OpenDatabase, openDatabase } from '@svc/common';
import { afterMigrations } from './after-migrations.js';
import { migrations } from './migrations/index.js';
import type { WikiDatabase } from './schema.js';
import { WorkSharingPlugin } from './work-budget.js';

export type WikiStore = OpenDatabase<WikiDatabase>;

/**
 * Pages of a new SQLite store, in bytes. An import writes several gigabytes into a large wiki's
 * store; with 16 KB pages SQLite moves a quarter as many pages through its cache and the system,
 * and a page's text of a few dozen kilobytes spans two or three pages instead of seven to ten.
 * The generated 100,000-page dump imported in 139 s instead of 149 s (230 against 246
 * CPU-seconds); docs/performance-log.md gives the API's figures on both page sizes.
 */
const SQLITE_PAGE_SIZE = 16_384;

/** Opens the wiki database and brings its schema up to date. */
export async function openWikiStore(target: DatabaseTarget): Promise<WikiStore> {
  const made = target.engine === 'sqlite' ? { pageSize: SQLITE_PAGE_SIZE, ...target } : target;
  const store = openDatabase<WikiDatabase>(made);
  try {
    await afterMigrations(store.db, await migrateToLatest(store.db, migrations));
  } catch (error) {
    await store.close();
    throw error;
  }
  // Every query counts against the running request's work budget and lets other requests in.
  store.db = store.db.withPlugin(new WorkSharingPlugin());
  return store;
}
