/**
 * A PostgreSQL store read from streaming replicas: the node's queries go to the replicas (each
 * query to the next one, round robin), while imports, sessions, logins and throttles read and
 * write the primary (`primaryOf`). The replicas also say how far behind the primary they are
 * (`maxlag`) and when they replayed a change (the change watch below).
 */

import { NamedStatementPool } from '@svc/common';
import { Kysely, PostgresDialect, type PostgresPool, sql } from 'kysely';
import pg from 'pg';
import { ResultCachingPool } from './result-cache.js';
import type { WikiDatabase } from './schema.js';

/** A replica's lag, as `maxlag` reports it: whole seconds, and the server it is. */
export interface ReplicaLag {
  host: string;
  lag: number;
}

/** Each read takes a connection from the next replica's pool. */
class RoundRobinPool implements PostgresPool {
  private next = 0;
  constructor(private readonly pools: pg.Pool[]) {}
  connect(): Promise<pg.PoolClient> {
    const pool = this.pools[this.next] as pg.Pool;
    this.next = (this.next + 1) % this.pools.length;
    return pool.connect();
  }
  async end() {
    await Promise.all(this.pools.map((pool) => pool.end()));
  }
}

/** How long a measured lag is reused: bots send `maxlag` with every request. */
const LAG_REUSED_MS = 1000;

/**
 * How lagged a replica is: nothing when it has replayed all it received, else the time since the
 * last transaction it replayed was committed on the primary. A primary (not in recovery) has none.
 */
const LAG_QUERY = `select case
  when not pg_is_in_recovery() then 0
  when pg_last_wal_receive_lsn() is null or pg_last_wal_receive_lsn() <= pg_last_wal_replay_lsn() then 0
  else floor(extract(epoch from now() - pg_last_xact_replay_timestamp()))
end::float8 as lag`;

export class ReadReplicas {
  readonly db: Kysely<WikiDatabase>;
  /** The pool `db` reads through, which keeps answers of read statements (result-cache.ts). */
  readonly keeping: ResultCachingPool;
  private readonly pools: pg.Pool[];
  private lagged?: { at: number; lag: Promise<ReplicaLag> };

  constructor(
    readonly urls: readonly string[],
    poolSize: number,
    statementTimeoutMs?: number,
  ) {
    this.pools = urls.map((url) => {
      const timeout = statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {};
      const pool = new pg.Pool({ connectionString: url, max: poolSize, ...timeout });
      // An idle client that loses its connection must not crash the process; the next query reports it.
      pool.on('error', () => {});
      return pool;
    });
    this.keeping = new ResultCachingPool(new NamedStatementPool(new RoundRobinPool(this.pools)));
    this.db = new Kysely<WikiDatabase>({ dialect: new PostgresDialect({ pool: this.keeping }) });
  }

  /** The most lagged replica (MediaWiki's `maxlag` compares with the largest lag), measured at most once a second. */
  maxLag(): Promise<ReplicaLag> {
    const now = Date.now();
    if (this.lagged && now - this.lagged.at < LAG_REUSED_MS) return this.lagged.lag;
    const lag = Promise.all(
      this.pools.map(async (pool, i) => {
        const result = await pool.query<{ lag: number }>(LAG_QUERY);
        return { host: new URL(this.urls[i] as string).host, lag: Number(result.rows[0]?.lag ?? 0) };
      }),
    ).then((lags) => lags.reduce((worst, l) => (l.lag > worst.lag ? l : worst)));
    // A failed measurement is not reused.
    lag.catch(() => {
      if (this.lagged?.lag === lag) this.lagged = undefined;
    });
    this.lagged = { at: now, lag };
    return lag;
  }

  /**
   * Where each replica's replay stands (its last replayed WAL position), joined in one string: it
   * changes whenever a replica applied a change of the primary.
   */
  async replayPosition(): Promise<string> {
    const positions = await Promise.all(
      this.pools.map(async (pool) => {
        const result = await pool.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn');
        return result.rows[0]?.lsn ?? '';
      }),
    );
    return positions.join(' ');
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}

/** Where a PostgreSQL database's data stands: the WAL position written (a primary) or replayed (a replica). */
export async function walPosition(db: Kysely<WikiDatabase>): Promise<string> {
  const result = await sql<{ lsn: string | null }>`select (case when pg_is_in_recovery()
    then pg_last_wal_replay_lsn() else pg_current_wal_lsn() end)::text as lsn`.execute(db);
  return result.rows[0]?.lsn ?? '';
}
