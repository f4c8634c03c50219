import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { PoolClient } from 'pg';
import { type InvoicingDb, type InvoicingStore, needsRowLocks } from './database.js';

/**
 * Cross-instance change notices on PostgreSQL: a transaction that changes an invoice also sends a
 * NOTIFY, which PostgreSQL delivers only if and when it commits; every serving instance LISTENs
 * and announces the change to its own subscribers (the checkout pages it streams to). On SQLite
 * one process serves a database file and announces its own changes directly.
 */
const CHANNEL = 'invoicing_invoice_changed';
/** Identifies this process in notices, so that it skips the ones it sent itself. */
export const PROCESS_ORIGIN = randomBytes(6).toString('hex');

/** Queues the notice inside the caller's transaction (PostgreSQL only). */
export async function announceInvoiceChange(trx: InvoicingDb, invoiceId: string): Promise<void> {
  if (!needsRowLocks(trx)) return;
  await sql`select pg_notify(${CHANNEL}, current_schema() || ' ' || ${PROCESS_ORIGIN} || ' ' || ${invoiceId})`.execute(
    trx,
  );
}

export interface ChangeListener {
  stop(): Promise<void>;
}

/**
 * Calls `onChange(invoiceId)` for every change committed by another process on this schema.
 * Reconnects after a lost connection. `acceptOwn` also passes this process's own notices (tests).
 */
export async function listenForInvoiceChanges(
  store: InvoicingStore,
  onChange: (invoiceId: string) => void,
  options: { acceptOwn?: boolean; onError?: (error: unknown) => void } = {},
): Promise<ChangeListener> {
  const pool = store.pool;
  if (store.engine !== 'postgres' || !pool) return { stop: async () => {} };
  let stopped = false;
  let client: PoolClient | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    try {
      const connection = await pool.connect();
      client = connection;
      const schema = (await connection.query<{ schema: string }>('select current_schema() as schema')).rows[0]?.schema;
      connection.on('notification', (message) => {
        if (message.channel !== CHANNEL || !message.payload) return;
        const [fromSchema, origin, invoiceId] = message.payload.split(' ');
        if (fromSchema !== schema || !invoiceId) return;
        if (origin === PROCESS_ORIGIN && !options.acceptOwn) return;
        onChange(invoiceId);
      });
      connection.on('error', (error) => {
        options.onError?.(error);
        connection.release(true);
        if (client === connection) client = undefined;
        if (!stopped) retry = setTimeout(() => void connect(), 1000);
      });
      await connection.query(`listen ${CHANNEL}`);
    } catch (error) {
      options.onError?.(error);
      client?.release(true);
      client = undefined;
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
    }
  };
  await connect();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      client?.release(true);
      client = undefined;
    },
  };
}
