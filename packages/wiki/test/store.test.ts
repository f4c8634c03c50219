import assert from 'node:assert/strict';
import { test } from 'node:test';
import { migrateToLatest } from '@svc/common';
import { describeEachEngine, useTestDatabase } from '@svc/common/testing';
import { migrations } from '../src/store/migrations/index.js';
import type { WikiDatabase } from '../src/store/schema.js';

describeEachEngine('wiki store', (engine) => {
  const store = useTestDatabase<WikiDatabase>(engine);

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
