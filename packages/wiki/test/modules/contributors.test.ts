import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { DELETED_USER } from '../../src/modules/support/hidden-content.js';
import { useReferenceApi } from '../helpers/reference-api.js';

const names = (answer: any, page = 0): string[] =>
  (answer.query.pages[page].contributors ?? []).map((c: any) => c.name);

describeEachEngine('prop=contributors', (engine) => {
  const api = useReferenceApi(engine);

  test('registered editors by user id, anonymous ones counted, continuing by pageid|userid', async () => {
    const all = await api().query({ prop: 'contributors', titles: 'Berlin|Apfel', pclimit: '50' });
    const first = await api().query({ prop: 'contributors', titles: 'Berlin|Apfel', pclimit: '2' });
    assert.match(first.continue.pccontinue, /^\d+\|\d+$/);
    const next = await api().query({ prop: 'contributors', titles: 'Berlin|Apfel', pclimit: '50', ...first.continue });
    const joined = [0, 1].map((i) => [...names(first, i), ...names(next, i)]);
    assert.deepEqual(joined, [names(all, 0), names(all, 1)]);
    const apfel = all.query.pages.find((p: any) => p.title === 'Apfel');
    assert.ok(apfel.anoncontributors >= 1, 'the IP edit of Apfel is counted');
    // A continued page is not counted twice.
    const again = next.query.pages.filter((p: any) => p.anoncontributors !== undefined);
    const firstCounted = first.query.pages.filter((p: any) => p.anoncontributors !== undefined);
    assert.equal(again.length + firstCounted.length, 1);
  });

  test('group and rights filters; two filters together are refused', async () => {
    const sysops = await api().query({ prop: 'contributors', titles: 'Berlin', pcgroup: 'sysop' });
    assert.deepEqual(names(sysops), ['Admin', 'Alice', 'Bob']);
    const others = await api().query({ prop: 'contributors', titles: 'Berlin', pcexcludegroup: 'sysop' });
    assert.deepEqual(names(others), ['Carol']);
    const bots = await api().query({ prop: 'contributors', titles: 'Berlin', pcrights: 'bot' });
    assert.deepEqual(names(bots), ['Carol']);
    const everyone = await api().query({ prop: 'contributors', titles: 'Berlin', pcrights: 'edit' });
    assert.deepEqual(names(everyone), ['Admin', 'Alice', 'Bob', 'Carol']);
    const both = await api().query({ prop: 'contributors', titles: 'Berlin', pcgroup: 'sysop', pcrights: 'edit' });
    assert.equal(both.error.code, 'invalidparammix');
  });

  test('an editor hidden on every revision of the page is not listed', async () => {
    const { store } = api();
    await store.db.updateTable('revision').set({ rev_deleted: DELETED_USER }).where('rev_id', '=', 248).execute();
    try {
      const answer = await api().query({ prop: 'contributors', titles: 'Berlin' });
      assert.ok(!names(answer).includes('Bob'));
    } finally {
      await store.db.updateTable('revision').set({ rev_deleted: 2 }).where('rev_id', '=', 248).execute();
    }
  });
});
