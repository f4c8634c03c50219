import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import { type DatabaseTarget, type OpenDatabase, openDatabase } from './database.js';

/**
 * Applies the given migrations in name order. Kysely records each applied migration in its
 * `kysely_migration` table, so a restart applies nothing twice, on SQLite and PostgreSQL alike.
 */
export async function migrateToLatest(db: Kysely<any>, migrations: Record<string, Migration>): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  // On PostgreSQL Kysely looks for its bookkeeping tables in every schema unless told which one;
  // name the current schema so that two deployments (or test schemas) in one database stay apart.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  // Parts of a service own separate name ranges (e.g. 0002-0099 and 0100+) and grow in parallel, so
  // a database may already hold 0100 when 0006 arrives: apply the missing one rather than refuse.
  const migrator = new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${detail}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Opens a database and brings its schema up to date; closes it again when a migration fails. */
export async function openMigratedDatabase<DB>(
  target: DatabaseTarget,
  migrations: Record<string, Migration>,
): Promise<OpenDatabase<DB>> {
  const store = openDatabase<DB>(target);
  try {
    await migrateToLatest(store.db, migrations);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
