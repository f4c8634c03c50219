import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { describeEachEngine, type TestEngine, testEngines } from '@svc/common/testing';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/api/app.js';
import { importXmlDump } from '../../src/import/xml/xml-importer.js';
import { parseSearchTerms, runSearch } from '../../src/modules/support/search-query.js';
import { textSnippet } from '../../src/modules/support/search-snippet.js';
import { hasWordBreaks, languageFacts } from '../../src/site/mediawiki/language-facts.js';
import { afterMigrations } from '../../src/store/after-migrations.js';
import { openWikiStore, type WikiStore } from '../../src/store/database.js';
import * as searchTables from '../../src/store/migrations/0017_search_index_tables.js';
import { refreshSearchIndex } from '../../src/store/search-index.js';
import { indexSegmenter, queryTermText } from '../../src/store/search-text.js';
import { loadSite } from '../../src/store/site-store.js';
import { WordStemmer } from '../../src/store/word-stems.js';
import { phpWordCount } from '../../src/text/word-count.js';
import { queryJson, useReferenceApi } from '../helpers/reference-api.js';

const titles = (items: any[]): string[] => items.map((p) => p.title);
const snippet = (text: string, query: string, language = 'de') =>
  textSnippet(text, parseSearchTerms(query), languageFacts(language).ellipsis, hasWordBreaks(language));

test('snippets: the last match of the first two matching lines, escaped, every match of a line marked', () => {
  const text = 'Kein Treffer hier\nEine <b>Stadt</b> & "Land" am Fluss, die STADT\nzweite stadt\ndritte Stadt';
  assert.equal(
    snippet(text, 'stadt'),
    "Eine &lt;b&gt;<span class='searchmatch'>Stadt</span>&lt;/b&gt; &amp; &quot;Land&quot; am Fluss, die <span class='searchmatch'>STADT</span>\n" +
      "zweite <span class='searchmatch'>stadt</span>\n",
  );
  // Terms match whole words only; the text is HTML-escaped before it is marked, as MediaWiki does it.
  assert.equal(snippet('Landeshauptstadt Stadtrand', 'stadt'), '');
  assert.equal(
    snippet("Tom's & amp", 'amp'),
    "Tom&#039;s &<span class='searchmatch'>amp</span>; <span class='searchmatch'>amp</span>\n",
  );
  assert.equal(snippet('Die Stadt', '"die stadt"'), "<span class='searchmatch'>Die Stadt</span>\n");
  assert.equal(
    snippet('Hauptstadt Hauptbahnhof', 'haupt*'),
    "<span class='searchmatch'>Haupt</span>stadt <span class='searchmatch'>Haupt</span>bahnhof\n",
  );
  // Where words abut (Chinese, Cantonese, Gan), terms are marked inside words too, as MediaWiki
  // 1.39 on a Cantonese wiki marks `a*` in `alphabet`.
  for (const language of ['yue', 'gan', 'zh', 'zh-hant']) {
    assert.equal(
      snippet('the alphabet', 'a*', language),
      "the <span class='searchmatch'>a</span>lph<span class='searchmatch'>a</span>bet\n",
      language,
    );
  }
  assert.equal(snippet('the alphabet', 'a*', 'ja'), "the <span class='searchmatch'>a</span>lphabet\n");
});

test('snippets: 75 characters before the match after an ellipsis, 76 bytes after it', () => {
  const before = 'ä'.repeat(80);
  const after = `${'x'.repeat(74)}ü`;
  const line = snippet(`${before} Ziel ${after}`, 'ziel');
  // Before: the last 75 characters, trimmed at the start, after MediaWiki's German ellipsis.
  assert.ok(line.startsWith(`…${'ä'.repeat(74)} <span class='searchmatch'>Ziel</span> `), line);
  // After: 76 bytes, which here cut the `ü` in two; the half character becomes U+FFFD.
  assert.ok(line.endsWith(` ${'x'.repeat(74)}\uFFFD\n`), line);
  assert.ok(snippet(`${'a '.repeat(50)}Ziel`, 'ziel', 'en').startsWith('...'));
  assert.ok(snippet(`${'a '.repeat(50)}Ziel`, 'ziel', 'ru').startsWith('...'));
  assert.ok(snippet(`${'a '.repeat(50)}Ziel`, 'ziel', 'ja').startsWith('…'));
  // After the match, cut to 75 characters before an ellipsis only when that comes out shorter:
  // a cut after a space drops it.
  const spaced = snippet(`Ziel ${'y'.repeat(73)} zz`, 'ziel');
  assert.equal(spaced, `<span class='searchmatch'>Ziel</span> ${'y'.repeat(73)}…\n`);
  // With English's three dots it would not: the 76 bytes stay.
  assert.ok(snippet(`Ziel ${'y'.repeat(73)} zz`, 'ziel', 'en').endsWith(`${'y'.repeat(73)} z\n`));
});

