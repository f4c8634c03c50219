/**
 * How a server learns of changes another process wrote into a PostgreSQL store (an import on the
 * primary, replayed by the replica this node reads from): every `WATCH_INTERVAL_MS` it asks where
 * the database's data stands (`walPosition`: the WAL position replayed on a replica, written on a
 * primary), and when that moved, tells its listeners, which reload what they keep. A write of any
 * kind moves it (a login too), so a listener checks whether its own data changed. Polling the
 * position works on a replica, where `LISTEN/NOTIFY` does not (notifications are not replicated),
 * and sees a change only once the replica has it, which is when a node can read it.
 */

import type { WikiStore } from './database.js';
import { walPosition } from './replicas.js';

export const WATCH_INTERVAL_MS = 500;

export interface ChangeWatch {
  stop(): void;
}

/** Calls `changed` after the store's data moved; nothing on SQLite (its caches ask SQLite itself). */
export function watchStoreChanges(store: WikiStore, changed: () => Promise<void>): ChangeWatch {
  if (store.engine !== 'postgres') return { stop() {} };
  let last: string | undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    walPosition(store.db)
      .then(async (position) => {
        const moved = last !== undefined && position !== last;
        last = position;
        if (moved) await changed();
      })
      // An unreachable database is reported by the requests; the next look tries again.
      .catch(() => {})
      .finally(() => {
        running = false;
      });
  }, WATCH_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
