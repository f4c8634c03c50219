import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useReferenceApi } from '../helpers/reference-api.js';

const titles = (answer: any): string[] => answer.query.allpages.map((p: any) => p.title);

describeEachEngine('list=allpages', (engine) => {
  const api = useReferenceApi(engine);

  test('lists a namespace in byte order of the stored titles, continuing by the next title', async () => {
    const first = await api().query({ list: 'allpages', aplimit: '3' });
    assert.deepEqual(titles(first), ['18 godu symts', '19 godu symts', '20 godu symts']);
    assert.deepEqual(first.continue, { apcontinue: 'A', continue: '-||' });
    const next = await api().query({ list: 'allpages', aplimit: '3', ...first.continue });
    assert.deepEqual(titles(next), ['A', 'A.E. van Vogt', 'ANOVA']);
  });

  test('from, to and prefix take title parts: spaces, lower-case first letters, namespaces', async () => {
    const range = await api().query({ list: 'allpages', apfrom: 'berlin', apto: 'Berlins', aplimit: '10' });
    assert.deepEqual(titles(range), ['Berlin', 'Berlins']);
    const prefix = await api().query({ list: 'allpages', apnamespace: '10', apprefix: 'infobox ', aplimit: '10' });
    assert.deepEqual(titles(prefix), ['Vorlage:Infobox Ort', 'Vorlage:Infobox Stadt']);
    const none = await api().query({ list: 'allpages', apprefix: 'Zzzz' });
    assert.deepEqual(none.query.allpages, []);
    assert.equal(none.continue, undefined);
  });

  test('descending order runs from the upper bound down', async () => {
    const answer = await api().query({
      list: 'allpages',
      apdir: 'descending',
      apfrom: 'Berlin',
      apto: 'Bere',
      aplimit: '10',
    });
    assert.deepEqual(titles(answer), ['Berlin', 'Beringa šauris']);
  });

  test('filters redirects, sizes and language links', async () => {
    const redirects = await api().query({ list: 'allpages', apfilterredir: 'redirects', apprefix: 'BR' });
    assert.deepEqual(titles(redirects), ['BRD']);
    const big = await api().query({ list: 'allpages', apminsize: '100000', apmaxsize: '101000', aplimit: '50' });
    const sizes = await api()
      .store.db.selectFrom('page')
      .select('page_title')
      .where('page_namespace', '=', 0)
      .where('page_len', '>=', 100000)
      .where('page_len', '<=', 101000)
      .orderBy('page_title')
      .execute();
    assert.deepEqual(
      titles(big),
      sizes.map((r) => r.page_title.replace(/_/g, ' ')),
    );
    const without = await api().query({
      list: 'allpages',
      apfilterlanglinks: 'withoutlanglinks',
      apfrom: 'Berlin',
      aplimit: '2',
    });
    assert.deepEqual(titles(without), ['Berlins', 'Beverinys nūvods']);
  });

  test('protection filters: type, level, cascading, expiry', async () => {
    const q = (extra: Record<string, string>) =>
      api()
        .query({ list: 'allpages', ...extra })
        .then(titles);
    assert.deepEqual(await q({ apprtype: 'edit' }), ['Berlin', 'Deutschland', 'Hauptseite']);
    assert.deepEqual(await q({ apprtype: 'edit', apprlevel: 'autoconfirmed' }), ['Berlin']);
    assert.deepEqual(await q({ apprtype: 'edit|move', apprfiltercascade: 'cascading' }), ['Deutschland']);
    assert.deepEqual(await q({ apprtype: 'edit', apprexpiry: 'definite' }), ['Berlin']);
    assert.deepEqual(await q({ apprtype: 'edit', apprexpiry: 'indefinite' }), ['Deutschland', 'Hauptseite']);
    assert.deepEqual(await q({ apprtype: 'upload' }), []);
  });

  test('prlevel without prtype, an invalid title part and a bad continue value are errors', async () => {
    const mix = await api().query({ list: 'allpages', apprlevel: 'sysop' });
    assert.equal(mix.error.code, 'invalidparammix');
    assert.equal(mix.error.info, 'The "prlevel" parameter may only be used with "prtype".');
    const bad = await api().query({ list: 'allpages', apfrom: 'Foo[bar' });
    assert.deepEqual([bad.error.code, bad.error.info], ['invalidtitle', 'Bad title "Foo[bar".']);
    const otherNamespace = await api().query({ list: 'allpages', apprefix: 'Vorlage:Info' });
    assert.equal(otherNamespace.error.code, 'invalidtitle');
    const continued = await api().query({ list: 'allpages', apcontinue: 'A|B' });
    assert.equal(continued.error.code, 'badcontinue');
  });

  test('user pages show the namespace name of the user gender', async () => {
    const answer = await api().query({ list: 'allpages', apnamespace: '2', apprefix: 'Alice' });
    assert.deepEqual(titles(answer), ['Benutzerin:Alice', 'Benutzerin:Alice/Entwurf', 'Benutzerin:Alice/daten.json']);
    const bob = await api().query({ list: 'allpages', apnamespace: '3', apfrom: 'Bob', aplimit: '1' });
    assert.deepEqual(titles(bob), ['Benutzer Diskussion:Bob']);
  });

  test('as a generator it feeds the pages to prop modules and continues with gapcontinue', async () => {
    const answer = await api().query({ generator: 'allpages', gapprefix: 'Ber', gaplimit: '2' });
    assert.deepEqual(
      answer.query.pages.map((p: any) => p.title),
      ['Berlin', 'Beringa šauris'],
    );
    assert.deepEqual(answer.continue, { gapcontinue: 'Berlins', continue: 'gapcontinue||' });
  });
});
