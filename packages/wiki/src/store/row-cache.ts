/**
 * Rows of a SQLite store kept in memory between requests by their primary key (or another unique
 * key), for the lists whose pages show the same rows again and again (the newest log entries and
 * recent changes, a user's latest edits): a list reads the ids of its page by its index, as
 * before, and the rows' columns only for ids it has not kept. Turning a row's columns into
 * JavaScript values is most of the cost of reading it (better-sqlite3 hands V8 each value through
 * its C++ API).
 *
 * A kept row is never out of date: every cache of a store is emptied when the store may have
 * changed, which SQLite tells a connection exactly. `PRAGMA data_version` changes when another
 * connection (an import, another server process) committed a change, and `total_changes()` when
 * this one wrote. The version is read after the ids of a page, so the rows given for them are at
 * least as new as the ids, and rows read while another request found the store changed are not
 * kept (they may be older than the change). PostgreSQL has no such counter: there every row is
 * read each time, unless the store's changes are reported (`reportsChanges` and `storeChanged` of
 * cache-toolkit.ts), whose counter every look compares too.
 *
 * Kept rows are frozen, as several answers share them.
 */
import type { Statement } from 'better-sqlite3';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { perStore, reportedChanges, rowsCanBeKept } from './cache-toolkit.js';
import type { WikiStore } from './database.js';
import { isPostgres } from './dialect.js';

/** Rows per cache; a full cache starts again empty (the rows a list shows again are its newest). */
const ROWS_PER_CACHE = 5_000;
/**
 * Rows kept per store in all its caches together (some caches are per user, as the watchlist's),
 * a few megabytes; when they are full, every cache starts again empty.
 */
const ROWS_PER_STORE = 20_000;

type Cache = Map<number | string, object>;

/** A store's caches and the version of the store they hold rows of. */
class StoreRows {
  private readonly dataVersionStatement: Statement<[], number> | undefined;
  private readonly changesStatement: Statement<[], number> | undefined;
  private changes = -1;
  private dataVersion = -1;
  private reported = -1;
  private readonly caches = new Map<string, Cache>();
  private kept = 0;
  /** Counts the times every cache was dropped. */
  generation = 0;

  constructor(private readonly store: WikiStore) {
    // Two statements: the pragma's table-valued form took half as long again as the pragma.
    this.dataVersionStatement = store.sqlite?.prepare<[], number>('PRAGMA data_version').pluck(true);
    this.changesStatement = store.sqlite?.prepare<[], number>('select total_changes()').pluck(true);
  }

  /** The cache of this name, after every cache was dropped if the store changed since the last look. */
  cache(name: string): Cache {
    const dataVersion = (this.dataVersionStatement?.get() as number | undefined) ?? 0;
    const changes = (this.changesStatement?.get() as number | undefined) ?? 0;
    const reported = reportedChanges(this.store);
    if (changes !== this.changes || dataVersion !== this.dataVersion || reported !== this.reported) {
      this.dropAll();
      this.changes = changes;
      this.dataVersion = dataVersion;
      this.reported = reported;
    }
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new Map();
      this.caches.set(name, cache);
    }
    return cache;
  }

  /**
   * Keeps a row in the cache of this name, within the limits of a cache and of the store, unless
   * every cache was dropped since `generation` (the row may have been read before the change that
   * dropped them).
   */
  keep(name: string, key: number | string, row: object, generation: number): void {
    if (generation !== this.generation) return;
    let cache = this.caches.get(name);
    if (cache && cache.size >= ROWS_PER_CACHE) {
      this.kept -= cache.size;
      cache.clear();
    }
    if (this.kept >= ROWS_PER_STORE) {
      // Full, not out of date: rows being read meanwhile may still be kept.
      this.caches.clear();
      this.kept = 0;
      cache = undefined;
    }
    if (!cache) {
      cache = new Map();
      this.caches.set(name, cache);
    }
    if (!cache.has(key)) this.kept++;
    cache.set(key, row);
  }

  private dropAll(): void {
    this.caches.clear();
    this.kept = 0;
    this.generation++;
  }
}

const storeRows = perStore((store: WikiStore) => new StoreRows(store));

/**
 * The rows with these ids, in their order, from the store's cache of this name (`name` must
 * stand for one set of columns); `readRows` reads those not kept, in any order, and `idOf` gives a
 * row's id. Undefined for a store that keeps no rows (`rowsCanBeKept`: PostgreSQL, unless its
 * changes are reported). An id without a row (gone since
 * the ids were read) is left out.
 */
export async function keptRows<R extends object, K extends number | string = number>(
  store: WikiStore,
  name: string,
  ids: readonly K[],
  idOf: (row: R) => K,
  readRows: (ids: K[]) => Promise<R[]>,
): Promise<R[] | undefined> {
  if (!rowsCanBeKept(store)) return undefined;
  const rows = storeRows(store);
  const cache = rows.cache(name) as Map<K, R>;
  const { generation } = rows;
  // Taken from the cache before any read: another request may empty it meanwhile.
  const found = ids.map((id) => cache.get(id));
  const missing = ids.filter((_, i) => found[i] === undefined);
  if (missing.length === 0) return found as R[];
  const read = new Map<K, R>();
  for (const row of await readRows(missing)) {
    Object.freeze(row);
    const key = idOf(row);
    read.set(key, row);
    rows.keep(name, key, row, generation);
  }
  const rowsOfIds: R[] = [];
  for (const [i, id] of ids.entries()) {
    const row = found[i] ?? read.get(id);
    if (row !== undefined) rowsOfIds.push(row);
  }
  return rowsOfIds;
}

/**
 * The condition "`column` is one of `ids`" with the ids bound as one value, so that a statement of
 * any number of ids is one text (prepared once, planned once): a JSON array SQLite reads with
 * `json_each`, an array PostgreSQL compares with `= any`. `value` is what the condition binds.
 */
export function oneOfIds(
  db: Kysely<any>,
  column: string,
  ids: readonly number[],
): { condition: RawBuilder<SqlBool>; value: unknown } {
  if (isPostgres(db)) {
    const value = [...ids];
    return { condition: sql<SqlBool>`${sql.ref(column)} = any(${value}::int8[])`, value };
  }
  const value = JSON.stringify(ids);
  return { condition: sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${value}))`, value };
}
