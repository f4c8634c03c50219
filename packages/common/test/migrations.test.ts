import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Kysely, Migration } from 'kysely';
import { migrateToLatest } from '../src/migrations.js';
import { describeEachEngine, useTestDatabase } from '../src/testing.js';

function creates(table: string): Migration {
  return {
    up: async (db: Kysely<any>) => {
      await db.schema.createTable(table).addColumn('id', 'integer').execute();
    },
  };
}

describeEachEngine('migrations', (engine) => {
  const database = useTestDatabase(engine);

  test('a migration named before one already applied (another part of the service) still applies', async () => {
    const { db } = database();
    assert.deepEqual(await migrateToLatest(db, { '0001_a': creates('a'), '0100_c': creates('c') }), [
      '0001_a',
      '0100_c',
    ]);
    const all = { '0001_a': creates('a'), '0006_b': creates('b'), '0100_c': creates('c') };
    assert.deepEqual(await migrateToLatest(db, all), ['0006_b']);
    assert.deepEqual(await migrateToLatest(db, all), []);
    await db
      .insertInto('b' as never)
      .values({ id: 1 } as never)
      .execute();
  });
});
