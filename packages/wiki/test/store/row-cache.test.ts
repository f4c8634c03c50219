/**
 * Rows kept between requests (`src/store/row-cache.ts`): read once, frozen, and never served
 * after the store changed, whether this connection wrote or another one committed (SQLite's
 * `data_version`). On PostgreSQL rows are kept while the change watch of the serving node reports
 * every change (store/change-watch.ts), and a change another connection committed is shown once
 * the watch saw it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import Database from 'better-sqlite3';
import pg from 'pg';
import { reportsChanges, rowsCanBeKept, storeChanged } from '../../src/store/cache-toolkit.js';
import { WATCH_INTERVAL_MS, watchStoreChanges } from '../../src/store/change-watch.js';
import { openWikiStore } from '../../src/store/database.js';
import { keptRows } from '../../src/store/row-cache.js';
import { useReferenceApi } from '../helpers/reference-api.js';

describeEachEngine('rows kept between requests', (engine) => {
  const api = useReferenceApi(engine);

  /** The newest entry of a list with its id and comment, asked twice so that its rows are kept. */
  async function newest(list: string, prefix: string, extra: Record<string, string> = {}) {
    const params = { list, [`${prefix}limit`]: '3', [`${prefix}prop`]: 'ids|comment', ...extra };
    await api().query(params);
    const answer = await api().query(params);
    return { params, items: answer.query[list] as any[] };
  }

  interface ListCase {
    list: string;
    prefix: string;
    table: string;
    comment: string;
    id: string;
    idOf: (item: any) => number;
    extra?: Record<string, string>;
  }
  const cases: ListCase[] = [
    {
      list: 'logevents',
      prefix: 'le',
      table: 'logging',
      comment: 'log_comment',
      id: 'log_id',
      idOf: (i: any) => i.logid,
    },
    {
      list: 'recentchanges',
      prefix: 'rc',
      table: 'recentchanges',
      comment: 'rc_comment',
      id: 'rc_id',
      idOf: (i: any) => i.rcid,
    },
    {
      list: 'usercontribs',
      prefix: 'uc',
      table: 'revision',
      comment: 'rev_comment',
      id: 'rev_id',
      idOf: (i: any) => i.revid,
      extra: { ucuser: 'Alice' },
    },
    {
      list: 'watchlist',
      prefix: 'wl',
      table: 'recentchanges',
      comment: 'rc_comment',
      id: 'rc_this_oldid',
      idOf: (i: any) => i.revid,
      extra: { wlowner: 'Admin', wltoken: '0123456789abcdef0123456789abcdef01234567', wlallrev: '1', wltype: 'edit' },
    },
  ];

  for (const { list, prefix, table, comment, id, idOf, extra } of cases) {
    test(`${list}: a row this connection changed is shown changed by the next request`, async () => {
      const { store } = api();
      const { params, items } = await newest(list, prefix, extra);
      const first = items[0];
      assert.ok(first, `${list} lists something`);
      const before = first.comment as string;
      const set = async (text: string) =>
        (store.db as any)
          .updateTable(table)
          .set({ [comment]: text })
          .where(id, '=', idOf(first))
          .execute();
      await set('geändert von dieser Verbindung');
      try {
        const answer = await api().query(params);
        assert.equal(answer.query[list][0].comment, 'geändert von dieser Verbindung');
        assert.deepEqual(answer.query[list].slice(1), items.slice(1), 'the other rows are as they were');
      } finally {
        await set(before);
      }
      assert.deepEqual((await api().query(params)).query[list], items);
    });
  }

  for (const { list, prefix, table, actor, id, idOf } of [
    { list: 'logevents', prefix: 'le', table: 'logging', actor: 'log_actor', id: 'log_id', idOf: (i: any) => i.logid },
    {
      list: 'recentchanges',
      prefix: 'rc',
      table: 'recentchanges',
      actor: 'rc_actor',
      id: 'rc_id',
      idOf: (i: any) => i.rcid,
    },
  ]) {
    test(`${list}: a row without its actor is left out and the page is still whole, as without kept rows`, async () => {
      // The ids come from the list's table alone; the rows join the performer's actor, so a row
      // whose actor is missing has an id but no row, and the page is read by the whole query.
      const { store } = api();
      const ask = (limit: number) => api().query({ list, [`${prefix}limit`]: String(limit), [`${prefix}prop`]: 'ids' });
      await ask(3);
      const before = await ask(4);
      const items = before.query[list] as any[];
      assert.equal(items.length, 4);
      const first = items[0];
      const row = await (store.db as any)
        .selectFrom(table)
        .select(actor)
        .where(id, '=', idOf(first))
        .executeTakeFirst();
      const set = (value: number) =>
        (store.db as any)
          .updateTable(table)
          .set({ [actor]: value })
          .where(id, '=', idOf(first))
          .execute();
      await set(987_654_321);
      try {
        for (let i = 0; i < 2; i++) {
          const answer = await ask(3);
          assert.deepEqual(answer.query[list], items.slice(1), 'the three after it');
          assert.deepEqual(answer.continue, before.continue, 'continuing after the fourth');
        }
      } finally {
        await set(row[actor]);
      }
      assert.deepEqual((await ask(4)).query[list], items);
    });
  }

  test("generator=allpages and prop=revisions: a page's changed row and revision are shown by the next request", async () => {
    const { store } = api();
    const params = {
      generator: 'allpages',
      gaplimit: '3',
      prop: 'info|revisions',
      rvprop: 'ids|comment',
    };
    await api().query(params);
    const pages = (await api().query(params)).query.pages as any[];
    const page = pages[0];
    const revId = page.revisions[0].revid as number;
    const set = (length: number, comment: string) =>
      Promise.all([
        store.db.updateTable('page').set({ page_len: length }).where('page_id', '=', page.pageid).execute(),
        store.db.updateTable('revision').set({ rev_comment: comment }).where('rev_id', '=', revId).execute(),
      ]);
    await set(123_456, 'neuer Kommentar');
    try {
      const changed = (await api().query(params)).query.pages as any[];
      assert.equal(changed[0].length, 123_456);
      assert.equal(changed[0].revisions[0].comment, 'neuer Kommentar');
      assert.deepEqual(changed.slice(1), pages.slice(1));
    } finally {
      await set(page.length, page.revisions[0].comment);
    }
    assert.deepEqual((await api().query(params)).query.pages, pages);
  });

  test("allmessages: a changed MediaWiki: page's text is shown by the next request", async () => {
    // Interface pages and their absence are kept as rows (store/interface-pages.ts).
    const { store } = api();
    const modified = await api().query({ meta: 'allmessages', amcustomised: 'modified', amlimit: '1' });
    const [customised] = modified.query.allmessages as any[];
    assert.ok(customised, 'the reference wiki overrides a message');
    const params = { meta: 'allmessages', ammessages: `${customised.name}|mainpage` };
    await api().query(params);
    const before = (await api().query(params)).query.allmessages as any[];
    const title = (customised.name as string).charAt(0).toUpperCase() + (customised.name as string).slice(1);
    const content = await store.db
      .selectFrom('page')
      .innerJoin('slots', 'slot_revision_id', 'page_latest')
      .select('slot_content_id')
      .where('page_namespace', '=', 8)
      .where('page_title', '=', title)
      .executeTakeFirstOrThrow();
    const set = (text: string) =>
      store.db
        .updateTable('content')
        .set({ content_text: text })
        .where('content_id', '=', content.slot_content_id)
        .execute();
    await set('geänderter Text');
    try {
      const changed = (await api().query(params)).query.allmessages as any[];
      assert.equal(changed[0].content ?? changed[0]['*'], 'geänderter Text');
      assert.deepEqual(changed.slice(1), before.slice(1));
    } finally {
      await set(before[0].content ?? before[0]['*']);
    }
    assert.deepEqual((await api().query(params)).query.allmessages, before);
  });

  test('pages by title and files by name: a changed page row and file row are shown by the next request', async () => {
    const { store } = api();
    const params = { generator: 'allimages', gailimit: '2', prop: 'info|imageinfo', iiprop: 'size' };
    await api().query(params);
    const pages = (await api().query(params)).query.pages as any[];
    const [page] = pages;
    const name = (page.title as string).slice(page.title.indexOf(':') + 1).replaceAll(' ', '_');
    const set = (length: number, size: number) =>
      Promise.all([
        store.db.updateTable('page').set({ page_len: length }).where('page_id', '=', page.pageid).execute(),
        store.db.updateTable('image').set({ img_size: size }).where('img_name', '=', name).execute(),
      ]);
    await set(654_321, 777);
    try {
      const changed = (await api().query(params)).query.pages as any[];
      assert.equal(changed[0].length, 654_321);
      assert.equal(changed[0].imageinfo[0].size, 777);
      assert.deepEqual(changed.slice(1), pages.slice(1));
    } finally {
      await set(page.length, page.imageinfo[0].size);
    }
    assert.deepEqual((await api().query(params)).query.pages, pages);
  });

  if (engine.name === 'sqlite') {
    test('a change another connection committed is shown by the next request', async () => {
      const { store } = api();
      const { params, items } = await newest('logevents', 'le');
      const logId = items[0].logid as number;
      const other = new Database(store.sqlite!.name);
      const setComment = other.prepare('update logging set log_comment = ? where log_id = ?');
      try {
        setComment.run('geändert von einem anderen Prozess', logId);
        const answer = await api().query(params);
        assert.equal(answer.query.logevents[0].comment, 'geändert von einem anderen Prozess');
        // Hidden by another process: the comment no longer reaches an anonymous caller.
        other.prepare('update logging set log_deleted = 2 where log_id = ?').run(logId);
        const hidden = (await api().query(params)).query.logevents[0];
        assert.equal(hidden.commenthidden, true);
        assert.equal(hidden.comment, undefined);
      } finally {
        other
          .prepare('update logging set log_deleted = 0, log_comment = ? where log_id = ?')
          .run(items[0].comment, logId);
        other.close();
      }
      assert.deepEqual((await api().query(params)).query.logevents, items);
    });

    test('keptRows reads only the rows it does not hold, freezes them and leaves out ids without a row', async () => {
      const { store } = api();
      const asked: number[][] = [];
      const read = async (ids: number[]) => {
        asked.push(ids);
        return ids.filter((i) => i !== 99).map((i) => ({ id: i, text: `Zeile ${i}` }));
      };
      const first = await keptRows(store, 'test rows', [3, 1, 2], (r) => r.id, read);
      assert.deepEqual(
        first?.map((r) => r.id),
        [3, 1, 2],
      );
      assert.ok(first?.every((r) => Object.isFrozen(r)));
      const second = await keptRows(store, 'test rows', [2, 99, 4, 3], (r) => r.id, read);
      assert.deepEqual(
        second?.map((r) => r.id),
        [2, 4, 3],
      );
      assert.equal(second?.[0], first?.[2], 'the kept row itself');
      assert.deepEqual(asked, [
        [3, 1, 2],
        [99, 4],
      ]);
      // Any write of this connection empties the caches.
      store.sqlite!.prepare('update logging set log_comment = log_comment where log_id = 1').run();
      await keptRows(store, 'test rows', [1, 2], (r) => r.id, read);
      assert.deepEqual(asked.at(-1), [1, 2]);
    });

    test('rows read before a change that emptied the caches meanwhile are not kept', async () => {
      const { store } = api();
      const other = new Database(store.sqlite!.name);
      let reads = 0;
      const read = async (ids: number[]) => {
        reads += ids.length;
        return ids.map((id) => ({ id }));
      };
      try {
        // These rows are read, then another process commits and another request notices it.
        const readBeforeChange = async (ids: number[]) => {
          const rows = ids.map((id) => ({ id }));
          // A write of the same value commits nothing that changes the store's version.
          other.prepare("update logging set log_comment = log_comment || ' ' where log_id = 1").run();
          await keptRows(store, 'race other', [1], (r) => r.id, read);
          return rows;
        };
        await keptRows(store, 'race', [1, 2], (r) => r.id, readBeforeChange);
        reads = 0;
        await keptRows(store, 'race', [1, 2], (r) => r.id, read);
        assert.equal(reads, 2, 'read again');
      } finally {
        other.prepare('update logging set log_comment = rtrim(log_comment) where log_id = 1').run();
        other.close();
      }
    });

    test('a cache keeps at most 5,000 rows and a store 20,000 in all its caches', async () => {
      const { store } = api();
      const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
      let reads = 0;
      const read = async (ids: number[]) => {
        reads += ids.length;
        return ids.map((id) => ({ id }));
      };
      const ask = async (name: string, ids: number[]) => {
        reads = 0;
        await keptRows(store, name, ids, (r) => r.id, read);
        return reads;
      };
      // A write of this connection first, so that no cache holds rows of the tests before.
      store.sqlite!.prepare('update logging set log_comment = log_comment where log_id = 1').run();
      for (const name of ['limit a', 'limit b', 'limit c', 'limit d'])
        assert.equal(await ask(name, range(1, 5000)), 5000);
      assert.equal(await ask('limit a', range(1, 5000)), 0, 'all 20,000 kept');
      assert.equal(await ask('limit e', [1]), 1, 'the 20,001st row empties every cache');
      assert.equal(await ask('limit e', [1]), 0);
      assert.equal(await ask('limit a', [1]), 1);
      assert.equal(await ask('limit f', range(1, 5001)), 5001);
      assert.equal(await ask('limit f', [5001]), 0, 'the 5,001st row starts its cache again');
      assert.equal(await ask('limit f', [1]), 1);
    });

    test('a change reported by storeChanged empties the caches', async () => {
      const { store } = api();
      let reads = 0;
      const read = async (ids: number[]) => {
        reads += ids.length;
        return ids.map((id) => ({ id }));
      };
      await keptRows(store, 'reported', [1, 2], (r) => r.id, read);
      reads = 0;
      await keptRows(store, 'reported', [1, 2], (r) => r.id, read);
      assert.equal(reads, 0);
      storeChanged(store);
      await keptRows(store, 'reported', [1, 2], (r) => r.id, read);
      assert.equal(reads, 2);
    });
  } else {
    test('PostgreSQL keeps rows only while a change watch reports its changes', async () => {
      const options = api().store.pool!.options as { connectionString: string; options: string };
      const schema = /search_path="?([^"\s]+)"?/.exec(options.options)?.[1];
      assert.ok(schema, 'the test store has a schema of its own');
      const other = await openWikiStore({ engine: 'postgres', url: options.connectionString, schema, poolSize: 2 });
      try {
        const kept = () =>
          keptRows(
            other,
            'test rows',
            [1],
            (r: { id: number }) => r.id,
            async () => [{ id: 1 }],
          );
        assert.equal(await kept(), undefined, 'nothing tells an unwatched store of other writers');
        const watch = watchStoreChanges(other, async () => {});
        assert.equal(rowsCanBeKept(other), true);
        assert.deepEqual(await kept(), [{ id: 1 }]);
        watch.stop();
        assert.equal(rowsCanBeKept(other), false);
        assert.equal(await kept(), undefined);
      } finally {
        await other.close();
      }
    });

    test('a change another connection committed is shown once the change watch saw it', async () => {
      const { store } = api();
      const { params, items } = await newest('logevents', 'le');
      const logId = items[0].logid as number;
      const { connectionString, options } = store.pool!.options as { connectionString: string; options: string };
      // A connection of its own, as another node's: only the change watch can tell this store.
      const client = new pg.Client({ connectionString, options });
      await client.connect();
      const setComment = (text: string) =>
        client.query('update logging set log_comment = $1 where log_id = $2', [text, logId]);
      try {
        await setComment('geändert von einem anderen Knoten');
        let comment = '';
        for (let tries = 0; tries < 100 && comment !== 'geändert von einem anderen Knoten'; tries++) {
          await new Promise((resolve) => setTimeout(resolve, WATCH_INTERVAL_MS / 5));
          comment = (await api().query(params)).query.logevents[0].comment;
        }
        assert.equal(comment, 'geändert von einem anderen Knoten');
      } finally {
        await setComment(items[0].comment);
        await client.end();
      }
    });

    // Last: from here on the shared store keeps rows.
    test('PostgreSQL keeps rows once its changes are reported, until storeChanged', async () => {
      const { store } = api();
      let reads = 0;
      const read = async (ids: number[]) => {
        reads += ids.length;
        return ids.map((id) => ({ id }));
      };
      reportsChanges(store);
      await keptRows(store, 'reported', [1, 2], (r) => r.id, read);
      await keptRows(store, 'reported', [1, 2], (r) => r.id, read);
      assert.equal(reads, 2);
      storeChanged(store);
      await keptRows(store, 'reported', [1, 2], (r) => r.id, read);
      assert.equal(reads, 4);
    });
  }
});
