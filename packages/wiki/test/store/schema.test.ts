import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { migrateToLatest } from '@svc/common';
import { describeEachEngine, useTestDatabase } from '@svc/common/testing';
import { sql } from 'kysely';
import { defaultSite } from '../../src/site/defaults.js';
import { openWikiStore } from '../../src/store/database.js';
import { syncIdSequences } from '../../src/store/id-sequences.js';
import * as m0016 from '../../src/store/migrations/0016_link_tables_without_rowid.js';
import { migrations } from '../../src/store/migrations/index.js';
import type { WikiDatabase } from '../../src/store/schema.js';
import { loadSite, saveSite } from '../../src/store/site-store.js';

describeEachEngine('wiki store', (engine) => {
  const store = useTestDatabase<WikiDatabase>(engine);

  test('migrations apply once', async () => {
    const { db } = store();
    const applied = await migrateToLatest(db, migrations);
    assert.deepEqual(applied, Object.keys(migrations));
    assert.deepEqual(await migrateToLatest(db, migrations), [], 'a second run applies nothing');
  });

  test('titles sort by their UTF-8 bytes, as in MediaWiki', async () => {
    const { db } = store();
    const titles = ['Zürich', 'apfel', 'Äpfel', 'Zebra', 'Ωmega', 'Apfel_(Frucht)', 'Apfel', '東京', '𝔸'];
    let id = 100;
    for (const title of titles) {
      await db
        .insertInto('page')
        .values({
          page_id: id++,
          page_namespace: 0,
          page_title: title,
          page_random: 0.5,
          page_touched: '20260101000000',
          page_latest: 0,
          page_len: 0,
        })
        .execute();
    }
    const rows = await db
      .selectFrom('page')
      .select('page_title')
      .where('page_namespace', '=', 0)
      .orderBy('page_title')
      .execute();
    const byBytes = [...titles].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    assert.deepEqual(
      rows.map((r) => r.page_title),
      byBytes,
    );
    const prefixed = await db
      .selectFrom('page')
      .select('page_title')
      .where('page_namespace', '=', 0)
      .where('page_title', '>=', 'Apfel')
      .where('page_title', '<', 'Apfem')
      .orderBy('page_title')
      .execute();
    assert.deepEqual(
      prefixed.map((r) => r.page_title),
      ['Apfel', 'Apfel_(Frucht)'],
    );
  });

  test('generated ids continue after ids written by an import', async () => {
    const { db } = store();
    await db.insertInto('actor').values({ actor_id: 41, actor_user: null, actor_name: 'imported>Someone' }).execute();
    await syncIdSequences(db);
    const row = await db
      .insertInto('actor')
      .values({ actor_user: null, actor_name: '192.0.2.1' })
      .returning('actor_id')
      .executeTakeFirstOrThrow();
    assert.equal(row.actor_id, 42);
  });

  test('the site configuration is saved with the wiki and loaded back whole', async () => {
    const { db } = store();
    assert.equal(await loadSite(db), undefined, 'nothing stored yet');
    const site = { ...defaultSite({ wikiId: 'demowiki', siteName: 'Demo' }), server: 'https://wiki.example' };
    await saveSite(db, site);
    const loaded = await loadSite(db);
    assert.ok(loaded);
    assert.deepEqual({ ...loaded, interwiki: loaded.interwiki.length }, { ...site, interwiki: site.interwiki.length });
    assert.deepEqual(
      new Set(loaded.interwiki.map((iw) => JSON.stringify(iw))),
      new Set(site.interwiki.map((iw) => JSON.stringify(iw))),
    );
    await saveSite(db, { ...site, siteName: 'Renamed', interwiki: [] });
    const again = await loadSite(db);
    assert.equal(again?.siteName, 'Renamed');
    assert.deepEqual(again?.interwiki, []);
  });
  test('SQLite keeps the link tables in their primary keys; the migration down and up keeps rows and indexes', async (t) => {
    if (engine.name !== 'sqlite') return t.skip('PostgreSQL tables have no rowid');
    const { db } = store();
    const links = [
      { pl_from: 2, pl_namespace: 0, pl_title: 'B', pl_from_namespace: 0 },
      { pl_from: 1, pl_namespace: 10, pl_title: 'A', pl_from_namespace: 0 },
      { pl_from: 1, pl_namespace: 0, pl_title: 'C', pl_from_namespace: 0 },
    ];
    await db.insertInto('pagelinks').values(links).execute();
    const shape = async () =>
      (
        await sql<{ type: string; name: string; sql: string | null }>`select type, name, sql from sqlite_master
          where tbl_name in ('pagelinks', 'templatelinks', 'imagelinks') order by name`.execute(db)
      ).rows;
    const rows = async () =>
      (await db.selectFrom('pagelinks').selectAll().orderBy('pl_title').execute()).map((r) => ({ ...r }));
    const tables = (of: Awaited<ReturnType<typeof shape>>) => of.filter((r) => r.type === 'table');
    const before = await shape();
    assert.equal(tables(before).length, 3);
    for (const table of tables(before)) assert.match(table.sql!, /without rowid$/i);
    assert.ok(!before.some((r) => r.name.startsWith('sqlite_autoindex')), 'no second B-tree for the key');
    await m0016.down(db);
    for (const table of tables(await shape())) assert.doesNotMatch(table.sql!, /without rowid/i);
    assert.equal((await shape()).filter((r) => r.name.startsWith('sqlite_autoindex')).length, 3);
    assert.deepEqual(await rows(), [links[1], links[0], links[2]]);
    await m0016.up(db);
    assert.deepEqual(await shape(), before);
    assert.deepEqual(await rows(), [links[1], links[0], links[2]]);
  });
});

test('a new SQLite store has 16 KB pages; an existing file keeps its own and opens as before', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wiki-page-size-'));
  try {
    const made = await openWikiStore({ engine: 'sqlite', file: join(dir, 'new.sqlite') });
    try {
      assert.equal(made.sqlite!.pragma('page_size', { simple: true }), 16_384);
      assert.equal(made.sqlite!.pragma('journal_mode', { simple: true }), 'wal');
    } finally {
      await made.close();
    }
    const oldFile = join(dir, 'old.sqlite');
    const old = await openWikiStore({ engine: 'sqlite', file: oldFile, pageSize: 4096 });
    await old.db
      .insertInto('page')
      .values({
        page_id: 1,
        page_namespace: 0,
        page_title: 'Alt',
        page_random: 0.5,
        page_touched: '20260101000000',
        page_latest: 0,
        page_len: 0,
      })
      .execute();
    await old.close();
    const reopened = await openWikiStore({ engine: 'sqlite', file: oldFile });
    try {
      assert.equal(reopened.sqlite!.pragma('page_size', { simple: true }), 4096);
      const titles = await reopened.db.selectFrom('page').select('page_title').execute();
      assert.deepEqual(titles, [{ page_title: 'Alt' }]);
    } finally {
      await reopened.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
