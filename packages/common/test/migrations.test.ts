import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Kysely, type Migration, sql } from 'kysely';
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

  test('a failing migration leaves the schema as it was: the migrations of a run apply together or not at all', async () => {
    const { db } = database();
    const failing: Migration = {
      up: async (db: Kysely<any>) => {
        await db.schema.createTable('half').addColumn('id', 'integer').execute();
        await sql`select * from no_such_table`.execute(db);
      },
    };
    // The migrations the test above applied are there already.
    const applied = { '0001_a': creates('a'), '0006_b': creates('b'), '0100_c': creates('c') };
    await migrateToLatest(db, applied);
    await assert.rejects(
      migrateToLatest(db, { ...applied, '0200_d': creates('d'), '0201_failing': failing }),
      /database migration 0201_failing failed/,
    );
    const tables = await db.introspection.getTables();
    const names = tables.map((t) => t.name);
    assert.ok(!names.includes('d'), `table d was kept: ${names.join(', ')}`);
    assert.ok(!names.includes('half'), `table half was kept: ${names.join(', ')}`);
    assert.deepEqual(await migrateToLatest(db, { ...applied, '0200_d': creates('d') }), ['0200_d']);
  });
});
