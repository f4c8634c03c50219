import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useReferenceApi } from '../helpers/reference-api.js';

const titles = (items: any[]): string[] => items.map((p) => p.title);

describeEachEngine('list=prefixsearch and list=random', (engine) => {
  const api = useReferenceApi(engine);

  test('prefixsearch lists titles in byte order, the exact match first, continued by offset', async () => {
    const be = await api().query({ list: 'prefixsearch', pssearch: 'berl', pslimit: '2' });
    assert.deepEqual(titles(be.query.prefixsearch), ['Berlin', 'Berlins']);
    const exact = await api().query({ list: 'prefixsearch', pssearch: 'Berlins', pslimit: '5' });
    assert.deepEqual(titles(exact.query.prefixsearch), ['Berlins']);
    const first = await api().query({ list: 'prefixsearch', pssearch: 'Fr', pslimit: '3' });
    assert.deepEqual(first.continue, { psoffset: 3, continue: '-||' });
    const next = await api().query({ list: 'prefixsearch', pssearch: 'Fr', pslimit: '3', psoffset: '3' });
    const all = await api().query({ list: 'prefixsearch', pssearch: 'Fr', pslimit: '6' });
    assert.deepEqual(titles([...first.query.prefixsearch, ...next.query.prefixsearch]), titles(all.query.prefixsearch));
  });

  test('characters no title holds are dropped from the text; text that makes no title completes to nothing', async () => {
    const search = async (pssearch: string) =>
      titles((await api().query({ list: 'prefixsearch', pssearch, pslimit: '4' })).query.prefixsearch);
    // As MediaWiki's prefix search reads them, each compared with it live.
    assert.deepEqual(await search('Ber#lin'), ['Berlin', 'Berlins']);
    assert.deepEqual(await search('[[Ber]]l'), ['Berlin', 'Berlins']);
    assert.deepEqual(await search('Ber&amp;l'), ['Berlin', 'Berlins']);
    assert.deepEqual(await search('Ber%41'), ['Beringa šauris', 'Berlin', 'Berlins']);
    // An interwiki prefix is read as one, and the rest completes.
    assert.deepEqual(await search('en:Ber'), ['Beringa šauris', 'Berlin', 'Berlins']);
    // The page the text names (its fragment left out) still comes first.
    assert.deepEqual(await search('Berlin#x'), ['Berlin']);
    assert.deepEqual(await search('<>'), []);
    assert.deepEqual(await search('Diskussion:|'), []);
  });

  test('an exact match that is not among the first results is put in front', async () => {
    const answer = await api().query({ list: 'prefixsearch', pssearch: 'Frankfurt am Main', pslimit: '1' });
    assert.deepEqual(titles(answer.query.prefixsearch), ['Frankfurt am Main']);
    const shortFirst = await api().query({ list: 'prefixsearch', pssearch: 'Frankfurt', pslimit: '1' });
    assert.deepEqual(titles(shortFirst.query.prefixsearch), ['Frankfurt']);
  });

  test('a namespace name in the text picks the namespace; several namespaces interleave by title', async () => {
    const templates = await api().query({ list: 'prefixsearch', pssearch: 'vorlage:infobox', pslimit: '3' });
    assert.deepEqual(titles(templates.query.prefixsearch), [
      'Vorlage:Infobox/row',
      'Vorlage:Infobox Ort',
      'Vorlage:Infobox Stadt',
    ]);
    const users = await api().query({ list: 'prefixsearch', pssearch: 'Alice', psnamespace: '2|3', pslimit: '5' });
    assert.deepEqual(titles(users.query.prefixsearch), [
      'Benutzerin:Alice',
      'Benutzerin:Alice/Entwurf',
      'Benutzerin:Alice/daten.json',
    ]);
    const special = await api().query({ list: 'prefixsearch', pssearch: 'Spezial:Alle Seiten' });
    assert.deepEqual(special.query.prefixsearch[0], { ns: -1, title: 'Spezial:Alle Seiten', special: true });
    const nothing = await api().query({ list: 'prefixsearch', pssearch: '   ' });
    assert.deepEqual(nothing.query.prefixsearch, []);
  });

  test('as a generator, each page carries its position as index', async () => {
    const answer = await api().query({ generator: 'prefixsearch', gpssearch: 'Ber', gpslimit: '3' });
    const index = Object.fromEntries(answer.query.pages.map((p: any) => [p.title, p.index]));
    assert.deepEqual(index, { 'Beringa šauris': 1, Berlin: 2, Berlins: 3 });
    // Special pages too, as MediaWiki gives them.
    const special = await api().query({ generator: 'prefixsearch', gpssearch: 'Spezial:Alle' });
    assert.deepEqual(special.query.pages, [
      { ns: -1, title: 'Spezial:Alle Seiten', special: true, index: 2 },
      { ns: -1, title: 'Spezial:Alle meine Dateien', special: true, index: 1 },
    ]);
  });

  test('as a generator resolving redirects, a target takes the lowest index of its own and its redirects', async () => {
    const answer = await api().query({ generator: 'prefixsearch', gpssearch: 'Ba', gpslimit: '20', redirects: '1' });
    const index = Object.fromEntries(answer.query.pages.map((p: any) => [p.title, p.index]));
    const via = Object.fromEntries(answer.query.redirects.map((r: any) => [r.from, [r.to, r.index]]));
    // Reached only through its redirect: the redirect's index.
    assert.deepEqual(via['Baļtīšu volūda'], ['Latvīšu volūda', 15]);
    assert.equal(index['Latvīšu volūda'], 15);
    // A hit itself before its redirect: its own, lower index.
    assert.deepEqual(via['Baļtinovys pogosts'], ['Baļtinovys nūvods', 14]);
    assert.equal(index['Baļtinovys nūvods'], 13);
    assert.deepEqual(Object.keys(answer.query.pages.find((p: any) => p.title === 'Latvīšu volūda')), [
      'pageid',
      'ns',
      'title',
      'index',
    ]);
  });

  test('random pages: following the continuation visits every page of the filter once', async () => {
    const seen: number[] = [];
    let cont: Record<string, string> = {};
    for (let round = 0; round < 100; round++) {
      const answer = await api().query({ list: 'random', rnnamespace: '10', rnlimit: '50', ...cont });
      seen.push(...answer.query.random.map((p: any) => p.id));
      if (!answer.continue) break;
      assert.match(answer.continue.rncontinue, /^0\.\d+\|0\.\d+\|\d+\|[01]$/);
      cont = answer.continue;
    }
    const expected = await api()
      .store.db.selectFrom('page')
      .select('page_id')
      .where('page_namespace', '=', 10)
      .where('page_is_redirect', '=', 0)
      .execute();
    assert.equal(new Set(seen).size, seen.length, 'no page twice');
    assert.deepEqual(
      [...seen].sort((a, b) => a - b),
      expected.map((r) => r.page_id).sort((a, b) => a - b),
    );
  });

  test('random filters: redirects, sizes, content model; all shows the redirect flag', async () => {
    const redirects = await api().query({
      list: 'random',
      rnfilterredir: 'redirects',
      rnnamespace: '12',
      rnlimit: '5',
    });
    assert.deepEqual(titles(redirects.query.random), ['Hilfe:Weiterleitung']);
    const all = await api().query({ list: 'random', rnfilterredir: 'all', rnnamespace: '12', rnlimit: '5' });
    assert.deepEqual(all.query.random.map((p: any) => [p.title, p.redirect]).sort(), [
      ['Hilfe:Bearbeiten', false],
      ['Hilfe:Weiterleitung', true],
    ]);
    const big = await api().query({ list: 'random', rnminsize: '100000', rnlimit: '3' });
    assert.equal(big.query.random.length, 3);
    const json = await api().query({ list: 'random', rncontentmodel: 'json', rnnamespace: '2', rnlimit: '5' });
    assert.deepEqual(titles(json.query.random), ['Benutzerin:Alice/daten.json']);
    const mix = await api().query({ list: 'random', rnredirect: '1', rnfilterredir: 'all' });
    assert.equal(mix.error.code, 'invalidparammix');
    const bad = await api().query({ list: 'random', rncontinue: '1|0.5|1|0' });
    assert.equal(bad.error.code, 'badcontinue');
  });
});
