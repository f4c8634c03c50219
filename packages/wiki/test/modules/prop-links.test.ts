/** Filters, errors and warnings of the prop modules that list link rows, on the reference wiki. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { buildApp } from '../../src/api/app.js';
import { replaceLanguageData, type StoredLanguageCode } from '../../src/store/language-data.js';
import { queryJson, useReferenceApi } from '../helpers/reference-api.js';

const titlesOf = (rows: any[] | undefined) => (rows ?? []).map((r) => r.title);

describeEachEngine('prop modules listing link rows', (engine) => {
  const api = useReferenceApi(engine);

  test('the continue values of categories, links and langlinks take their numbers as PHP casts them', async () => {
    const categories = await api().query({ prop: 'categories', titles: 'Berlin', clcontinue: 'A|1' });
    assert.equal(categories.error, undefined);
    assert.ok(categories.query.pages[0].categories.length > 0);
    const links = await api().query({ prop: 'links', titles: 'Berlin', plcontinue: 'x|0|A' });
    assert.equal(links.error, undefined);
    const short = await api().query({ prop: 'categories', titles: 'Berlin', clcontinue: '1' });
    assert.equal(short.error.code, 'badcontinue');
    // images reads its continue value before the file names, which leave nothing here.
    const images = await api().query({ prop: 'images', titles: 'Berlin', imcontinue: '1', imimages: 'A' });
    assert.equal(images.error.code, 'badcontinue');
  });

  test('a backlinks prop module as generator hands the set titles, which it lists in title order', async () => {
    // fileusage finds the pages by id (236, 237, 332); MediaWiki's page set looks their titles up
    // as it does titles=, and formatversion 1 keeps that order.
    const search = new URLSearchParams({
      action: 'query',
      generator: 'fileusage',
      titles: 'File:Beispiel.png',
      format: 'json',
    });
    const response = await api().app.inject({ method: 'GET', url: `/api.php?${search}` });
    // The body's text: a parsed object would list the page ids in ascending order.
    const titles = [...response.body.matchAll(/"title":"([^"]*)"/g)].map((m) => m[1]);
    assert.deepEqual(titles, ['Berlin', 'Bildergalerie', 'Hamburg']);
  });

  test('with only a special page, the continue value is still read before the show values', async () => {
    const answer = await api().query({
      prop: 'redirects',
      titles: 'Spezial:Letzte Änderungen',
      rdshow: 'fragment|!fragment',
      rdcontinue: '20261121222638|372',
    });
    assert.equal(answer.error.code, 'badcontinue');
    const show = await api().query({
      prop: 'redirects',
      titles: 'Spezial:Letzte Änderungen',
      rdshow: 'fragment|!fragment',
    });
    assert.equal(show.error.code, 'show');
  });

  test('pltitles keeps the named targets and warns about an invalid one', async () => {
    const body = await api().query({ prop: 'links', titles: 'Deutschland', pltitles: 'Berlin|Foo[bar]|Paris' });
    assert.deepEqual(titlesOf(body.query.pages[0].links), ['Berlin']);
    assert.equal(body.warnings.links.warnings, '"Foo[bar]" is not a valid title.');
  });

  test('an unknown namespace is dropped with a warning, leaving no namespace filter (as MediaWiki reads an empty list)', async () => {
    const all = await api().query({ prop: 'links', titles: 'Deutschland' });
    const body = await api().query({ prop: 'links', titles: 'Deutschland', plnamespace: '9999' });
    assert.deepEqual(titlesOf(body.query.pages[0].links), titlesOf(all.query.pages[0].links));
    assert.match(body.warnings.links.warnings, /Unrecognized value for parameter "plnamespace": 9999/);
    // Named targets outside the namespaces asked for leave nothing, before the continue value is read.
    const none = await api().query({
      prop: 'links',
      titles: 'Deutschland',
      pltitles: 'Berlin',
      plnamespace: '14',
      plcontinue: 'garbage',
    });
    assert.equal(none.error, undefined);
    assert.equal(none.query.pages[0].links, undefined);
  });

  test('an unknown namespace is dropped with a warning, leaving no filter: every namespace is listed', async () => {
    const body = await api().query({ prop: 'links', titles: 'Deutschland', plnamespace: '9999', pllimit: 'max' });
    const all = await api().query({ prop: 'links', titles: 'Deutschland', pllimit: 'max' });
    assert.ok(all.query.pages[0].links.length > 0);
    assert.deepEqual(body.query.pages[0].links, all.query.pages[0].links);
    assert.match(body.warnings.links.warnings, /Unrecognized value for parameter "plnamespace": 9999/);
    const templates = await api().query({ prop: 'templates', titles: 'Berlin', tlnamespace: '828' });
    assert.deepEqual(titlesOf(templates.query.pages[0].templates), [
      'Vorlage:Infobox Stadt',
      'Vorlage:Navigationsleiste Städte',
    ]);
  });

  test('clshow=hidden lists hidden categories only; both values together are an error', async () => {
    const hidden = await api().query({ prop: 'categories', titles: 'Berlin|Waisenartikel', clshow: 'hidden' });
    assert.deepEqual(
      hidden.query.pages.map((p: any) => titlesOf(p.categories)),
      [[], ['Kategorie:Wartung']],
    );
    const both = await api().query({ prop: 'categories', titles: 'Berlin', clshow: 'hidden|!hidden' });
    assert.equal(both.error.code, 'show');
    assert.equal(both.error.info, 'Incorrect parameter - mutually exclusive values may not be supplied.');
  });

  test('clcategories restricts to the named categories; a name without the namespace is no category', async () => {
    const body = await api().query({
      prop: 'categories',
      titles: 'Berlin',
      clcategories: 'Stadt|Kategorie:Hauptstadt|Kategorie:Stadt|A<B',
    });
    assert.deepEqual(titlesOf(body.query.pages[0].categories), ['Kategorie:Hauptstadt', 'Kategorie:Stadt']);
    assert.equal(body.warnings.categories.warnings, '"Stadt" is not a category.\n"A<B" is not a category.');
  });

  test('an empty target filter filters nothing, and the continue value is read; titles all invalid let nothing through', async () => {
    for (const [prop, key, param] of [
      ['categories', 'categories', 'clcategories'],
      ['images', 'images', 'imimages'],
      ['links', 'links', 'pltitles'],
      ['templates', 'templates', 'tltemplates'],
    ] as const) {
      const all = await api().query({ prop, titles: 'Berlin' });
      const empty = await api().query({ prop, titles: 'Berlin', [param]: '' });
      assert.ok(all.query.pages[0][key].length > 0, prop);
      assert.deepEqual(empty.query.pages[0][key], all.query.pages[0][key], prop);
      const continued = await api().query({
        prop,
        titles: 'Berlin',
        [param]: '',
        [`${param.slice(0, 2)}continue`]: '1',
      });
      assert.equal(continued.error?.code, 'badcontinue', prop);
      const invalid = await api().query({ prop, titles: 'Berlin', [param]: 'A<B' });
      assert.equal(invalid.query.pages[0][key], undefined, prop);
    }
  });

  test('lltitle needs lllang; language names in the asked language and in their own', async () => {
    const bad = await api().query({ prop: 'langlinks', titles: 'Deutschland', lltitle: 'Germany' });
    assert.equal(bad.error.code, 'invalidparammix');
    assert.equal(bad.error.info, 'The "lltitle" parameter may only be used with "lllang".');
    const named = await api().query({
      prop: 'langlinks',
      titles: 'Deutschland',
      lllang: 'en',
      llprop: 'langname|autonym|url',
      llinlanguagecode: 'de',
    });
    assert.deepEqual(named.query.pages[0].langlinks, [
      {
        lang: 'en',
        url: 'https://en.wikipedia.org/wiki/Germany',
        langname: 'Englisch',
        autonym: 'English',
        title: 'Germany',
      },
    ]);
  });

  test('formatversion 1 puts the language link title and the external link URL under "*"', async () => {
    const { json } = await import('../helpers/api-app.js').then(({ apiGet }) =>
      apiGet(api().app, {
        action: 'query',
        prop: 'langlinks|extlinks',
        titles: 'Berlin',
        lllimit: '1',
        ellimit: '1',
        format: 'json',
      }),
    );
    const page = json.query.pages['236'];
    assert.deepEqual(page.langlinks, [{ lang: 'en', '*': 'Berlin' }]);
    assert.deepEqual(page.extlinks, [{ '*': 'http://stadtarchiv.example.org/Berlin' }]);
  });

  test("extlinks' continue value writes the index's % as %25, so a cut percent escape continues", async () => {
    const all = await api().query({ prop: 'extlinks', titles: 'Afroasiatic languages', ellimit: '500' });
    const urls = all.query.pages[0].extlinks.map((e: any) => e.url);
    const seen: string[] = [];
    const values: string[] = [];
    let cont: Record<string, string> = {};
    for (let i = 0; i < urls.length + 1; i++) {
      const page = await api().query({ prop: 'extlinks', titles: 'Afroasiatic languages', ellimit: '1', ...cont });
      seen.push(...(page.query.pages[0].extlinks ?? []).map((e: any) => e.url));
      if (!page.continue) break;
      values.push(page.continue.elcontinue);
      cont = page.continue;
    }
    assert.deepEqual(seen, urls);
    assert.ok(
      values.some((v) => v.includes('THEIL%252|')),
      'the index cut after "%2" is written %252',
    );
    assert.ok(
      values.every((v) => !/%(?!25)/.test(v)),
      'every % of an index is written %25',
    );
  });

  test('extlinks lists a protocol-relative link once over all protocols, and under each protocol asked for', async () => {
    const urls = async (params: Record<string, string>) =>
      (await api().query({ prop: 'extlinks', pageids: '1216', ellimit: 'max', ...params })).query.pages[0].extlinks.map(
        (e: any) => e.url,
      );
    const relative = (list: string[]) => list.filter((url) => url.startsWith('//'));
    const all = await urls({});
    assert.equal(all.length, 99);
    assert.deepEqual(relative(all), [
      '//www.timeanddate.com/time/zones/cdt',
      '//store.wikimedia.org/',
      '//wikimania2015.wikimedia.org/wiki/Hackathon#Hackathon_Day_2',
      '//wikimania2015.wikimedia.org/wiki/Wikimania',
    ]);
    assert.deepEqual(relative(await urls({ elprotocol: 'https' })), relative(all));
    assert.deepEqual(relative(await urls({ elprotocol: 'http' })), relative(all));
  });

  test("extlinks' continue value names the page only where there are several, as MediaWiki orders them", async () => {
    const one = await api().query({ prop: 'extlinks', pageids: '1216', ellimit: '2' });
    assert.match(one.continue.elcontinue, /^http:\/\/[^|]+\|\d+$/);
    const next = await api().query({ prop: 'extlinks', pageids: '1216', ellimit: '2', ...one.continue });
    assert.equal(next.query.pages[0].extlinks.length, 2);
    // A value of the other form is no place this request could have stopped.
    const wrong = await api().query({
      prop: 'extlinks',
      pageids: '1216',
      elcontinue: `1216|${one.continue.elcontinue}`,
    });
    assert.equal(wrong.error.code, 'badcontinue');
    const several = await api().query({ prop: 'extlinks', pageids: '1216|3', ellimit: '2' });
    assert.match(several.continue.elcontinue, /^3\|http:\/\/[^|]+\|\d+$/);
  });

  test("linkshere's order counts a special page among its titles, so the continue value names namespace and title", async () => {
    const alone = await api().query({ prop: 'linkshere', titles: 'Berlin', lhlimit: '2' });
    assert.match(alone.continue.lhcontinue, /^\d+$/);
    const withSpecial = await api().query({ prop: 'linkshere', titles: 'Spezial:Gibtsnicht|Berlin', lhlimit: '2' });
    assert.match(withSpecial.continue.lhcontinue, /^0\|Berlin\|\d+$/);
    const next = await api().query({
      prop: 'linkshere',
      titles: 'Spezial:Gibtsnicht|Berlin',
      lhlimit: '2',
      ...withSpecial.continue,
    });
    const berlin = next.query.pages.find((p: any) => p.title === 'Berlin');
    assert.equal(berlin.linkshere.length, 2);
  });

  test('elquery matches a host exactly, or its subdomains with *.', async () => {
    const exact = await api().query({
      prop: 'extlinks',
      titles: 'Berlin|Informatik',
      elquery: 'www.berlin.example',
      elprotocol: 'https',
    });
    assert.deepEqual(
      exact.query.pages.flatMap((p: any) => (p.extlinks ?? []).map((e: any) => e.url)),
      ['https://www.berlin.example/'],
    );
    const any = await api().query({
      prop: 'extlinks',
      titles: 'Berlin|Informatik',
      elprotocol: 'ftp',
      elquery: '*.example.org',
    });
    assert.deepEqual(
      any.query.pages.flatMap((p: any) => (p.extlinks ?? []).map((e: any) => e.url)),
      ['ftp://ftp.example.org/pub/'],
    );
  });

  test('lhshow=redirect lists the redirects among the linking pages', async () => {
    const body = await api().query({
      prop: 'linkshere',
      titles: 'Berlin',
      lhshow: 'redirect',
      lhprop: 'title|redirect',
    });
    assert.deepEqual(body.query.pages[0].linkshere, [{ ns: 0, title: 'Geschichte Berlins', redirect: true }]);
  });

  test('rdshow=fragment lists redirects to a section, with the section', async () => {
    const body = await api().query({
      prop: 'redirects',
      titles: 'Berlin|Deutschland',
      rdshow: 'fragment',
      rdprop: 'title|fragment',
    });
    assert.deepEqual(
      body.query.pages.map((p: any) => p.redirects),
      [[{ ns: 0, title: 'Geschichte Berlins', fragment: 'Geschichte' }], undefined],
    );
  });

  test('fileusage looks at File titles only, missing files included', async () => {
    const body = await api().query({ prop: 'fileusage', titles: 'Datei:Fehlendes Bild.png|Berlin' });
    const pages = new Map(body.query.pages.map((p: any) => [p.title, p]));
    assert.deepEqual(titlesOf((pages.get('Datei:Fehlendes Bild.png') as any).fileusage), ['Bildergalerie']);
    assert.equal((pages.get('Berlin') as any).fileusage, undefined);
  });

  // Last: it stores language data in the wiki that the tests above read without.
  test("language names are the source's stored ones: a source without CLDR's names gives autonyms", async () => {
    const { store, site } = api();
    const codes: StoredLanguageCode[] = [
      ['de', 'Deutsch'],
      ['en', 'English'],
      ['fr', 'français'],
    ].map(([code, autonym]) => ({
      code,
      bcp47: code,
      dir: 'ltr',
      autonym,
      fallbacks: [],
      variants: [code],
      listed: true,
    }));
    const autonyms = new Map(codes.map((c) => [c.code, c.autonym]));
    await replaceLanguageData(
      store,
      { source: 'https://source.example/api.php', software: 'MediaWiki 1.39.0', fetched: '2026-01-01T00:00:00Z' },
      { codes, names: new Map([['de', autonyms]]) },
    );
    const app = await buildApp({ store, site, logLevel: 'warn' });
    try {
      const named = await queryJson(app, { prop: 'langlinks', titles: 'Deutschland', llprop: 'langname|autonym' });
      const byLang = new Map(named.query.pages[0].langlinks.map((l: any) => [l.lang, l]));
      assert.deepEqual(byLang.get('en'), { lang: 'en', langname: 'English', autonym: 'English', title: 'Germany' });
      // The source names French by its autonym in German too; Spanish it does not know.
      assert.deepEqual(byLang.get('fr'), { lang: 'fr', langname: 'français', autonym: 'français', title: 'Allemagne' });
      assert.deepEqual(byLang.get('es'), { lang: 'es', langname: '', autonym: '', title: 'Alemania' });
    } finally {
      await app.close();
    }
  });
});
