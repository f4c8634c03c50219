/**
 * The named-statement pool on a real PostgreSQL server (`TEST_DATABASE_URL`): a client it handed
 * to Kysely, back in pg's own pool, still answers pg's `Pool.query`, which passes a callback.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { NamedStatementPool } from '../src/database.js';

const url = process.env.TEST_DATABASE_URL;

test('a client named for Kysely still answers pg’s own Pool.query', {
  skip: url ? false : 'TEST_DATABASE_URL is not set',
}, async () => {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = new Kysely<Record<string, never>>({
    dialect: new PostgresDialect({ pool: new NamedStatementPool(pool) }),
  });
  try {
    const viaKysely = await sql<{ n: number }>`select ${2}::int as n`.execute(db);
    assert.equal(viaKysely.rows[0]?.n, 2);
    // One connection: Pool.query gets the client Kysely used, with its query wrapped.
    const direct = await Promise.race([
      pool.query<{ n: number }>('select 3::int as n'),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Pool.query never answered')), 10_000)),
    ]);
    assert.equal(direct.rows[0]?.n, 3);
    const withValues = await pool.query<{ n: number }>('select $1::int as n', [4]);
    assert.equal(withValues.rows[0]?.n, 4);
  } finally {
    await db.destroy();
  }
});
