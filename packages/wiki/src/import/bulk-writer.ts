/**
 * Fast row writing for importers, inside one transaction that an import commits at its end or
 * rolls back on failure (so a failed import leaves the store as it was). On SQLite rows go through
 * cached prepared statements on the raw better-sqlite3 handle; on PostgreSQL they are buffered and
 * sent as multi-row INSERTs on one dedicated connection. `db` is a Kysely bound to the same
 * transaction, for the few queries that are not bulk writes.
 */
import { quoteIdentifier } from '@svc/common';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { WikiStore } from '../store/database.js';
import type { WikiDatabase } from '../store/schema.js';

export type Conflict = { kind: 'error' } | { kind: 'ignore' } | { kind: 'update'; key: string[] };

/**
 * SQLite: the SQL of some columns' values, with a `?` for each value a row gives for the column,
 * in place of a plain `?` (`cast(? as text)` stores UTF-8 bytes as text; `cast(? as text) || ?`
 * takes two values and joins them). Columns not named take one value as it is.
 */
export type ColumnValues = Readonly<Record<string, string>>;

export interface BulkWriter {
  readonly engine: 'sqlite' | 'postgres';
  /** Kysely inside the import's transaction. */
  readonly db: Kysely<WikiDatabase>;
  /** Writes rows (possibly later, in a batch: call `flush` before reading them back). */
  insert(
    table: string,
    columns: readonly string[],
    rows: readonly unknown[][],
    conflict?: Conflict,
    /** SQLite only (PostgreSQL refuses it). */
    values?: ColumnValues,
  ): Promise<void>;
  /**
   * As `insert`, with the rows' values laid end to end in one array (`columns.length` values a
   * row; no SQL for a column's values).
   */
  insertFlat(table: string, columns: readonly string[], flat: readonly unknown[], conflict?: Conflict): Promise<void>;
  /** Runs a statement with `?` placeholders after writing what is buffered. */
  run(sql: string, params?: readonly unknown[]): Promise<void>;
  /** Runs a query with `?` placeholders after writing what is buffered. */
  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  flush(): Promise<void>;
  /**
   * SQLite only: attaches another database file to the connection under `schema` until the
   * import's transaction ends (it is detached right after the commit or rollback).
   */
  attach(file: string, schema: string): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

function insertSql(
  table: string,
  columns: readonly string[],
  rowCount: number,
  conflict: Conflict,
  placeholder: (i: number) => string,
  orFail = false,
  values: ColumnValues = {},
): string {
  const cols = columns.map(quoteIdentifier).join(', ');
  const tuples: string[] = [];
  let n = 0;
  const value = (column: string) => (values[column] ?? '?').replace(/\?/g, () => placeholder(++n));
  for (let r = 0; r < rowCount; r++) tuples.push(`(${columns.map(value).join(', ')})`);
  let sql = `insert ${orFail ? 'or fail ' : ''}into ${quoteIdentifier(table)} (${cols}) values ${tuples.join(', ')}`;
  if (conflict.kind === 'ignore') sql += ' on conflict do nothing';
  if (conflict.kind === 'update') {
    const updates = columns
      .filter((c) => !conflict.key.includes(c))
      .map((c) => `${quoteIdentifier(c)} = excluded.${quoteIdentifier(c)}`);
    sql += ` on conflict (${conflict.key.map(quoteIdentifier).join(', ')}) do update set ${updates.join(', ')}`;
  }
  return sql;
}

/**
 * Rows per INSERT on SQLite: enough that the cost per statement vanishes. A shorter tail gets a
 * statement of its own length (cached like the others), so a page's rows never go one by one.
 */
const SQLITE_ROWS_PER_INSERT = 64;

/** SQLite page cache during an import, in KiB (negative: a size rather than a page count). */
const IMPORT_CACHE_KIB = -16_000;

const conflictKey = (c: Conflict) => (c.kind === 'update' ? `update:${c.key.join(',')}` : c.kind);

/**
 * SQLite: the cached INSERT statements of a connection; given a table, its columns and conflict
 * handling, the statement that writes `count` rows.
 */
function insertStatements(sqlite: NonNullable<WikiStore['sqlite']>) {
  const cache = new Map<string, ReturnType<typeof sqlite.prepare>>();
  return (table: string, columns: readonly string[], conflict: Conflict, values: ColumnValues) => {
    const prefix = `${table}|${columns.join(',')}|${conflictKey(conflict)}|${JSON.stringify(values)}|`;
    return (count: number) => {
      const key = prefix + count;
      let prepared = cache.get(key);
      if (!prepared) {
        // OR FAIL: a statement that fails keeps the rows it wrote before, which the import's
        // rollback removes with the rest. A statement that would undo its own rows opens a
        // statement journal (a savepoint) before writing several rows: it copies every page it
        // changes there first, and makes FTS5 write out the search entries it gathered. Writing
        // the generated 100,000-page dump, that made the link and content inserts a quarter
        // slower and cost 10 s of the system's time. Upserts go one row at a time and open none.
        // Inserts into a virtual table (the search index) open one whatever their conflict
        // clause says: SQLite cannot know that the table will not have to undo some rows.
        prepared = sqlite.prepare(
          insertSql(table, columns, count, conflict, () => '?', conflict.kind !== 'update', values),
        );
        cache.set(key, prepared);
      }
      return prepared;
    };
  };
}

async function sqliteWriter(store: WikiStore, options: BulkWriterOptions): Promise<BulkWriter> {
  const sqlite = store.sqlite!;
  // Filling an empty store: with a rollback journal the rows are written once, to the database
  // file (pages past its old end need no journal), where the write-ahead log would take them all
  // and copy them again at the commit. Only possible while no other connection has the file open;
  // otherwise the mode stays as it is.
  const direct = options.emptyStore === true && sqlite.pragma('journal_mode', { simple: true }) === 'wal';
  let journal: string | undefined;
  try {
    if (direct) journal = String(sqlite.pragma('journal_mode = delete', { simple: true }));
  } catch {
    // Another connection holds the file: the import goes through the write-ahead log.
  }
  // A larger page cache and sorter threads for the bulk load and the index builds at its end.
  const cacheSize = sqlite.pragma('cache_size', { simple: true });
  const threads = sqlite.pragma('threads', { simple: true });
  sqlite.pragma(`cache_size = ${IMPORT_CACHE_KIB}`);
  sqlite.pragma('threads = 2');
  const restore = () => {
    sqlite.pragma(`cache_size = ${Number(cacheSize)}`);
    sqlite.pragma(`threads = ${Number(threads)}`);
    if (journal === 'delete') sqlite.pragma('journal_mode = wal');
  };
  sqlite.exec('begin immediate');
  const statements = new Map<string, ReturnType<typeof sqlite.prepare>>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = sqlite.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const insertStatement = insertStatements(sqlite);
  let open = true;
  // Attached files are let go before the journal mode is set back: without a schema, that pragma
  // would change theirs too.
  const attached: string[] = [];
  const detachAll = () => {
    for (const schema of attached.splice(0)) sqlite.prepare('detach database ?').run(schema);
  };
  return {
    engine: 'sqlite',
    db: store.db,
    async insert(table, columns, rows, conflict = { kind: 'error' }, values = {}) {
      if (rows.length === 0) return;
      const statement = insertStatement(table, columns, conflict, values);
      // Several rows per statement save a round of binding and stepping per row; an upsert takes
      // one row at a time, as a statement may not update a row twice.
      const perStatement = conflict.kind === 'update' ? 1 : SQLITE_ROWS_PER_INSERT;
      // A row's values: one a column, or as many as the column's SQL takes.
      const width = columns.reduce((sum, column) => sum + (values[column]?.split('?').length ?? 2) - 1, 0);
      for (let start = 0; start < rows.length; start += perStatement) {
        const count = Math.min(perStatement, rows.length - start);
        const params = new Array<unknown>(count * width);
        for (let r = 0; r < count; r++) {
          const row = rows[start + r]!;
          for (let c = 0; c < width; c++) params[r * width + c] = row[c];
        }
        statement(count).run(params);
      }
    },
    async insertFlat(table, columns, flat, conflict = { kind: 'error' }) {
      if (flat.length === 0) return;
      const statement = insertStatement(table, columns, conflict, {});
      const width = columns.length;
      const rows = flat.length / width;
      const perStatement = conflict.kind === 'update' ? 1 : SQLITE_ROWS_PER_INSERT;
      if (rows <= perStatement) {
        statement(rows).run(flat as unknown[]);
        return;
      }
      for (let start = 0; start < rows; start += perStatement) {
        const count = Math.min(perStatement, rows - start);
        statement(count).run(flat.slice(start * width, (start + count) * width));
      }
    },
    async run(sql, params = []) {
      prepare(sql).run(params as unknown[]);
    },
    async all<T>(sql: string, params: readonly unknown[] = []) {
      return prepare(sql).all(params as unknown[]) as T[];
    },
    async flush() {},
    async attach(file, schema) {
      sqlite.prepare('attach database ? as ?').run(file, schema);
      attached.push(schema);
    },
    async commit() {
      if (!open) return;
      open = false;
      sqlite.exec('commit');
      detachAll();
      restore();
    },
    async rollback() {
      if (!open) return;
      open = false;
      if (sqlite.inTransaction) sqlite.exec('rollback');
      detachAll();
      restore();
    },
  };
}

/** Parameters per statement, well under PostgreSQL's limit of 65,535. */
const MAX_PARAMETERS = 30_000;

async function postgresWriter(store: WikiStore): Promise<BulkWriter> {
  const client: pg.PoolClient = await store.pool!.connect();
  await client.query('begin');
  // A Kysely whose every query runs on this one connection, inside the transaction.
  const db = new Kysely<WikiDatabase>({
    dialect: new PostgresDialect({
      pool: {
        connect: async () => ({ query: client.query.bind(client) as never, release() {} }),
        end: async () => {},
      },
    }),
  });
  interface Buffer {
    table: string;
    columns: readonly string[];
    conflict: Conflict;
    rows: unknown[][];
    byKey?: Map<string, unknown[]>;
    keyOf?: (row: readonly unknown[]) => string;
  }
  const buffers = new Map<string, Buffer>();
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  const write = async (buffer: Buffer) => {
    const rows = buffer.byKey ? [...buffer.byKey.values()] : buffer.rows;
    const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / buffer.columns.length));
    for (let i = 0; i < rows.length; i += perStatement) {
      const chunk = rows.slice(i, i + perStatement);
      const sql = insertSql(buffer.table, buffer.columns, chunk.length, buffer.conflict, (n) => `$${n}`);
      await client.query(sql, chunk.flat());
    }
    buffer.rows = [];
    buffer.byKey?.clear();
  };
  const flush = async () => {
    for (const buffer of buffers.values()) if (buffer.rows.length || buffer.byKey?.size) await write(buffer);
  };
  let open = true;
  const release = (err?: Error) => {
    if (!open) return;
    open = false;
    client.release(err);
  };
  const writer: BulkWriter = {
    engine: 'postgres',
    db,
    async insert(table, columns, rows, conflict = { kind: 'error' }, values) {
      if (rows.length === 0) return;
      if (values && Object.keys(values).length > 0) {
        throw new Error(`inserting into ${table}: SQL for a column's values is for SQLite stores only`);
      }
      const key = `${table}|${columns.join(',')}|${conflictKey(conflict)}`;
      let buffer = buffers.get(key);
      if (!buffer) {
        buffer = { table, columns, conflict, rows: [] };
        if (conflict.kind === 'update') {
          const keyIndexes = conflict.key.map((k) => columns.indexOf(k));
          buffer.byKey = new Map();
          buffer.keyOf = (row) => keyIndexes.map((i) => String(row[i])).join('\u0000');
        }
        buffers.set(key, buffer);
      }
      if (buffer.byKey) {
        // An upsert may not touch one row twice in a statement: a later row for a key replaces the earlier.
        for (const row of rows) buffer.byKey.set(buffer.keyOf!(row), row as unknown[]);
        if (buffer.byKey.size * columns.length >= MAX_PARAMETERS) await write(buffer);
        return;
      }
      for (const row of rows) buffer.rows.push(row as unknown[]);
      if (buffer.rows.length * columns.length >= MAX_PARAMETERS) await write(buffer);
    },
    async insertFlat(table, columns, flat, conflict) {
      const rows: unknown[][] = [];
      for (let i = 0; i < flat.length; i += columns.length) rows.push(flat.slice(i, i + columns.length));
      await writer.insert(table, columns, rows, conflict);
    },
    async run(sql, params = []) {
      await flush();
      await client.query(numbered(sql), params as unknown[]);
    },
    async all<T>(sql: string, params: readonly unknown[] = []) {
      await flush();
      const result = await client.query(numbered(sql), params as unknown[]);
      return result.rows as T[];
    },
    flush,
    async attach() {
      throw new Error('attaching a database file is for SQLite stores');
    },
    async commit() {
      await flush();
      await client.query('commit');
      release();
    },
    async rollback() {
      if (!open) return;
      try {
        await client.query('rollback');
        release();
      } catch (err) {
        release(err as Error);
      }
    },
  };
  return writer;
}

export interface BulkWriterOptions {
  /** The store has no pages: an import fills it (SQLite then writes the rows once, see above). */
  emptyStore?: boolean;
}

/** Starts the import's transaction on the store's engine. */
export function openBulkWriter(store: WikiStore, options: BulkWriterOptions = {}): Promise<BulkWriter> {
  return store.engine === 'sqlite' ? sqliteWriter(store, options) : postgresWriter(store);
}
