import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useReferenceApi } from '../helpers/reference-api.js';

describeEachEngine('list=langbacklinks, iwbacklinks, pagepropnames, pageswithprop, protectedtitles', (engine) => {
  const api = useReferenceApi(engine);

  test('language backlinks by language and title, continued by lang|title|page id', async () => {
    const first = await api().query({ list: 'langbacklinks', lbllang: 'en', lbllimit: '2', lblprop: 'lllang|lltitle' });
    assert.match(first.continue.lblcontinue, /^en\|.*\|\d+$/);
    const byTitle = await api().query({ list: 'langbacklinks', lbllang: 'en', lbltitle: 'Berlin' });
    assert.deepEqual(byTitle.query.langbacklinks, [{ pageid: 236, ns: 0, title: 'Berlin' }]);
    const mix = await api().query({ list: 'langbacklinks', lbltitle: 'Berlin' });
    assert.deepEqual(
      [mix.error.code, mix.error.info],
      ['nolang', 'The "lbltitle" parameter may only be used with "lbllang".'],
    );
  });

  test('interwiki backlinks of every prefix run by prefix, title and page id', async () => {
    const all = await api().query({ list: 'iwbacklinks', iwbllimit: '300', iwblprop: 'iwprefix|iwtitle' });
    const keys = all.query.iwbacklinks.map((l: any) => [l.iwprefix, l.iwtitle, l.pageid]);
    const sorted = [...keys].sort(
      (a, b) =>
        Buffer.compare(Buffer.from(a[0]), Buffer.from(b[0])) ||
        Buffer.compare(Buffer.from(a[1]), Buffer.from(b[1])) ||
        a[2] - b[2],
    );
    assert.deepEqual(keys, sorted);
    const down = await api().query({
      list: 'iwbacklinks',
      iwblprefix: 'wikipedia',
      iwbldir: 'descending',
      iwbllimit: '1',
      iwblprop: 'iwtitle',
    });
    const up = await api().query({
      list: 'iwbacklinks',
      iwblprefix: 'wikipedia',
      iwbllimit: 'max',
      iwblprop: 'iwtitle',
    });
    const titles = up.query.iwbacklinks.map((l: any) => l.iwtitle);
    assert.equal(down.query.iwbacklinks[0].iwtitle, titles[titles.length - 1]);
  });

  test('page property names once each, and the pages having one', async () => {
    const names = await api().query({ list: 'pagepropnames', ppnlimit: '3' });
    assert.deepEqual(names.query.pagepropnames, [
      { propname: 'defaultsort' },
      { propname: 'displaytitle' },
      { propname: 'hiddencat' },
    ]);
    assert.deepEqual(names.continue, { ppncontinue: 'newsectionlink', continue: '-||' });
    const rest = await api().query({ list: 'pagepropnames', ...names.continue });
    assert.equal(rest.query.pagepropnames[0].propname, 'newsectionlink');
    const pages = await api().query({
      list: 'pageswithprop',
      pwppropname: 'hiddencat',
      pwpdir: 'descending',
      pwplimit: '2',
      pwpprop: 'ids',
    });
    assert.deepEqual(pages.query.pageswithprop, [{ pageid: 2525 }, { pageid: 2524 }]);
    assert.deepEqual(pages.continue, { pwpcontinue: '234', continue: '-||' });
    const missing = await api().query({ list: 'pageswithprop' });
    assert.equal(missing.error.code, 'missingparam');
  });

  test('protected titles: newest first, filters, continuation and expired protections left out', async () => {
    const first = await api().query({ list: 'protectedtitles', ptlimit: '1' });
    assert.equal(first.query.protectedtitles[0].title, 'Noch ein gesperrter Titel');
    assert.equal(first.continue.ptcontinue, '20261121222620|0|Gesperrter_Titel');
    const next = await api().query({ list: 'protectedtitles', ptlimit: '1', ...first.continue });
    assert.equal(next.query.protectedtitles[0].title, 'Gesperrter Titel');
    const sysop = await api().query({
      list: 'protectedtitles',
      ptlevel: 'sysop',
      ptdir: 'newer',
      ptprop: 'level|expiry',
    });
    assert.deepEqual(sysop.query.protectedtitles, [
      { ns: 0, title: 'Gesperrter Titel', expiry: 'infinity', level: 'sysop' },
    ]);
    await api()
      .store.db.updateTable('protected_titles')
      .set({ pt_expiry: '20200101000000' })
      .where('pt_title', '=', 'Gesperrter_Titel')
      .execute();
    const left = await api().query({ list: 'protectedtitles' });
    assert.deepEqual(
      left.query.protectedtitles.map((t: any) => t.title),
      ['Noch ein gesperrter Titel'],
    );
  });
});