test('snippets: case is folded for ASCII letters only, and word boundaries are ASCII ones', () => {
  assert.equal(snippet('Österreich', 'österreich'), '');
  assert.equal(
    snippet('österreichisch und Xösterreich', 'österreich'),
    "österreichisch und X<span class='searchmatch'>österreich</span>\n",
  );
  assert.equal(snippet('BERLIN', 'berlin'), "<span class='searchmatch'>BERLIN</span>\n");
});

test("word counts are PHP's str_word_count: ASCII letters, apostrophes and hyphens", () => {
  assert.equal(phpWordCount("'''Berlin''' ist die Hauptstadt."), 4);
  assert.equal(phpWordCount('Österreich grüßt'), 3);
  assert.equal(phpWordCount("-a- 'b' c-"), 3);
  assert.equal(phpWordCount('3.755.251 Einwohner'), 1);
});

test('queries: lowercased, characters outside the syntax dropped, phrases, prefixes and exclusions', () => {
  assert.deepEqual(parseSearchTerms('Haupt* -Stadt "Die  Stadt" a+b'), [
    { text: 'haupt', phrase: false, prefix: true, exclude: false },
    { text: 'stadt', phrase: false, prefix: false, exclude: true },
    { text: 'die  stadt', phrase: true, prefix: false, exclude: false },
    { text: 'a', phrase: false, prefix: false, exclude: false },
    { text: 'b', phrase: false, prefix: false, exclude: false },
  ]);
  assert.deepEqual(parseSearchTerms('!!! ???'), []);
});

