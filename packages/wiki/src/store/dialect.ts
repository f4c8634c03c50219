/**
 * Which engine a store runs on, for the few statements SQLite and PostgreSQL spell differently.
 * Runtime code asks here; migrations keep their own copy (migrations/columns.ts), so that what a
 * migration does never changes after it was written.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
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
