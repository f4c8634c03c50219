import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';

export type Engine = 'sqlite' | 'postgres';

/** Where a service keeps its data: a SQLite file, or a PostgreSQL database (optionally a schema). */
export type DatabaseTarget =
  | { engine: 'sqlite'; file: string }
  | { engine: 'postgres'; url: string; schema?: string; poolSize?: number };

export interface OpenDatabase<DB> {
  db: Kysely<DB>;
  engine: Engine;
  /** The raw better-sqlite3 handle, for hot paths that want prepared statements (SQLite only). */
  sqlite?: SQLite.Database;
  /** The pg pool (PostgreSQL only). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// PostgreSQL BIGINT (int8) and NUMERIC come back as strings by default; money and ids are bigint
// in this project, so int8 is parsed to bigint and never through a float.
pg.types.setTypeParser(20, (value: string) => BigInt(value));

export function openDatabase<DB>(target: DatabaseTarget): OpenDatabase<DB> {
  if (target.engine === 'sqlite') {
    if (target.file !== ':memory:') mkdirSync(dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    sqlite.pragma('journal_mode = WAL');
    // FULL makes every commit durable across a power cut, WAL keeps that cheap.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.defaultSafeIntegers(false);
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
    return {
      db,
      engine: 'sqlite',
      sqlite,
      async close() {
        await db.destroy();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    ...(target.schema ? { options: `-c search_path=${quoteIdentifier(target.schema)}` } : {}),
  });
  // An idle client that loses its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    pool,
    async close() {
      await db.destroy();
    },
  };
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** True when the database answers a trivial query within the time given. */
export async function databaseIsReachable(db: Kysely<unknown>, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const probe = sql`select 1 as ok`.execute(db).then(() => true);
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    return await Promise.race([probe, timeout]);
  } catch {
    return false;
  } finally {
    if (timer) clearTimeout(timer);
  }
}
