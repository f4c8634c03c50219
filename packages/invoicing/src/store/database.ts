import { type DatabaseTarget, migrateToLatest, type OpenDatabase, openDatabase, withStatementCache } from '@svc/common';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, type RawBuilder, SqliteDialect, sql } from 'kysely';
import { migrations } from './migrations/index.js';
import type { InvoicingDatabase } from './schema.js';

export type InvoicingStore = OpenDatabase<InvoicingDatabase>;
export type InvoicingDb = Kysely<InvoicingDatabase>;

/** Opens the invoicing database and brings its schema up to date. */
export async function openInvoicingStore(target: DatabaseTarget): Promise<InvoicingStore> {
  const store = openDatabase<InvoicingDatabase>(target);
  try {
    await prepareInvoicingStore(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** Applies the migrations and sets the connection up the way the repositories expect. */
export async function prepareInvoicingStore(store: OpenDatabase<any>): Promise<void> {
  await migrateToLatest(store.db, migrations);
  // Money columns are 64-bit: SQLite must hand them back as bigint (as pg does for int8), never
  // as a float that silently rounds above 2^53.
  store.sqlite?.defaultSafeIntegers(true);
  store.sqlite?.pragma(`cache_size = -${WRITER_CACHE_KIB}`);
}

/**
 * Page caches in KiB. better-sqlite3 builds SQLite with a 16 MB cache per connection, and a
 * connection's cache fills as the database grows, so a running service's resident memory rose
 * by about a megabyte a minute for as long as a 30-minute soak lasted (three connections: up to
 * 48 MB). The writer keeps SQLite's own default of 2 MiB; the reader, whose reads mostly end in
 * the service's caches of rendered views and lists, half a MiB. A page missing from a cache is
 * read from the operating system's file cache, which is not counted in the process.
 */
export const WRITER_CACHE_KIB = 2048;
export const READER_CACHE_KIB = 512;

export interface ReadConnection {
  db: InvoicingDb;
  /**
   * SQLite only: a number that changes whenever any other connection (this process's writer,
   * another process) has committed to the database since the last call; cached reads are valid
   * while it stays the same.
   */
  dataVersion?: () => number;
  /** SQLite only: the change counter of an invoice (undefined for an unknown id), read without Kysely. */
  invoiceVersion?: (id: string) => number | undefined;
  close(): Promise<void>;
}

/**
 * A second, read-only SQLite connection for the public reads and key checks: it sees only
 * committed data and never waits behind the writer's open transaction (WAL lets readers run
 * beside a writer). On PostgreSQL the pool already serves reads beside writes.
 */
export function openReadConnection(store: InvoicingStore): ReadConnection {
  const file = store.sqlite?.name;
  if (!store.sqlite || !file || file === ':memory:' || store.sqlite.memory) {
    return { db: store.db, close: async () => {} };
  }
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${READER_CACHE_KIB}`);
  sqlite.defaultSafeIntegers(true);
  const db = new Kysely<InvoicingDatabase>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const invoiceVersion = sqlite.prepare('select version from invoices where id = ?').pluck();
  return {
    db,
    dataVersion: () => Number(dataVersion.get()),
    invoiceVersion: (id) => {
      const version = invoiceVersion.get(id) as bigint | undefined;
      return version === undefined ? undefined : Number(version);
    },
    close: () => db.destroy(),
  };
}

/**
 * Runs `work` in one transaction and commits it. On SQLite the transaction starts with BEGIN
 * IMMEDIATE so that it holds the write lock from the start: two processes writing at once then
 * wait for each other (busy timeout) instead of failing when a read turns into a write.
 */
export async function inTransaction<T>(store: InvoicingStore, work: (trx: InvoicingDb) => Promise<T>): Promise<T> {
  if (store.engine === 'postgres') return store.db.transaction().execute(work);
  return sqliteTransaction(store.db, sql`begin immediate`, work);
}

/** `work` on one SQLite connection between `begin` (as given) and commit, rolled back if it fails. */
function sqliteTransaction<T>(
  db: InvoicingDb,
  begin: RawBuilder<unknown>,
  work: (trx: InvoicingDb) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    await begin.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
  });
}

/**
 * Runs the reads of `work` on one snapshot of the committed data, so that rows read one after
 * another (an invoice, then its payments) belong together even when a writer commits between
 * them: a repeatable-read transaction on PostgreSQL, a deferred transaction on SQLite (whose
 * snapshot is taken at its first read).
 */
export async function readTogether<T>(db: InvoicingDb, work: (db: InvoicingDb) => Promise<T>): Promise<T> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return db.transaction().setIsolationLevel('repeatable read').execute(work);
  }
  return sqliteTransaction(db, sql`begin`, work);
}

/**
 * True when rows read for a change must be locked with FOR UPDATE. PostgreSQL runs transactions
 * side by side, so a read-modify-write must hold the row; SQLite's BEGIN IMMEDIATE already lets
 * one writer in at a time (and it has no FOR UPDATE).
 */
export function needsRowLocks(db: InvoicingDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Reads a 64-bit column as a number (times, counts), whichever engine returned it. */
export function num(value: bigint | number | string): number {
  return Number(value);
}

/** Reads a 64-bit column as a bigint (money), whichever engine returned it. */
export function big(value: bigint | number | string): bigint {
  return BigInt(value);
}

/** A write lost a race to a concurrent one on the same unique key; retrying sees the winner. */
export class ConcurrentWriteError extends Error {
  override name = 'ConcurrentWriteError';
}

/** True when `error` is a unique-constraint violation on either engine (or a lost race). */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof ConcurrentWriteError) return true;
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
