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
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
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

/**
 * Kysely prepares every query anew; better-sqlite3 statements can be reused, and preparing is a
 * large part of a small query's cost. This keeps prepared statements by SQL text (a bounded
 * number; a statement still iterating is never handed out twice).
 */
export interface StatementCache {
  close(): void;
  prepare(source: string): SQLite.Statement;
}

export function withStatementCache(sqlite: SQLite.Database, limit = 500): StatementCache {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      const cached = cache.get(source);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(source);
      if (!cached) {
        if (cache.size >= limit) cache.clear();
        cache.set(source, statement);
      }
      return statement;
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
