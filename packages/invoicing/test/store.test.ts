import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { migrateToLatest } from '@svc/common';
import { describeEachEngine, useTestDatabase } from '@svc/common/testing';
import { type Kysely, sql } from 'kysely';
import {
  openInvoicingStore,
  openReadConnection,
  READER_CACHE_KIB,
  readTogether,
  WRITER_CACHE_KIB,
} from '../src/store/database.js';
import { migrations } from '../src/store/migrations/index.js';
import type { InvoicingDatabase } from '../src/store/schema.js';

describeEachEngine('invoicing store', (engine) => {
  const store = useTestDatabase<InvoicingDatabase>(engine);

  test('migrations apply once and a row is written and read back', async () => {
    const { db } = store();
    const applied = await migrateToLatest(db, migrations);
    assert.deepEqual(applied, Object.keys(migrations));
    assert.deepEqual(await migrateToLatest(db, migrations), [], 'a second run applies nothing');
    await db.insertInto('service_meta').values({ key: 'greeting', value: 'grüß dich' }).execute();
    const row = await db.selectFrom('service_meta').selectAll().where('key', '=', 'greeting').executeTakeFirstOrThrow();
    assert.equal(row.value, 'grüß dich');
  });
});

test("SQLite connections keep bounded page caches, not better-sqlite3's 16 MB each", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'invoicing-cache-'));
  const store = await openInvoicingStore({ engine: 'sqlite', file: join(dir, 'invoicing.db') });
  const reader = openReadConnection(store);
  try {
    const cacheSize = async (db: Kysely<any>) =>
      Number((await sql<{ cache_size: number }>`pragma cache_size`.execute(db)).rows[0]?.cache_size);
    assert.equal(await cacheSize(store.db), -WRITER_CACHE_KIB);
    assert.equal(await cacheSize(reader.db), -READER_CACHE_KIB);
    assert.ok(WRITER_CACHE_KIB + READER_CACHE_KIB <= 4096, 'together at most 4 MiB');
  } finally {
    await reader.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('reads made together see one snapshot: a commit between them is not seen until the next read', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'invoicing-snapshot-'));
  const store = await openInvoicingStore({ engine: 'sqlite', file: join(dir, 'invoicing.db') });
  const reader = openReadConnection(store);
  try {
    await store.db.insertInto('service_meta').values({ key: 'snapshot', value: 'before' }).execute();
    const value = async (db: Kysely<InvoicingDatabase>) =>
      (await db.selectFrom('service_meta').select('value').where('key', '=', 'snapshot').executeTakeFirstOrThrow())
        .value;
    const seen = await readTogether(reader.db, async (db) => {
      const first = await value(db);
      await store.db.updateTable('service_meta').set({ value: 'after' }).where('key', '=', 'snapshot').execute();
      return [first, await value(db)];
    });
    assert.deepEqual(seen, ['before', 'before']);
    assert.equal(await value(reader.db), 'after');
  } finally {
    await reader.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
