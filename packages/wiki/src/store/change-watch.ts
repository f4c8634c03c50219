/**
 * How a server learns of changes another process wrote into a PostgreSQL store (an import on the
 * primary, replayed by the replica this node reads from): every `WATCH_INTERVAL_MS` it asks where
 * the database's data stands (`walPosition`: the WAL position replayed on a replica, written on a
 * primary), and when that moved, tells its listeners, which reload what they keep. A write of any
 * kind moves it (a login too), so a listener checks whether its own data changed. Polling the
 * position works on a replica, where `LISTEN/NOTIFY` does not (notifications are not replicated),
 * and sees a change only once the replica has it, which is when a node can read it.
 *
 * A running watch is also the store's reporter of changes (`reportsChanges` of cache-toolkit.ts):
 * every move is passed to `storeChanged`, so the store keeps rows between requests as a SQLite
 * store does, and a row kept is at most one interval (plus a look's round trip) older than the
 * database. A look that fails or has not answered within `STALE_AFTER_MS` counts as a move (the
 * caches are dropped): nothing is kept on the word of a watch that cannot see the database.
 */

import { reportsChanges, stopsReportingChanges, storeChanged } from './cache-toolkit.js';
import type { WikiStore } from './database.js';
import { walPosition } from './replicas.js';

export const WATCH_INTERVAL_MS = 500;
/** A look still unanswered after this long: the kept rows may be out of date, and are dropped. */
const STALE_AFTER_MS = 1000;

export interface ChangeWatch {
  stop(): void;
}

/** Where the data this store reads stands: every replica's replayed position, or the database's own. */
function dataPosition(store: WikiStore): Promise<string> {
  return store.replicas ? store.replicas.replayPosition() : walPosition(store.db);
}

/**
 * Calls `changed` after the store's data moved, and reports each move to the store's caches;
 * nothing on SQLite (its caches ask SQLite itself).
 */
export function watchStoreChanges(store: WikiStore, changed: () => Promise<void>): ChangeWatch {
  if (store.engine !== 'postgres') return { stop() {} };
  let last: string | undefined;
  let seen = false;
  let lookStarted: number | undefined;
  reportsChanges(store);
  const timer = setInterval(() => {
    if (lookStarted !== undefined) {
      // The last look is still waiting: what the caches hold can no longer be vouched for.
      if (performance.now() - lookStarted > STALE_AFTER_MS) {
        storeChanged(store);
        last = undefined;
      }
      return;
    }
    lookStarted = performance.now();
    dataPosition(store)
      .then(async (position) => {
        if (position === last) return;
        last = position;
        // Rows kept before the first answer were kept on no one's word: dropped too.
        storeChanged(store);
        if (seen) await changed();
        seen = true;
      })
      // An unreachable database is reported by the requests; the next look tries again.
      .catch(() => {
        storeChanged(store);
        last = undefined;
      })
      .finally(() => {
        lookStarted = undefined;
      });
  }, WATCH_INTERVAL_MS);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      stopsReportingChanges(store);
    },
  };
}
