/**
 * What every cache of the wiki is made of (docs/architecture.md, "Caches", has the table of them):
 *
 * - `perStore`: one cache per open store (or per title codec or site), in a `WeakMap`, so a
 *   test's or a second store's entries never mix and a closed store's go with it;
 * - `BoundedMap`: entries in least recently used order, within a count and optionally a weight
 *   (characters), dropping the oldest;
 * - the store's change counter: `storeChanged` is the one function a writer outside this
 *   connection's view calls (a live follower applying a replica's changes, the listener of an API
 *   node on PostgreSQL told of another node's write), and `reportedChanges` the one value a
 *   cache of rows compares with what it saw when it kept them (`store/row-cache.ts` does).
 *
 * SQLite tells a connection of every commit by another connection (`PRAGMA data_version`) and of
 * its own writes (`total_changes()`): the row cache compares both as well, so a follower writing
 * into the SQLite file needs to call nothing. PostgreSQL tells nothing: a store
 * on it keeps rows only after `reportsChanges(store)` promised that every change by another
 * process will be passed to `storeChanged` (without it, rows are read each time, as before).
 */
import type { WikiStore } from './database.js';

/** A function giving each owner (a store, a title codec, a site) its own value, made on first use. */
export function perStore<K extends object, V>(make: (owner: K) => V): (owner: K) => V {
  const values = new WeakMap<K, V>();
  return (owner) => {
    let value = values.get(owner);
    if (value === undefined) {
      value = make(owner);
      values.set(owner, value);
    }
    return value;
  };
}

export interface BoundedMapOptions<V> {
  /** At most this many entries. */
  maxEntries: number;
  /** The weight of a value (its characters); with `maxWeight`, the entries' weights stay within it. */
  weigh?: (value: V) => number;
  maxWeight?: number;
  /** Told of each value let go (dropped as the oldest, replaced or deleted). */
  dropped?: (value: V) => void;
}

/**
 * A map within a bound, in least recently used order: `get` moves a hit to the newest end, `set`
 * drops the oldest entries while the bound is passed. A value weighing more than `maxWeight` is not
 * kept.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();
  private weight = 0;

  constructor(private readonly options: BoundedMapOptions<V>) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    const { weigh, maxWeight = Number.POSITIVE_INFINITY, maxEntries } = this.options;
    const weight = weigh ? weigh(value) : 0;
    if (weight > maxWeight) return;
    this.delete(key);
    this.entries.set(key, value);
    this.weight += weight;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= maxEntries && this.weight <= maxWeight) break;
      this.delete(oldest, old);
    }
  }

  delete(key: K, value = this.entries.get(key)): void {
    if (value === undefined) return;
    this.entries.delete(key);
    if (this.options.weigh) this.weight -= this.options.weigh(value);
    this.options.dropped?.(value);
  }

  clear(): void {
    for (const [key, value] of this.entries) this.delete(key, value);
  }
}

/** Changes reported by `storeChanged`, per store. */
const reported = new WeakMap<WikiStore, number>();
/** Stores whose changes by other processes are all reported, with the number of reporters. */
const reporting = new WeakMap<WikiStore, number>();

/**
 * Tells every cache of the store that its tables changed beneath it: the one call a writer the
 * store cannot see makes after each change it applied (after the commit). Cheap: it raises a
 * counter; the caches compare it on their next use.
 */
export function storeChanged(store: WikiStore): void {
  reported.set(store, (reported.get(store) ?? 0) + 1);
}

/**
 * Promises that every change another process makes to this store will be passed to
 * `storeChanged` (a PostgreSQL API node listening for the others' writes): from then on the store
 * keeps rows between requests as a SQLite store does.
 */
export function reportsChanges(store: WikiStore): void {
  reporting.set(store, (reporting.get(store) ?? 0) + 1);
}

/**
 * Withdraws one `reportsChanges` promise (a reporter that stops): once none is left, rows are read
 * each time again, and those kept are dropped.
 */
export function stopsReportingChanges(store: WikiStore): void {
  const left = (reporting.get(store) ?? 0) - 1;
  if (left > 0) reporting.set(store, left);
  else reporting.delete(store);
  storeChanged(store);
}

/** Whether rows of this store may be kept between requests: the store is told of every change. */
export function rowsCanBeKept(store: WikiStore): boolean {
  return store.sqlite !== undefined || (reporting.get(store) ?? 0) > 0;
}

/** The changes reported for this store so far. */
export function reportedChanges(store: WikiStore): number {
  return reported.get(store) ?? 0;
}
