import { type DatabaseTarget, migrateToLatest, NamedStatementPool, type OpenDatabase, openDatabase } from '@svc/common';
import { Kysely, PostgresDialect } from 'kysely';
import { afterMigrations } from './after-migrations.js';
import { migrations } from './migrations/index.js';
import { ReadReplicas } from './replicas.js';
import { ResultCachingPool } from './result-cache.js';
import type { WikiDatabase } from './schema.js';
import { WorkSharingPlugin } from './work-budget.js';

export type WikiStore = OpenDatabase<WikiDatabase> & {
  /**
   * The primary, when `db` reads from replicas: what must see the latest writes (sessions, logins,
   * throttles) and every write goes here (`primaryOf`).
   */
  primary?: Kysely<WikiDatabase>;
  /** The read replicas `db` reads from (PostgreSQL with `WIKI_READ_DATABASE_URLS`). */
  replicas?: ReadReplicas;
};

/** The database that holds every write at once: the primary (the store's own `db` without replicas). */
export function primaryOf(store: WikiStore): Kysely<WikiDatabase> {
  return store.primary ?? store.db;
}

export interface OpenOptions {
  /** PostgreSQL read replicas of the target (streaming standbys): reads go there, writes to the target. */
  readUrls?: readonly string[];
  /**
   * PostgreSQL: the longest a statement of the connections the store reads through may run
   * (`statement_timeout`), a request's budget; the read replicas' connections, or the store's own
   * without replicas. None when absent (imports, maintenance).
   */
  readStatementTimeoutMs?: number;
}

/**
 * Pages of a new SQLite store, in bytes. An import writes several gigabytes into a large wiki's
 * store; with 16 KB pages SQLite moves a quarter as many pages through its cache and the system,
 * and a page's text of a few dozen kilobytes spans two or three pages instead of seven to ten.
 * The generated 100,000-page dump imported in 139 s instead of 149 s (230 against 246
 * CPU-seconds); docs/performance-log.md gives the API's figures on both page sizes.
 */
const SQLITE_PAGE_SIZE = 16_384;

/** Opens the wiki database and brings its schema up to date. */
export async function openWikiStore(target: DatabaseTarget, options: OpenOptions = {}): Promise<WikiStore> {
  const timeout = options.readStatementTimeoutMs;
  const made =
    target.engine === 'sqlite'
      ? { pageSize: SQLITE_PAGE_SIZE, ...target }
      : timeout && !options.readUrls?.length
        ? { statementTimeoutMs: timeout, ...target }
        : target;
  const store: WikiStore = openDatabase<WikiDatabase>(made);
  try {
    await afterMigrations(store.db, await migrateToLatest(store.db, migrations));
  } catch (error) {
    await store.close();
    throw error;
  }
  const readUrls = options.readUrls ?? [];
  if (readUrls.length > 0 && target.engine !== 'postgres') throw new Error('read replicas need a PostgreSQL store');
  let keeping: ResultCachingPool | undefined;
  if (store.pool && readUrls.length === 0) {
    // Reads and writes through one pool whose read statements' answers may be kept
    // (result-cache.ts); its clients are the store's own, ended by the store's `close`.
    keeping = new ResultCachingPool(new NamedStatementPool(store.pool));
    store.db = new Kysely<WikiDatabase>({ dialect: new PostgresDialect({ pool: keeping }) });
  }
  // Every query counts against the running request's work budget and lets other requests in.
  store.db = store.db.withPlugin(new WorkSharingPlugin());
  if (readUrls.length > 0) {
    const poolSize = (target.engine === 'postgres' ? target.poolSize : undefined) ?? 10;
    const replicas = new ReadReplicas(readUrls, poolSize, timeout);
    keeping = replicas.keeping;
    const closePrimary = store.close;
    store.primary = store.db;
    store.replicas = replicas;
    store.db = replicas.db.withPlugin(new WorkSharingPlugin());
    store.close = async () => {
      await replicas.close();
      await closePrimary();
    };
  }
  if (keeping) keeping.store = store;
  return store;
}
