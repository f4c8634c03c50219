/**
 * Which engine a store runs on, for the few statements SQLite and PostgreSQL spell differently.
 * Runtime code asks here; migrations keep their own copy (migrations/columns.ts), so that what a
 * migration does never changes after it was written.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The largest value of PostgreSQL's `integer`, the type of the store's id columns there. */
const POSTGRES_INTEGER_MAX = 2_147_483_647;

/**
 * Whether an id fits the store's id columns: PostgreSQL's are 32-bit, so a larger id names no row
 * there (and may not even be asked for); SQLite's hold any.
 */
export function fitsIdColumn(db: Kysely<any>, id: number): boolean {
  return !isPostgres(db) || id <= POSTGRES_INTEGER_MAX;
}

const versions = new WeakMap<Kysely<any>, Promise<string>>();

/** The version of the engine (SQLite's library, PostgreSQL's server), read once per database; empty if unreadable. */
export function databaseVersion(db: Kysely<any>): Promise<string> {
  let version = versions.get(db);
  if (version === undefined) {
    const query = isPostgres(db)
      ? sql<{ version: string }>`select current_setting('server_version') as version`
      : sql<{ version: string }>`select sqlite_version() as version`;
    version = query.execute(db).then(
      (result) => String(result.rows[0]?.version ?? ''),
      () => '',
    );
    versions.set(db, version);
  }
  return version;
}
