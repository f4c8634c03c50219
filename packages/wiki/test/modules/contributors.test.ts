import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { DELETED_USER } from '../../src/modules/support/hidden-content.js';
import { useReferenceApi } from '../helpers/reference-api.js';

const names = (answer: any, page = 0): string[] =>
  (answer.query.pages[page].contributors ?? []).map((c: any) => c.name);

describeEachEngine('prop=contributors', (engine) => {
  const api = useReferenceApi(engine);

  test('registered editors by actor, anonymous ones counted first, continuing by pageid|actor id', async () => {
    const all = await api().query({ prop: 'contributors', titles: 'Berlin|Apfel', pclimit: '50' });
    const first = await api().query({ prop: 'contributors', titles: 'Berlin|Apfel', pclimit: '2' });
    assert.match(first.continue.pccontinue, /^\d+\|\d+$/);
    const next = await api().query({ prop: 'contributors', titles: 'Berlin|Apfel', pclimit: '50', ...first.continue });
    const joined = [0, 1].map((i) => [...names(first, i), ...names(next, i)]);
    assert.deepEqual(joined, [names(all, 0), names(all, 1)]);
    const apfel = all.query.pages.find((p: any) => p.title === 'Apfel');
    assert.ok(apfel.anoncontributors >= 1, 'the IP edit of Apfel is counted');
    // Every page of a batch is counted, and a continuation counts its pages again, as MediaWiki
    // 1.39 does: the next batch starts at the page it continues.
    const counted = (answer: any) =>
      answer.query.pages
        .filter((p: any) => p.anoncontributors !== undefined)
        .map((p: any) => [p.title, p.anoncontributors]);
    assert.deepEqual(counted(first), counted(all));
    for (const entry of counted(next)) assert.ok(counted(all).some((c: any) => c[0] === entry[0] && c[1] === entry[1]));
    assert.deepEqual(Object.keys(apfel).slice(0, 4), ['pageid', 'ns', 'title', 'anoncontributors']);
  });

  test('group and rights filters; two filters together are refused', async () => {
    const sysops = await api().query({ prop: 'contributors', titles: 'Berlin', pcgroup: 'sysop' });
    assert.deepEqual(names(sysops), ['Admin', 'Alice', 'Bob']);
    const others = await api().query({ prop: 'contributors', titles: 'Berlin', pcexcludegroup: 'sysop' });
    assert.deepEqual(names(others), ['Carol']);
    const bots = await api().query({ prop: 'contributors', titles: 'Berlin', pcrights: 'bot' });
    assert.deepEqual(names(bots), ['Carol']);
    // A right of the implicit groups (`*`, `user`) selects nobody: they have no members on record.
    const implicit = await api().query({ prop: 'contributors', titles: 'Berlin', pcrights: 'edit' });
    assert.deepEqual(names(implicit), []);
    const notImplicit = await api().query({ prop: 'contributors', titles: 'Berlin', pcexcluderights: 'edit' });
    assert.deepEqual(names(notImplicit), ['Admin', 'Alice', 'Bob', 'Carol']);
    const both = await api().query({ prop: 'contributors', titles: 'Berlin', pcgroup: 'sysop', pcrights: 'edit' });
    assert.equal(both.error.code, 'invalidparammix');
  });

  test('a filter left without values (only unknown ones given) filters nothing', async () => {
    const all = names(await api().query({ prop: 'contributors', titles: 'Berlin' }));
    assert.ok(all.length > 0);
    for (const name of ['pcrights', 'pcexcluderights', 'pcgroup', 'pcexcludegroup']) {
      const answer = await api().query({ prop: 'contributors', titles: 'Berlin', [name]: 'bogus' });
      assert.deepEqual(names(answer), all, name);
      assert.match(JSON.stringify(answer.warnings), /bogus/);
    }
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
