import type { PoolClient } from 'pg';
import type { InvoicingStore } from '../store/database.js';

export interface LeaderLease {
  /** False once the lock was lost (its connection closed); the holder must stop working. */
  held(): boolean;
  release(): Promise<void>;
}

const LOCK_KEY = "hashtext(current_schema() || ':invoicing-payment-watcher')";

const SQLITE_LEASE: LeaderLease = { held: () => true, release: async () => {} };

/**
 * Elects the one watcher that credits payments. On PostgreSQL it holds a session advisory lock on a
 * connection of its own (keyed by the schema, so separate deployments in one database do not
 * block each other); undefined when another process holds it. On SQLite every watcher may run: a
 * database file serves one machine, its writers are serialised, and the payments' unique key
 * keeps a second watcher harmless.
 */
export async function takeLeadership(store: InvoicingStore): Promise<LeaderLease | undefined> {
  if (store.engine !== 'postgres' || !store.pool) return SQLITE_LEASE;
  const client: PoolClient = await store.pool.connect();
  let alive = true;
  const onError = () => {
    alive = false;
  };
  client.on('error', onError);
  try {
    const result = await client.query<{ locked: boolean }>(`select pg_try_advisory_lock(${LOCK_KEY}) as locked`);
    if (!result.rows[0]?.locked) {
      client.off('error', onError);
      client.release();
      return undefined;
    }
  } catch (error) {
    client.off('error', onError);
    client.release(true);
    throw error;
  }
  let released = false;
  return {
    held: () => alive && !released,
    async release() {
      if (released) return;
      released = true;
      try {
        if (alive) await client.query(`select pg_advisory_unlock(${LOCK_KEY})`);
      } catch {
        // Closing the connection below ends the session, and with it the lock, regardless.
      } finally {
        client.off('error', onError);
        client.release(true);
      }
    },
  };
}