describeEachEngine('list=search on the reference wiki', (engine) => {
  const api = useReferenceApi(engine);
  const search = (params: Record<string, string>) => api().query({ list: 'search', ...params });

  test('as a generator with redirects resolved, a redirect it found carries the generator data: its page and index', async () => {
    const body = await api().query({ generator: 'search', gsrsearch: 'a*', gsrlimit: 'max', redirects: '1' });
    const redirect = body.query.redirects.find((r: any) => r.from === 'AccessibleComputing');
    assert.deepEqual(Object.keys(redirect), ['ns', 'title', 'pageid', 'index', 'from', 'to']);
    assert.deepEqual([redirect.ns, redirect.title, redirect.pageid], [0, 'AccessibleComputing', 2]);
    assert.equal(typeof redirect.index, 'number');
    const plain = await api().query({ titles: 'AccessibleComputing', redirects: '1' });
    assert.deepEqual(Object.keys(plain.query.redirects[0]), ['from', 'to'], 'without a generator no more than that');
    // prefixsearch gives its generator data as the index alone.
    const prefix = await api().query({ generator: 'prefixsearch', gpssearch: 'Accessible', redirects: '1' });
    assert.deepEqual(Object.keys(prefix.query.redirects[0]), ['index', 'from', 'to']);
  });

  test('as a generator, searchinfo is given only when gsrinfo asks for it, before the pages', async () => {
    const asked = await api().query({ generator: 'search', gsrsearch: 'Berlin', gsrinfo: 'totalhits' });
    assert.deepEqual(Object.keys(asked.query), ['searchinfo', 'pages']);
    const listed = await search({ srsearch: 'Berlin', srlimit: 'max' });
    assert.equal(asked.query.searchinfo.totalhits, listed.query.searchinfo.totalhits);
    const byDefault = await api().query({ generator: 'search', gsrsearch: 'Berlin' });
    assert.equal(byDefault.query.searchinfo, undefined);
    const suggestionOnly = await api().query({ generator: 'search', gsrsearch: 'Berlin', gsrinfo: 'suggestion' });
    assert.equal(suggestionOnly.query.searchinfo, undefined);
  });

  test('text and title searches; the default searches titles', async () => {
    // A value it does not know is refused with the values in MediaWiki's declared order.
    const unknown = await api().query({ list: 'search', srsearch: 'Wien', srwhat: 'ALL', errorformat: 'raw' });
    assert.deepEqual(
      unknown.errors[0].params[2].list.map((v: { plaintext: string }) => v.plaintext),
      ['title', 'text', 'nearmatch'],
    );
    const text = await search({ srsearch: 'Wien', srwhat: 'text', srprop: '' });
    const title = await search({ srsearch: 'Wien', srwhat: 'title', srprop: '' });
    const byDefault = await search({ srsearch: 'Wien', srprop: '' });
    assert.ok(text.query.search.length > title.query.search.length);
    assert.deepEqual(titles(title.query.search), ['Wien']);
    assert.deepEqual(byDefault, title);
    assert.deepEqual(title.query.search[0], { ns: 0, title: 'Wien', pageid: 246 });
    assert.equal(text.query.searchinfo.totalhits, text.query.search.length);
  });

  test('following sroffset visits every hit once, in page id order over every namespace', async () => {
    const all = await search({ srsearch: 'Stadt', srwhat: 'text', srnamespace: '*', srlimit: 'max', srprop: '' });
    const total = all.query.searchinfo.totalhits;
    assert.equal(all.query.search.length, total);
    const seen: string[] = [];
    let cont: Record<string, string> = {};
    for (let round = 0; round < 20; round++) {
      const page = await search({
        srsearch: 'Stadt',
        srwhat: 'text',
        srnamespace: '*',
        srlimit: '4',
        srprop: '',
        ...cont,
      });
      assert.equal(page.query.searchinfo.totalhits, total);
      seen.push(...titles(page.query.search));
      if (!page.continue) break;
      assert.equal(page.continue.continue, '-||');
      cont = { sroffset: String(page.continue.sroffset) };
    }
    assert.deepEqual(seen, titles(all.query.search));
    // MediaWiki's SQLite backend walks the index's matches for ten namespaces or more: page id order.
    const ids = all.query.search.map((p: any) => p.pageid);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
  });

  test('up to nine namespaces are answered by namespace and title, ten or more by page id', async () => {
    const nine = '0|1|2|3|4|5|10|11|14';
    const few = await search({ srsearch: 'Stadt', srwhat: 'text', srnamespace: nine, srlimit: 'max', srprop: '' });
    const order = few.query.search.map((p: any) => [p.ns, p.title]);
    assert.ok(new Set(order.map((o: any) => o[0])).size > 1);
    const sorted = [...order].sort(
      (a, b) => a[0] - b[0] || (Buffer.compare(Buffer.from(a[1]), Buffer.from(b[1])) as number),
    );
    assert.deepEqual(order, sorted);
    assert.notDeepEqual(
      order.map((o: any) => o[1]),
      [...few.query.search].sort((a: any, b: any) => a.pageid - b.pageid).map((p: any) => p.title),
    );
    const ten = await search({
      srsearch: 'Stadt',
      srwhat: 'text',
      srnamespace: `${nine}|6`,
      srlimit: 'max',
      srprop: '',
    });
    const ids = ten.query.search.map((p: any) => p.pageid);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
    assert.deepEqual([...ids].sort(), few.query.search.map((p: any) => p.pageid).sort());
  });

  test('hits read in title order from the page table are the hits sorted from the index', async () => {
    for (const [text, namespaces] of [
      ['Stadt', [0, 14]],
      ['Stadt', [14]],
      ['die', [0]],
      ['the', null],
    ] as [string, number[] | null][]) {
      for (const offset of [0, 7]) {
        const request = {
          terms: parseSearchTerms(text),
          field: 'text' as const,
          stems: false,
          namespaces,
          limit: 25,
          offset,
          language: 'de',
          stemmer: new WordStemmer('de'),
          count: true,
        };
        const sorted = await runSearch(api().store.db, request);
        const scanned = await runSearch(api().store.db, { ...request, sortHitsUpTo: 0 });
        assert.ok(sorted.pages.length > 0 || offset > 0, text);
        assert.deepEqual(scanned, sorted, text);
        // Read three rows at a time, the walk goes on from chunk to chunk and namespace to namespace.
        const chunked = await runSearch(api().store.db, { ...request, sortHitsUpTo: 0, titleChunk: 3 });
        assert.deepEqual(chunked, sorted, text);
        // The total counts the hits in the namespaces asked for, however they were found.
        const every = await runSearch(api().store.db, { ...request, limit: 100_000, offset: 0 });
        assert.equal(every.total, every.pages.length, text);
        assert.equal(sorted.total, every.pages.length, text);
        assert.deepEqual(
          every.pages.filter((p) => namespaces !== null && !namespaces.includes(p.page_namespace)),
          [],
          text,
        );
      }
    }
  });

  test('a namespace name before the query picks the namespace, all: every namespace', async () => {
    const categories = await search({ srsearch: 'Kategorie:Hauptstadt', srprop: '' });
    assert.deepEqual(titles(categories.query.search), ['Kategorie:Hauptstadt']);
    const inText = await search({ srsearch: 'category:Stadt', srwhat: 'text', srprop: '' });
    assert.ok(inText.query.search.length > 0 && inText.query.search.every((p: any) => p.ns === 14));
    const everywhere = await search({ srsearch: 'all:Stadt', srwhat: 'text', srprop: '', srlimit: 'max' });
    const listed = await search({ srsearch: 'Stadt', srwhat: 'text', srnamespace: '*', srprop: '', srlimit: 'max' });
    assert.deepEqual(everywhere.query.search, listed.query.search);
  });

  test('phrases, prefixes and excluded words', async () => {
    const words = await search({ srsearch: 'liegt Deutschland', srwhat: 'text', srprop: '', srlimit: 'max' });
    const phrase = await search({ srsearch: '"liegt in Deutschland"', srwhat: 'text', srprop: '', srlimit: 'max' });
    assert.ok(phrase.query.search.length > 0 && phrase.query.search.length <= words.query.search.length);
    const prefix = await search({ srsearch: 'Berl*', srprop: '' });
    assert.ok(titles(prefix.query.search).includes('Berlins'));
    const without = await search({ srsearch: 'Stadt -Berlin', srwhat: 'text', srprop: '', srlimit: 'max' });
    assert.ok(!titles(without.query.search).includes('Berlin'));
    assert.ok(titles(without.query.search).includes('Dresden'));
  });

  test('srinfo and srprop choose what is answered; the database backend has no title or category snippets', async () => {
    const bare = await search({ srsearch: 'Berlin', srinfo: '', srprop: '' });
    assert.equal(bare.query.searchinfo, undefined);
    const all = await search({
      srsearch: 'Berlin',
      srlimit: '1',
      srprop:
        'size|wordcount|timestamp|snippet|titlesnippet|categorysnippet|isfilematch|redirecttitle|redirectsnippet|sectiontitle|sectionsnippet|extensiondata',
    });
    assert.deepEqual(Object.keys(all.query.search[0]), [
      'ns',
      'title',
      'pageid',
      'size',
      'wordcount',
      'snippet',
      'timestamp',
      'titlesnippet',
      'categorysnippet',
      'isfilematch',
    ]);
    assert.equal(all.query.search[0].titlesnippet, '');
    assert.equal(all.query.search[0].isfilematch, false);
    const deprecated = await search({ srsearch: 'Berlin', srlimit: '1', srprop: 'score|hasrelated' });
    assert.deepEqual(deprecated.query.search[0], { ns: 0, title: 'Berlin', pageid: 236 });
    assert.ok(JSON.stringify(deprecated.warnings).includes('deprecated'));
    const options = await search({ srsearch: 'Berlin', srinterwiki: '1', srsort: 'relevance', srprop: '' });
    assert.deepEqual(options.query, (await search({ srsearch: 'Berlin', srprop: '' })).query);
  });

  test('near matches: the page the text names, in other letter cases, without quotes, any namespace', async () => {
    const near = (text: string) => search({ srsearch: text, srwhat: 'nearmatch', srprop: '', srnamespace: '14' });
    assert.deepEqual(titles((await near('berlin')).query.search), ['Berlin']);
    assert.deepEqual(titles((await near('FRANKFURT')).query.search), ['Frankfurt']);
    assert.deepEqual(titles((await near('frankfurt am Main')).query.search), ['Frankfurt am Main']);
    assert.deepEqual(titles((await near('frankfurt am main')).query.search), []);
    assert.deepEqual(titles((await near('"Wien"')).query.search), ['Wien']);
    assert.deepEqual(titles((await near('Vorlage:Infobox Stadt')).query.search), ['Vorlage:Infobox Stadt']);
    assert.deepEqual((await near('Nirgendwo')).query, { search: [] });
    // The near matcher knows no offset: the one match is given whatever sroffset says.
    const offset = await search({ srsearch: 'Berlin', srwhat: 'nearmatch', srprop: '', sroffset: '5' });
    assert.deepEqual(titles(offset.query.search), ['Berlin']);
  });

  test('as a generator, each page carries its position; gsroffset continues', async () => {
    const answer = await api().query({
      generator: 'search',
      gsrsearch: 'Stadt',
      gsrwhat: 'text',
      gsrlimit: '3',
      gsroffset: '2',
    });
    const index = Object.fromEntries(answer.query.pages.map((p: any) => [p.title, p.index]));
    const list = await search({ srsearch: 'Stadt', srwhat: 'text', srlimit: '3', sroffset: '2', srprop: '' });
    assert.deepEqual(index, Object.fromEntries(titles(list.query.search).map((t, i) => [t, i + 3])));
    assert.deepEqual(answer.continue, { gsroffset: 5, continue: 'gsroffset||' });
  });

  test("as a generator, the hits' properties named by gsrprop go with their pages; the default names none", async () => {
    const params = { generator: 'search', gsrsearch: 'Stadt', gsrwhat: 'text', gsrlimit: '3' };
    const named = await api().query({ ...params, gsrprop: 'size|wordcount|timestamp|snippet|titlesnippet' });
    const list = await search({
      srsearch: 'Stadt',
      srwhat: 'text',
      srlimit: '3',
      srprop: 'size|wordcount|timestamp|snippet|titlesnippet',
    });
    for (const [i, hit] of list.query.search.entries()) {
      const page = named.query.pages.find((p: any) => p.pageid === hit.pageid);
      const { ns, title, pageid, ...fields } = hit;
      assert.deepEqual(page, { pageid, ns, title, ...fields, index: i + 1 });
    }
    const byDefault = await api().query(params);
    assert.deepEqual(Object.keys(byDefault.query.pages[0]), ['pageid', 'ns', 'title', 'index']);
  });

  test('errors: a missing or empty srsearch, a bad srwhat; a query of no words finds nothing', async () => {
    for (const params of [{}, { srsearch: '' }] as Record<string, string>[]) {
      const answer = await search(params);
      assert.equal(answer.error.code, 'missingparam');
    }
    const bad = await search({ srsearch: 'x', srwhat: 'everything' });
    assert.equal(bad.error.code, 'badvalue');
    assert.deepEqual((await search({ srsearch: '!!!', srwhat: 'text' })).query, {
      searchinfo: { totalhits: 0 },
      search: [],
    });
  });
});

