import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { openBulkWriter } from '../../src/import/bulk-writer.js';
import { importTestStores } from './test-stores.js';

const COLUMNS = ['pl_from', 'pl_namespace', 'pl_title', 'pl_from_namespace'];
const link = (from: number, title: string | null) => [from, 0, title, 0];

describeEachEngine('bulk writer', (engine) => {
  const { freshStore } = importTestStores(engine, 'bulk-writer-');

  const titles = async (store: Awaited<ReturnType<typeof freshStore>>) =>
    (await store.db.selectFrom('pagelinks').select('pl_title').orderBy('pl_title').execute()).map((r) => r.pl_title);

  test('rows of many statements are written; a duplicate key is skipped where asked', async () => {
    const store = await freshStore();
    const writer = await openBulkWriter(store, { emptyStore: true });
    const rows = Array.from({ length: 150 }, (_, i) => link(1, `T${String(i).padStart(3, '0')}`));
    await writer.insert('pagelinks', COLUMNS, rows);
    await writer.insert('pagelinks', COLUMNS, [link(1, 'T000'), link(2, 'T000')], { kind: 'ignore' });
    await writer.commit();
    const written = await titles(store);
    assert.equal(written.length, 151);
    assert.deepEqual(written.slice(0, 2), ['T000', 'T000']);
  });

  test('rows laid end to end in one array are written as rows, over several statements and in one', async () => {
    const store = await freshStore();
    const writer = await openBulkWriter(store, { emptyStore: true });
    const flat = Array.from({ length: 150 }, (_, i) => link(3, `F${String(i).padStart(3, '0')}`)).flat();
    await writer.insertFlat('pagelinks', COLUMNS, flat);
    await writer.insertFlat('pagelinks', COLUMNS, [...link(3, 'F000'), ...link(4, 'F000')], { kind: 'ignore' });
    await writer.insertFlat('pagelinks', COLUMNS, []);
    await writer.commit();
    const rows = await store.db
      .selectFrom('pagelinks')
      .select(['pl_from', 'pl_title'])
      .orderBy('pl_title')
      .orderBy('pl_from')
      .execute();
    assert.equal(rows.length, 151);
    assert.deepEqual(
      rows.slice(0, 3).map((r) => [Number(r.pl_from), r.pl_title]),
      [
        [3, 'F000'],
        [4, 'F000'],
        [3, 'F001'],
      ],
    );
    assert.deepEqual(rows.at(-1)?.pl_title, 'F149');
  });

  test("a column's SQL takes its own values from the row (SQLite); PostgreSQL refuses it", async () => {
    const store = await freshStore();
    const writer = await openBulkWriter(store, { emptyStore: true });
    const values = { pl_title: "cast(? as text) || '_' || ?" };
    // UTF-8 bytes and strings alike, across more rows than one statement holds.
    const rows = Array.from({ length: 70 }, (_, i) => [
      1,
      0,
      i % 2 ? new TextEncoder().encode(`Häuser${i}`) : `Haus${i}`,
      String(i),
      0,
    ]);
    if (engine.name !== 'sqlite') {
      await assert.rejects(writer.insert('pagelinks', COLUMNS, rows, undefined, values), /SQLite stores only/);
      await writer.rollback();
      return;
    }
    await writer.insert('pagelinks', COLUMNS, rows, undefined, values);
    await writer.commit();
    const written = store
      .sqlite!.prepare('select typeof(pl_title) as t, pl_title as v from pagelinks order by pl_title')
      .all() as Array<{ t: string; v: string }>;
    assert.equal(written.length, 70);
    assert.ok(written.every((row) => row.t === 'text'));
    assert.deepEqual(
      written.slice(0, 3).map((row) => row.v),
      ['Haus0_0', 'Haus10_10', 'Haus12_12'],
    );
    assert.ok(written.some((row) => row.v === 'Häuser69_69'));
  });

  test('a row that breaks a constraint fails the insert, and the rollback leaves nothing of it', async () => {
    const store = await freshStore();
    const writer = await openBulkWriter(store, { emptyStore: true });
    await writer.insert('pagelinks', COLUMNS, [link(1, 'Before')]);
    // The bad row comes after good ones in the same statement.
    const insert = writer.insert('pagelinks', COLUMNS, [link(2, 'A'), link(2, 'B'), link(2, null), link(2, 'C')]);
    const duplicate = () => writer.insert('pagelinks', COLUMNS, [link(3, 'X'), link(3, 'X')]);
    if (engine.name === 'sqlite') {
      await assert.rejects(insert, /NOT NULL/);
      await assert.rejects(duplicate(), /UNIQUE|PRIMARY KEY/);
    } else {
      // PostgreSQL buffers the rows and meets the error when they are sent.
      await insert;
      await assert.rejects(writer.flush(), /null value/);
    }
    await writer.rollback();
    assert.deepEqual(await titles(store), []);
  });
  test('SQLite: several rows a statement open no statement journal (FTS5 keeps gathering), but those into FTS5 itself do', async (t) => {
    if (engine.name !== 'sqlite') return t.skip('SQLite only');
    const store = await freshStore();
    const writer = await openBulkWriter(store, { emptyStore: true });
    const stored = () =>
      Number((store.sqlite!.prepare('select count(*) as n from searchindex_data').get() as { n: number }).n);
    const entry = (id: number) => [id, `words of page ${id}`];
    const SEARCH = ['rowid', 'si_text'];
    await writer.insert('searchindex', SEARCH, [entry(1)]);
    const before = stored();
    for (let page = 2; page < 6; page++) {
      await writer.insert('pagelinks', COLUMNS, [link(page, 'A'), link(page, 'B')]);
      await writer.insert('searchindex', SEARCH, [entry(page)]);
    }
    // A savepoint would have made FTS5 write a segment of what it held each time.
    assert.equal(stored(), before);
    // An insert of several rows into the index itself opens one, whatever its conflict clause:
    // what FTS5 held is written out then (the importer's batches of entries count on this).
    await writer.insert('searchindex', SEARCH, [entry(6), entry(7)]);
    assert.ok(stored() > before);
    await writer.rollback();
  });
});
