import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, sql } from 'kysely';
import pg from 'pg';

export type Engine = 'sqlite' | 'postgres';

/** Where a service keeps its data: a SQLite file, or a PostgreSQL database (optionally a schema). */
export type DatabaseTarget =
  | {
      engine: 'sqlite';
      file: string;
      /** Page size in bytes of a file made now (SQLite's 4,096 otherwise); a file keeps its own. */
      pageSize?: number;
    }
  | {
      engine: 'postgres';
      url: string;
      schema?: string;
      poolSize?: number;
      /** PostgreSQL cancels a statement of these connections that runs longer (`statement_timeout`). */
      statementTimeoutMs?: number;
    };

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

/**
 * SQLite changes its schema inside a transaction like any other data, which Kysely's SQLite
 * adapter does not claim; with this one, Kysely's migrator applies the pending migrations in one
 * transaction. A new database's schema is then one commit rather than one per statement (the
 * wiki store's about two hundred: 77 ms instead of 270 ms), and a migration that fails leaves
 * the schema as it was rather than half changed.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

export function openDatabase<DB>(target: DatabaseTarget): OpenDatabase<DB> {
  if (target.engine === 'sqlite') {
    if (target.file !== ':memory:') mkdirSync(dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    // Takes effect only while the file is still empty, before the write-ahead log is set up.
    if (target.pageSize) sqlite.pragma(`page_size = ${Number(target.pageSize)}`);
    sqlite.pragma('journal_mode = WAL');
    // FULL makes every commit durable across a power cut, WAL keeps that cheap.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.defaultSafeIntegers(false);
    const db = new Kysely<DB>({ dialect: new TransactionalDdlSqliteDialect({ database: withStatementCache(sqlite) }) });
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
    ...(target.statementTimeoutMs ? { statement_timeout: target.statementTimeoutMs } : {}),
    ...(target.schema ? { options: `-c search_path=${quoteIdentifier(target.schema)}` } : {}),
  });
  // An idle client that loses its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new NamedStatementPool(pool) }) });
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
 * Kysely sends every query to PostgreSQL unnamed, which the server parses and plans again on each
 * run. Here each query text gets a name (its hash), so that a connection parses it once and
 * keeps its plan: PostgreSQL then only binds and runs it. A bounded number of texts is named (an
 * `in (...)` list of each length is a text of its own); the others stay unnamed.
 */
const NAMED_TEXTS_LIMIT = 2000;

export class NamedStatementPool {
  private readonly names = new Map<string, string>();
  constructor(private readonly pool: { connect(): Promise<pg.PoolClient>; end(): Promise<void> }) {}

  private nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= NAMED_TEXTS_LIMIT) return known;
    const name = `k${createHash('sha1').update(text).digest('base64url')}`;
    this.names.set(text, name);
    return name;
  }

  async connect(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    const named = client as pg.PoolClient & { namedStatements?: true };
    if (!named.namedStatements) {
      named.namedStatements = true;
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      // Every further argument passes through: pg's own Pool.query hands the same client a callback.
      (client as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
        const name = typeof text === 'string' && Array.isArray(values) ? this.nameOf(text) : undefined;
        return name === undefined ? query(text, values, ...rest) : query({ name, text, values }, ...rest);
      };
    }
    return client;
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

/**
 * Kysely prepares every query anew; better-sqlite3 statements can be reused, and preparing is a
 * large part of a small query's cost. This keeps prepared statements by SQL text (a bounded
 * number; a statement still iterating is never handed out twice).
 *
 * Rows of a query are read as arrays and made into objects here, by a function made once per
 * statement for its column names: better-sqlite3 builds each row object property by property
 * through V8's C++ API, which costs about twice as much for a query of many rows and columns.
 * Where two columns share a name, the later one's value is kept, as better-sqlite3 keeps it. A
 * query of one column is read plucked (its values alone), cheaper still than arrays.
 * A bound LIMIT is prepared as `+?` (see plannedOnce).
 */
export interface StatementCache {
  close(): void;
  prepare(source: string): CachedStatement;
}

/** The part of a better-sqlite3 statement that Kysely's SQLite driver uses. */
export interface CachedStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): SQLite.RunResult;
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

type RowMaker = (values: unknown[]) => Record<string, unknown>;

function rowMaker(columns: string[]): RowMaker {
  const fields = columns.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${fields} };`) as RowMaker;
}

function singleColumnRowMaker(column: string): (value: unknown) => Record<string, unknown> {
  return new Function('v', `return { ${JSON.stringify(column)}: v };`) as (value: unknown) => Record<string, unknown>;
}

/**
 * The SQL to prepare for a query's text: a bound `LIMIT ?` or `OFFSET ?` becomes `+?`. SQLite
 * (3.53, as better-sqlite3 12 bundles it) reads the value bound to a bare `LIMIT ?` while planning
 * and so marks the statement to be planned again whenever that parameter is bound, which a kept
 * statement is on every run: parsing and planning the query again each time, about a sixth of the
 * cost of reading 50 rows. `+?` is the same number, one SQLite does not look into when planning.
 */
export function plannedOnce(source: string): string {
  return source.replace(/\b(limit|offset) \?/gi, '$1 +?');
}

function cachedStatement(sqlite: SQLite.Database, query: string): CachedStatement & { busy(): boolean } {
  const source = plannedOnce(query);
  const statement = sqlite.prepare(source);
  if (!statement.reader) {
    return {
      reader: false,
      busy: () => statement.busy,
      all: (parameters) => statement.all(parameters),
      run: (parameters) => statement.run(parameters),
      iterate: (parameters) => statement.iterate(parameters),
    };
  }
  // A second statement in raw mode answers `all`: `raw()` changes the statement it is called on.
  const columns = statement.columns().map((c) => c.name);
  if (columns.length === 1) {
    // One column (the ids of a page of a list): plucked, the values come without an array per row
    // (51 ids: about 13 µs in raw mode, 7 µs plucked).
    const values = sqlite.prepare(source).pluck(true);
    const make = singleColumnRowMaker(columns[0] as string);
    return {
      reader: true,
      busy: () => statement.busy || values.busy,
      all: (parameters) => values.all(parameters).map(make),
      run: (parameters) => statement.run(parameters),
      iterate: (parameters) => statement.iterate(parameters),
    };
  }
  const rows = sqlite.prepare(source).raw(true);
  const make = rowMaker(columns);
  return {
    reader: true,
    busy: () => statement.busy || rows.busy,
    all: (parameters) => (rows.all(parameters) as unknown[][]).map(make),
    run: (parameters) => statement.run(parameters),
    iterate: (parameters) => statement.iterate(parameters),
  };
}

export function withStatementCache(sqlite: SQLite.Database, limit = 500): StatementCache {
  const cache = new Map<string, CachedStatement & { busy(): boolean }>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      const cached = cache.get(source);
      if (cached && !cached.busy()) return cached;
      const statement = cachedStatement(sqlite, source);
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
