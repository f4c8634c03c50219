/**
 * Answers of a PostgreSQL node's read statements, kept between requests while the store's changes
 * are reported (`rowsCanBeKept`: the change watch of a serving node, store/change-watch.ts).
 *
 * On SQLite a statement is a call into the process; on PostgreSQL it is a round trip: the
 * statement is written to a socket, the server's process wakes up, runs it and writes the rows
 * back, and they are decoded from text. A page of 50 rows costs a node several times the CPU it
 * costs on SQLite, and as much again on the database server, where the rows did not change since
 * the last request that asked for them. Here a read statement's rows are kept under its text and
 * values, and given again (each request gets copies, which it may change) until the store
 * changes: the rule of the row cache (row-cache.ts), so a kept answer is never older than what
 * the change watch vouches for, about half a second on the database the node reads.
 *
 * What is never kept: a statement inside a transaction (it may read its own writes); anything
 * but a plain `select`; a statement calling a function whose answer changes by itself (`now()`,
 * `random()`, the server's `pg_*`); and any statement reading the tables a request writes or
 * must see at once on every node (sessions, login attempts, users and their settings, watchlists,
 * blocks). A write through the store's own connections reports the change at once (after its
 * commit), so a node sees its own writes without waiting for the watch.
 */
import type pg from 'pg';
import { BoundedMap, reportedChanges, rowsCanBeKept, storeChanged } from './cache-toolkit.js';
import type { WikiStore } from './database.js';

/** Statements kept, and their weight together (see `weightOf`: about characters). */
const MAX_ANSWERS = 5_000;
const MAX_WEIGHT = 32_000_000;
/** An answer weighing more is not kept (revision texts have a cache of their own, content-cache.ts). */
const MAX_ANSWER_WEIGHT = 1_000_000;
/** What a row costs beside its texts and bytes. */
const ROW_WEIGHT = 64;

/** An answer's weight: its rows, and the characters and bytes of their values. */
function weightOf(rows: readonly object[]): number {
  let weight = rows.length * ROW_WEIGHT;
  for (const row of rows) {
    for (const value of Object.values(row)) {
      if (typeof value === 'string') weight += value.length;
      else if (value instanceof Uint8Array) weight += value.byteLength;
    }
  }
  return weight;
}

/** Tables whose rows are read fresh on every request. */
const FRESH_TABLES = [
  'session',
  'login_attempt',
  'user',
  'user_properties',
  'user_groups',
  'user_former_groups',
  'bot_passwords',
  'watchlist',
  'watchlist_expiry',
  'ipblocks',
  'ipblocks_restrictions',
  'replica_state',
];
const READS_FRESH = new RegExp(
  `\\b(?:"?(?:${FRESH_TABLES.join('|')})"?)(?![\\w$])|\\bfor\\s+(?:update|share)\\b|\\b(?:now|random|nextval|currval|lastval|setval|clock_timestamp|statement_timestamp|timeofday|pg_\\w+|txid_\\w+|current_\\w+)\\s*\\(|\\bcurrent_(?:timestamp|date|time|user)\\b`,
  'i',
);

/**
 * Whether a statement's answer may be kept: a plain read of tables only imports write. A statement
 * reading no table (the health probe's `select 1`) asks the database itself and is always sent.
 */
export function answerCanBeKept(text: string): boolean {
  return /^\s*select\b/i.test(text) && /\bfrom\b/i.test(text) && !READS_FRESH.test(text);
}

interface Answer {
  rows: object[];
  weight: number;
  /** The store's reported changes when the answer was read. */
  changes: number;
}

interface ClientState {
  inTransaction: boolean;
  wrote: boolean;
}

const bigintSafe = (_key: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value);

function statementVerb(text: string): string {
  return /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? '';
}

/** A result as pg gives it, from kept rows (copies: a request may change the rows it is given). */
function answered(rows: object[]): pg.QueryResult {
  return { command: 'SELECT', rowCount: rows.length, rows: rows.map((row) => ({ ...row })) } as pg.QueryResult;
}

/**
 * A pool whose clients answer kept statements from memory: wraps the pool a PostgreSQL store's
 * Kysely instance reads through. `store` is set once the store is made.
 */
export class ResultCachingPool {
  store?: WikiStore;
  private readonly answers = new BoundedMap<string, Answer>({
    maxEntries: MAX_ANSWERS,
    weigh: (answer) => answer.weight,
    maxWeight: MAX_WEIGHT,
  });
  private changes = -1;

  constructor(private readonly pool: { connect(): Promise<pg.PoolClient>; end(): Promise<void> }) {}

  async connect(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    const marked = client as pg.PoolClient & { keptAnswers?: ClientState };
    if (!marked.keptAnswers) {
      const state: ClientState = { inTransaction: false, wrote: false };
      marked.keptAnswers = state;
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
      (client as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
        if (typeof text !== 'string' || rest.length > 0 || typeof values === 'function') {
          return query(text, values, ...rest);
        }
        return this.run(state, query, text, Array.isArray(values) ? values : []);
      };
    }
    return client;
  }

  end(): Promise<void> {
    return this.pool.end();
  }

  private async run(
    state: ClientState,
    query: (text: string, values: unknown[]) => Promise<pg.QueryResult>,
    text: string,
    values: unknown[],
  ): Promise<pg.QueryResult> {
    const store = this.store;
    const verb = statementVerb(text);
    if (verb === 'select' && store && !state.inTransaction && rowsCanBeKept(store) && answerCanBeKept(text)) {
      return this.read(store, query, text, values);
    }
    if (verb === 'begin' || verb === 'start') state.inTransaction = true;
    try {
      return await query(text, values);
    } finally {
      if (verb === 'commit' || verb === 'rollback' || verb === 'end' || verb === 'abort') {
        state.inTransaction = false;
        if (state.wrote && store) storeChanged(store);
        state.wrote = false;
      } else if (verb !== 'select' && verb !== 'begin' && verb !== 'start') {
        // A write (or anything that may be one): reported once it is committed.
        if (state.inTransaction) state.wrote = true;
        else if (store) storeChanged(store);
      }
    }
  }

  private async read(
    store: WikiStore,
    query: (text: string, values: unknown[]) => Promise<pg.QueryResult>,
    text: string,
    values: unknown[],
  ): Promise<pg.QueryResult> {
    const changes = reportedChanges(store);
    if (changes !== this.changes) {
      this.answers.clear();
      this.changes = changes;
    }
    const key = `${text}\u0000${JSON.stringify(values, bigintSafe)}`;
    const kept = this.answers.get(key);
    if (kept && kept.changes === changes) return answered(kept.rows);
    const result = await query(text, values);
    // Read while the store changed: maybe older than the change, not kept.
    if (reportedChanges(store) === changes && Array.isArray(result.rows)) {
      const weight = weightOf(result.rows);
      if (weight <= MAX_ANSWER_WEIGHT) {
        this.answers.set(key, { rows: result.rows.map((row) => Object.freeze({ ...row })), weight, changes });
      }
    }
    return result;
  }
}
