import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { DELETED_USER } from '../../src/modules/support/hidden-content.js';
import { useReferenceApi } from '../helpers/reference-api.js';

const revids = (answer: any): number[] =>
  answer.query.allrevisions.flatMap((page: any) => page.revisions.map((r: any) => r.revid));

describeEachEngine('list=allrevisions', (engine) => {
  const api = useReferenceApi(engine);

  test('all revisions newest first, continuing by timestamp|revid without gaps or repeats', async () => {
    const first = await api().query({ list: 'allrevisions', arvlimit: '4', arvprop: 'ids' });
    const next = await api().query({ list: 'allrevisions', arvlimit: '4', arvprop: 'ids', ...first.continue });
    const both = await api().query({ list: 'allrevisions', arvlimit: '8', arvprop: 'ids' });
    // A page's revisions gather under its first entry in each batch (as MediaWiki lists them), so
    // two batches give the same revisions as one, grouped differently.
    const numeric = (ids: number[]) => [...ids].sort((x, y) => x - y);
    assert.deepEqual(numeric([...revids(first), ...revids(next)]), numeric(revids(both)));
    const newer = await api().query({ list: 'allrevisions', arvdir: 'newer', arvlimit: '3', arvprop: 'timestamp' });
    const times = newer.query.allrevisions.flatMap((p: any) => p.revisions.map((r: any) => r.timestamp));
    assert.deepEqual(times, [...times].sort());
  });

  test("a continue value's timestamp may take any timestamp form, an empty one or 0 meaning now", async () => {
    const ids = async (arvcontinue?: string) =>
      revids(
        await api().query({
          list: 'allrevisions',
          arvlimit: '5',
          arvprop: 'ids',
          ...(arvcontinue ? { arvcontinue } : {}),
        }),
      );
    assert.deepEqual(await ids('0|0'), await ids());
    assert.deepEqual(await ids('1795299998|0'), await ids('20261121222638|0'));
    assert.deepEqual(await ids('2026-11-21T22:26:38Z|0'), await ids('20261121222638|0'));
    const bad = await api().query({ list: 'allrevisions', arvcontinue: 'gestern|0' });
    assert.equal(bad.error.code, 'badcontinue');
  });

  test('the continue value is checked even for an editor who never edited', async () => {
    const bad = await api().query({ list: 'allrevisions', arvuser: 'Gibtsnicht', arvcontinue: 'garbage' });
    assert.equal(bad.error.code, 'badcontinue');
    const good = await api().query({ list: 'allrevisions', arvuser: 'Gibtsnicht', arvcontinue: '20200101000000|5' });
    assert.deepEqual(good.query.allrevisions, []);
  });

  test('the revisions of one page in a batch are grouped under it', async () => {
    const answer = await api().query({
      list: 'allrevisions',
      arvuser: 'Admin',
      arvnamespace: '0',
      arvlimit: '50',
      arvprop: 'ids',
    });
    const pages = answer.query.allrevisions.map((p: any) => p.pageid);
    assert.equal(new Set(pages).size, pages.length, 'each page once');
    assert.ok(answer.query.allrevisions.every((p: any) => p.ns === 0));
  });

  test('excludeuser, content in slots, user and excludeuser together refused', async () => {
    const others = await api().query({
      list: 'allrevisions',
      arvexcludeuser: 'Admin',
      arvlimit: '20',
      arvprop: 'user',
    });
    assert.ok(others.query.allrevisions.every((p: any) => p.revisions.every((r: any) => r.user !== 'Admin')));
    const content = await api().query({
      list: 'allrevisions',
      arvuser: 'Alice',
      arvlimit: '1',
      arvprop: 'content',
      arvslots: 'main',
    });
    assert.equal(typeof content.query.allrevisions[0].revisions[0].slots.main.content, 'string');
    const both = await api().query({ list: 'allrevisions', arvuser: 'Bob', arvexcludeuser: 'Alice' });
    assert.equal(both.error.code, 'invalidparammix');
  });

  test("an editor's list leaves out revisions whose editor is hidden from the caller", async () => {
    const { store } = api();
    const before = await api().query({ list: 'allrevisions', arvuser: 'Carol', arvlimit: '500', arvprop: 'ids' });
    const hidden = revids(before)[0] as number;
    await store.db.updateTable('revision').set({ rev_deleted: DELETED_USER }).where('rev_id', '=', hidden).execute();
    try {
      const after = await api().query({ list: 'allrevisions', arvuser: 'Carol', arvlimit: '500', arvprop: 'ids' });
      assert.ok(!revids(after).includes(hidden));
      const all = await api().query({ list: 'allrevisions', arvlimit: '500', arvprop: 'ids|user' });
      const rev = all.query.allrevisions.flatMap((p: any) => p.revisions).find((r: any) => r.revid === hidden);
      assert.deepEqual(rev, { revid: hidden, parentid: rev.parentid, userhidden: true });
    } finally {
      await store.db.updateTable('revision').set({ rev_deleted: 0 }).where('rev_id', '=', hidden).execute();
    }
  });

  test('as a generator it gives the pages of the revisions', async () => {
    const answer = await api().query({ generator: 'allrevisions', garvlimit: '3', garvgeneratetitles: '1' });
    assert.ok(answer.query.pages.length >= 1 && answer.query.pages.length <= 3);
  });
});
