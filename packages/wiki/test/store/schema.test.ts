import assert from 'node:assert/strict';
import { test } from 'node:test';
import { migrateToLatest } from '@svc/common';
import { describeEachEngine, useTestDatabase } from '@svc/common/testing';
import { defaultSite } from '../../src/site/defaults.js';
import { loadSite, saveSite } from '../../src/site/site-store.js';
import { syncIdSequences } from '../../src/store/id-sequences.js';
import { migrations } from '../../src/store/migrations/index.js';
import type { WikiDatabase } from '../../src/store/schema.js';

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
});
