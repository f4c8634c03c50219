import {
  type DatabaseIntrospector,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresAdapter,
  sql,
  type TableMetadata,
} from 'kysely';
import { type DatabaseTarget, type OpenDatabase, openDatabase } from './database.js';

/**
 * What Kysely's migrator asks of the database's catalogue, answered for the current PostgreSQL
 * schema only. Kysely's own introspector reads every schema, so another schema of the same
 * database (another service, another test) could hide the bookkeeping tables, and one dropped
 * while it reads (tests drop theirs) makes it fail.
 */
function currentSchemaIntrospector(db: Kysely<any>, schema: string): DatabaseIntrospector {
  const introspector: DatabaseIntrospector = {
    async getSchemas() {
      return [{ name: schema }];
    },
    async getTables(): Promise<TableMetadata[]> {
      const { rows } = await sql<{ name: string; kind: string }>`
        select c.relname as name, c.relkind as kind from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v')`.execute(db);
      return rows.map((r) => ({ name: r.name, schema, isView: r.kind === 'v', columns: [] }));
    },
    async getMetadata() {
      return { tables: await introspector.getTables() };
    },
  };
  return introspector;
}

/** The database as the migrator sees it: on PostgreSQL, with a catalogue of the current schema. */
async function migratorView(db: Kysely<any>): Promise<{ db: Kysely<any>; schema?: string }> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return { db };
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
  if (!schema) throw new Error('the PostgreSQL connection has no current schema (check search_path)');
  const introspection = currentSchemaIntrospector(db, schema);
  const view = new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: view, schema };
}

/**
 * Applies the given migrations in name order. Kysely records each applied migration in its
 * `kysely_migration` table, so a restart applies nothing twice, on SQLite and PostgreSQL alike.
 */
export async function migrateToLatest(db: Kysely<any>, migrations: Record<string, Migration>): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const view = await migratorView(db);
  // Parts of a service own separate name ranges (e.g. 0002-0099 and 0100+) and grow in parallel, so
  // a database may already hold 0100 when 0006 arrives: apply the missing one rather than refuse.
  const migrator = new Migrator({
    db: view.db,
    provider,
    allowUnorderedMigrations: true,
    ...(view.schema ? { migrationTableSchema: view.schema } : {}),
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