function dump(pages: Array<[id: number, title: string, rev: number, text: string]>): string {
  const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = pages
    .map(
      ([id, title, rev, text]) =>
        `<page><title>${title}</title><ns>0</ns><id>${id}</id><revision><id>${rev}</id><timestamp>2024-01-0${rev % 9 || 1}T00:00:00Z</timestamp><contributor><username>Alice</username><id>7</id></contributor><model>wikitext</model><format>text/x-wiki</format><text xml:space="preserve">${escapeHtml(text)}</text></revision></page>`,
    )
    .join('');
  return `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="de">
  <siteinfo><sitename>Beispiel</sitename><dbname>dewiki</dbname><base>https://de.example.org/wiki/Hauptseite</base>
    <generator>MediaWiki 1.41.0</generator><case>first-letter</case>
    <namespaces><namespace key="0" case="first-letter" /><namespace key="14" case="first-letter">Kategorie</namespace></namespaces>
  </siteinfo>${body}</mediawiki>`;
}

describeEachEngine('the search index follows the store', (engine: TestEngine) => {
  const dir = mkdtempSync(join(tmpdir(), 'search-index-'));
  let store: WikiStore;
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  const find = async (text: string, extra: Record<string, string> = {}) =>
    titles(
      (await queryJson(app, { list: 'search', srsearch: text, srwhat: 'text', srprop: '', ...extra })).query.search,
    );

  before(async () => {
    const created = await engine.createTarget();
    dispose = created.dispose;
    store = await openWikiStore(created.target);
    const file = join(dir, 'one.xml');
    writeFileSync(
      file,
      dump([
        [1, 'Dorf', 1, 'Ein Dorf hat ein Haus und eine Kirche.'],
        [2, 'Stadt', 2, 'Eine Stadt hat viele Häuser. Siehe [http://example.org/kirche Webseite].'],
        [3, 'Hafen', 3, 'Schiffe <!-- Anker --> und <ref>Quelle</ref>Kräne.'],
      ]),
    );
    await importXmlDump(store, file, { lint: false });
    app = await buildApp({ store, site: (await loadSite(store.db))! });
  });

  after(async () => {
    await app.close();
    await store.close();
    await dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  test('words match exactly; with srenablerewrites their German stems match (Häuser finds Haus)', async () => {
    assert.deepEqual(await find('Haus'), ['Dorf']);
    assert.deepEqual(await find('Häuser'), ['Stadt']);
    assert.deepEqual(await find('Häuser', { srenablerewrites: '1' }), ['Dorf', 'Stadt']);
    assert.deepEqual(await find('Haus', { srenablerewrites: '1' }), ['Dorf', 'Stadt']);
    assert.deepEqual(await find('Dörfer', { srenablerewrites: '1' }), ['Dorf']);
    assert.deepEqual(await find('Dörfer', { srenablerewrites: '1', srwhat: 'title' }), ['Dorf']);
  });

  test('stems listed from the whole vocabulary after a large build find the same pages', async () => {
    const site = (await loadSite(store.db))!;
    const stems = async () =>
      engine.name === 'postgres'
        ? []
        : (
            await sql<{ ss_stem: string; ss_word: string }>`select ss_stem, ss_word from searchindex_stem
              order by ss_stem, ss_word`.execute(store.db)
          ).rows;
    const perPage = await stems();
    // On this thread alone, then with a helper thread that prepares the texts and, ready by then
    // (it has answered), stems the lists of two words.
    for (const threads of [0, 1]) {
      await refreshSearchIndex(store.db, site, {
        rebuild: true,
        vocabularyPassPages: 0,
        threads,
        vocabularyChunk: 2,
      });
      assert.deepEqual(await stems(), perPage, `${threads} stemming threads`);
      assert.deepEqual(await find('Häuser'), ['Stadt']);
      assert.deepEqual(await find('Häuser', { srenablerewrites: '1' }), ['Dorf', 'Stadt']);
      assert.deepEqual(await find('Dörfer', { srenablerewrites: '1', srwhat: 'title' }), ['Dorf']);
    }
  });

  test('size and word count come from the store; an entry without a kept word count is counted from the text', async () => {
    const hit = async () =>
      (await queryJson(app, { list: 'search', srsearch: 'Kirche', srwhat: 'text', srprop: 'size|wordcount' })).query
        .search[0];
    const text = 'Ein Dorf hat ein Haus und eine Kirche.';
    assert.deepEqual(await hit(), { ns: 0, title: 'Dorf', pageid: 1, size: Buffer.byteLength(text), wordcount: 8 });
    const table = engine.name === 'postgres' ? sql`searchindex` : sql`searchindex_page`;
    await sql`update ${table} set si_wordcount = null`.execute(store.db);
    assert.deepEqual(await hit(), { ns: 0, title: 'Dorf', pageid: 1, size: Buffer.byteLength(text), wordcount: 8 });
    await refreshSearchIndex(store.db, (await loadSite(store.db))!);
    const kept = await sql<{ n: number }>`select si_wordcount as n from ${table} where si_page = 1`.execute(store.db);
    assert.equal(Number(kept.rows[0]?.n), 8, 'a refresh counts the words of entries without a count');
    await sql`update ${table} set si_wordcount = 99`.execute(store.db);
    assert.equal((await hit()).wordcount, 99);
    await refreshSearchIndex(store.db, (await loadSite(store.db))!, { rebuild: true });
  });

  test('what is indexed: comments and link labels, not tags or URLs', async () => {
    assert.deepEqual(await find('Anker'), ['Hafen']);
    assert.deepEqual(await find('Quelle'), ['Hafen']);
    assert.deepEqual(await find('ref'), []);
    assert.deepEqual(await find('Webseite'), ['Stadt']);
    assert.deepEqual(await find('example'), []);
    assert.deepEqual(await find('Kirche'), ['Dorf']);
  });

  test("a newer revision of a page replaces the page's entry", async () => {
    const file = join(dir, 'two.xml');
    writeFileSync(
      file,
      dump([
        [1, 'Dorf', 1, 'Ein Dorf hat ein Haus und eine Kirche.'],
        [2, 'Stadt', 12, 'Eine Stadt hat einen Leuchtturm.'],
        [3, 'Hafen', 3, 'Schiffe <!-- Anker --> und <ref>Quelle</ref>Kräne.'],
      ]),
    );
    await importXmlDump(store, file, { lint: false });
    assert.deepEqual(await find('Häuser'), []);
    assert.deepEqual(await find('Leuchtturm'), ['Stadt']);
    assert.deepEqual(await find('Kirche'), ['Dorf']);
    const hit = (await queryJson(app, { list: 'search', srsearch: 'Leuchtturm', srwhat: 'text' })).query.search[0];
    assert.equal(hit.snippet, "Eine Stadt hat einen <span class='searchmatch'>Leuchtturm</span>.\n");
    assert.equal(hit.size, Buffer.byteLength('Eine Stadt hat einen Leuchtturm.'));
  });

  test("titles and texts are searched apart, and a text cannot pass for another page's namespace", async () => {
    const file = join(dir, 'three.xml');
    // U+E000 followed by a number is how the SQLite index writes a page's namespace.
    writeFileSync(file, dump([[4, 'Leuchtfeuer', 4, 'Marke \ue00014 Signal\ue000wort Nummer 14']]));
    await importXmlDump(store, file, { lint: false });
    assert.deepEqual(await find('Marke'), ['Leuchtfeuer']);
    assert.deepEqual(await find('Marke', { srnamespace: '14' }), []);
    assert.deepEqual(await find('14', { srnamespace: '14' }), []);
    assert.deepEqual(await find('14'), ['Leuchtfeuer']);
    assert.deepEqual(await find('Leuchtfeuer', { srnamespace: '0|14' }), []);
    assert.deepEqual(await find('Leuchtfeuer', { srwhat: 'title', srnamespace: '0|14' }), ['Leuchtfeuer']);
    assert.deepEqual(await find('Signal', { srwhat: 'title' }), []);
    // The mark separates words, as any other character outside words would.
    assert.deepEqual(await find('wort'), ['Leuchtfeuer']);
    assert.deepEqual(await find('"Signal wort"'), ['Leuchtfeuer']);
  });

  test('SQLite: a store whose index is one table of three columns gets the two tables, its pages indexed again', async (t) => {
    if (engine.name !== 'sqlite') return t.skip('SQLite only');
    const found = [await find('Leuchtturm'), await find('Dörfer', { srenablerewrites: '1', srwhat: 'title' })];
    await searchTables.down(store.db);
    const columns = store.sqlite!.prepare("select name from pragma_table_info('searchindex') order by cid").all();
    assert.deepEqual(columns, [{ name: 'si_title' }, { name: 'si_text' }, { name: 'si_namespace' }]);
    await searchTables.up(store.db);
    await afterMigrations(store.db, ['0017_search_index_tables']);
    assert.deepEqual(
      [await find('Leuchtturm'), await find('Dörfer', { srenablerewrites: '1', srwhat: 'title' })],
      found,
    );
    assert.deepEqual(found, [['Stadt'], ['Dorf']]);
  });
});

/** A wiki of `pages` (title, text) in `language`, imported from a dump into the engine's store and served. */
async function withImportedWiki(
  engine: ReturnType<typeof testEngines>[number],
  language: string,
  pages: [title: string, text: string][],
  use: (app: Awaited<ReturnType<typeof buildApp>>, store: Awaited<ReturnType<typeof openWikiStore>>) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `search-${language}-`));
  const created = await engine.createTarget();
  const store = await openWikiStore(created.target);
  try {
    const file = join(dir, `${language}.xml`);
    const page = ([title, text]: [string, string], i: number) =>
      `<page><title>${title}</title><ns>0</ns><id>${i + 1}</id><revision><id>${i + 1}</id><timestamp>2024-01-01T00:00:00Z</timestamp><contributor><username>Alice</username><id>7</id></contributor><model>wikitext</model><format>text/x-wiki</format><text xml:space="preserve">${text}</text></revision></page>`;
    writeFileSync(
      file,
      `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="${language}">
  <siteinfo><sitename>Wiki</sitename><dbname>${language}wiki</dbname><base>https://${language}.example.org/wiki/Main</base>
    <generator>MediaWiki 1.39.0</generator><case>first-letter</case>
    <namespaces><namespace key="0" case="first-letter" /></namespaces>
  </siteinfo>${pages.map(page).join('')}</mediawiki>`,
    );
    await importXmlDump(store, file, { lint: false });
    const app = await buildApp({ store, site: (await loadSite(store.db))! });
    try {
      await use(app, store);
    } finally {
      await app.close();
    }
  } finally {
    await store.close();
    await created.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('words split as MediaWiki splits them where they are not set apart by spaces', () => {
  test('Chinese: each character a word, a term of several a phrase; Japanese: runs of one script', () => {
    const chinese = indexSegmenter('zh') as (text: string) => string;
    assert.equal(chinese('北京市是中国的首都 köln ＡＢ１'), ' 北 京 市 是 中 国 的 首 都 k ö ln AB1');
    assert.equal(queryTermText('北京', 'zh'), '北 京');
    assert.equal(queryTermText('北京', 'gan'), '北 京');
    // Chinese and Gan read both in their simplified script; `zh-hant` and `lzh` have no converter.
    assert.equal(queryTermText('中國', 'zh'), '中 国');
    assert.equal(queryTermText('中國', 'zh-hant'), '中 國');
    // Cantonese splits its index, not its queries, as MediaWiki's class does.
    assert.ok(indexSegmenter('yue'));
    assert.equal(queryTermText('北京', 'yue'), '北京');
    const japanese = indexSegmenter('ja') as (text: string) => string;
    assert.equal(japanese('東京都はにほんのカタカナ'), ' 東京都 はにほんの カタカナ ');
    assert.equal(queryTermText('東京', 'ja'), '東京');
    assert.equal(indexSegmenter('de'), undefined);
    assert.equal(queryTermText('Köln', 'de'), 'Köln');
  });

  for (const engine of testEngines()) {
    test(`a Chinese wiki finds a word inside a longer run of characters (${engine.name})`, {
      skip: engine.skip,
    }, async () => {
      const pages: [string, string][] = [
        ['首都', '北京市是中国的首都。'],
        ['Köln', 'Köln ist eine Stadt.'],
        ['上海', '上海市'],
      ];
      await withImportedWiki(engine, 'zh', pages, async (app, store) => {
        const found = async (text: string) =>
          titles((await queryJson(app, { list: 'search', srsearch: text, srwhat: 'text', srprop: '' })).query.search);
        assert.deepEqual(await found('北京'), ['首都']);
        assert.deepEqual(await found('市'), ['上海', '首都'].sort());
        assert.deepEqual(await found('Köln'), ['Köln']);
        assert.deepEqual(await found('京市是'), ['首都']);
        assert.deepEqual(await found('京是'), []);
        // Texts and queries are read in the simplified script: the traditional 中國 finds 中国.
        assert.deepEqual(await found('中國'), ['首都']);
        // A store of an earlier version has its index built again by the migration's follow-up.
        await afterMigrations(store.db, ['0153_search_words_by_language']);
        assert.deepEqual(await found('北京'), ['首都']);
      });
    });

    test(`a Serbian wiki finds a term written in either script (${engine.name})`, { skip: engine.skip }, async () => {
      const pages: [string, string][] = [
        ['Београд', 'Београд је главни град Србије.'],
        ['Novi Sad', 'Novi Sad je grad u Srbiji.'],
        ['Ниш', 'Ниш на Нишави.'],
      ];
      await withImportedWiki(engine, 'sr', pages, async (app) => {
        const found = async (params: Record<string, string>) =>
          titles((await queryJson(app, { list: 'search', srprop: '', ...params })).query.search);
        // A term is looked for in each variant, any of which matches.
        assert.deepEqual(await found({ srsearch: 'beograd', srwhat: 'text' }), ['Београд']);
        assert.deepEqual(await found({ srsearch: 'град', srwhat: 'text' }), ['Novi Sad', 'Београд']);
        assert.deepEqual(await found({ srsearch: 'grad -Србије', srwhat: 'text' }), ['Novi Sad']);
        // A phrase is converted whole: in one script it is found, in the wrong order it is not.
        assert.deepEqual(await found({ srsearch: '"glavni grad"', srwhat: 'text' }), ['Београд']);
        assert.deepEqual(await found({ srsearch: '"главни grad"', srwhat: 'text' }), ['Београд']);
        assert.deepEqual(await found({ srsearch: '"grad glavni"', srwhat: 'text' }), []);
        assert.deepEqual(await found({ srsearch: 'niš*', srwhat: 'text' }), ['Ниш']);
        assert.deepEqual(await found({ srsearch: 'нови', srwhat: 'title' }), ['Novi Sad']);
      });
    });
  }
});
