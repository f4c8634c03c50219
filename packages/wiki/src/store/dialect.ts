/**
 * Which engine a store runs on, for the few statements SQLite and PostgreSQL spell differently.
 * Runtime code asks here; migrations keep their own copy (migrations/columns.ts), so that what a
 * migration does never changes after it was written.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
