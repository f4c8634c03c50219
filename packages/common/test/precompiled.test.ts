import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../src/database.js';
import { checkPrecompiledShapes, precompiled } from '../src/precompiled.js';

interface Db {
  t: { id: number; name: string; size: number };
}

test('a precompiled query runs with each call’s values, and a shape whose values come out of order fails', async () => {
  const { db, close } = openDatabase<Db>({ engine: 'sqlite', file: ':memory:' });
  try {
    await sql`create table t (id integer primary key, name text not null, size integer not null)`.execute(db);
    await db
      .insertInto('t')
      .values([1, 2, 3, 4, 5].map((id) => ({ id, name: `n${id}`, size: id * 10 })))
      .execute();
    const bigger = (size: number, limit: number) =>
      precompiled(
        db,
        'test: bigger than',
        (d) => d.selectFrom('t').select(['id', 'name']).where('size', '>', size).orderBy('id').limit(limit),
        [size, limit],
      );
    assert.deepEqual((await db.executeQuery(bigger(20, 2))).rows, [
      { id: 3, name: 'n3' },
      { id: 4, name: 'n4' },
    ]);
    // Outside the tests the second call is not built: its values go into the SQL of the first.
    const checking = checkPrecompiledShapes(false);
    let built = false;
    const again = precompiled(
      db,
      'test: bigger than',
      (d) => {
        built = true;
        return d.selectFrom('t').select(['id', 'name']).where('size', '>', 40).limit(9);
      },
      [40, 9],
    );
    assert.equal(built, false);
    assert.deepEqual((await db.executeQuery(again)).rows, [{ id: 5, name: 'n5' }]);
    // Under the tests, that second shape under the first one's name fails.
    checkPrecompiledShapes(true);
    assert.throws(
      () =>
        precompiled(
          db,
          'test: bigger than',
          (d) => d.selectFrom('t').select(['id', 'name']).where('size', '>', 40).limit(9),
          [40, 9],
        ),
      /test: bigger than: this call's query differs/,
    );
    assert.doesNotThrow(() => bigger(30, 1));
    checkPrecompiledShapes(checking);
    // Values given in another order than the query uses them.
    assert.throws(
      () =>
        precompiled(
          db,
          'test: swapped',
          (d) => d.selectFrom('t').select('id').where('size', '>', 10).limit(3),
          [3, 10],
        ),
      /precompiled query test: swapped/,
    );
  } finally {
    await close();
  }
});
