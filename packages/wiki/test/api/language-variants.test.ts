/**
 * Script variants on a Chinese and a Kazakh wiki: `converttitles` finds a page under a title in another
 * variant, and info's `varianttitles` gives a page's title in each variant (as MediaWiki 1.39's
 * converter gives them).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import { importXmlDump } from '../../src/import/xml/xml-importer.js';
import { preferredVariant } from '../../src/modules/support/preferred-variant.js';
import { defaultSite } from '../../src/site/defaults.js';
import { languageConverter } from '../../src/site/mediawiki/language-variants.js';
import { openWikiStore, type WikiStore } from '../../src/store/database.js';
import { loadSite } from '../../src/store/site-store.js';
import { apiGet, emptyWikiApi, type TestApi } from '../helpers/api-app.js';

/** Pages without revisions, enough for titles to be looked up. */
async function insertPages(
  api: TestApi,
  pages: { page_id: number; page_namespace: number; page_title: string; page_is_redirect: number }[],
): Promise<void> {
  for (const page of pages) {
    await api.store.db
      .insertInto('page')
      .values({ ...page, page_random: 0.5, page_touched: '20261122000000', page_latest: 0, page_len: 0 })
      .execute();
  }
}

describe('a Chinese wiki: title conversion between script variants', () => {
  let api: TestApi;
  before(async () => {
    api = await emptyWikiApi({ language: 'zh' });
    const pages = [
      { page_id: 1, page_namespace: 0, page_title: '汉语', page_is_redirect: 0 },
      { page_id: 2, page_namespace: 0, page_title: '計算機軟體', page_is_redirect: 0 },
      { page_id: 3, page_namespace: 0, page_title: '中文', page_is_redirect: 1 },
      { page_id: 4, page_namespace: 0, page_title: '汉语拼音', page_is_redirect: 0 },
      { page_id: 5, page_namespace: 0, page_title: '漢字', page_is_redirect: 0 },
    ];
    await insertPages(api, pages);
    // 中文 redirects to the traditional form of the page's title.
    await api.store.db.insertInto('redirect').values({ rd_from: 3, rd_namespace: 0, rd_title: '漢語' }).execute();
  });
  after(async () => api.close());

  const query = async (params: Record<string, string>) =>
    (await apiGet(api.app, { action: 'query', format: 'json', formatversion: '2', ...params })).json;

  test('converttitles: a title without a page is found in another variant and reported as converted', async () => {
    const answer = await query({ titles: '漢語|计算机软件|软件', converttitles: '1' });
    assert.deepEqual(answer.query.converted, [
      { from: '漢語', to: '汉语' },
      { from: '计算机软件', to: '計算機軟體' },
    ]);
    assert.deepEqual(
      answer.query.pages.map((p: { title: string; missing?: boolean }) => [p.title, p.missing ?? false]),
      [
        ['软件', true],
        ['汉语', false],
        ['計算機軟體', false],
      ],
    );
    // Without the parameter, titles are taken as given.
    const plain = await query({ titles: '漢語' });
    assert.equal(plain.query.converted, undefined);
    assert.equal(plain.query.pages[0].missing, true);
  });

  test('converttitles: a redirect target without a page is found in another variant', async () => {
    // As MediaWiki 1.39 answers on the same pages.
    const answer = await query({ titles: '中文', redirects: '1', converttitles: '1' });
    assert.deepEqual(answer.query.converted, [{ from: '漢語', to: '汉语' }]);
    assert.deepEqual(answer.query.redirects, [{ from: '中文', to: '漢語' }]);
    assert.deepEqual(
      answer.query.pages.map((p: { title: string }) => p.title),
      ['汉语'],
    );
  });

  test('prefixsearch: the text in the other variants is searched for what the text itself does not find', async () => {
    // Each answer as MediaWiki 1.39 gives it on the same pages.
    const search = async (params: Record<string, string>) => {
      const answer = await query({ list: 'prefixsearch', ...params });
      return [answer.query.prefixsearch.map((p: { title: string }) => p.title), answer.continue?.psoffset];
    };
    assert.deepEqual(await search({ pssearch: '漢語' }), [['汉语', '汉语拼音'], undefined]);
    // The variants' searches start from the first page: the offset is not applied to them.
    assert.deepEqual(await search({ pssearch: '漢語', psoffset: '1' }), [['汉语', '汉语拼音'], undefined]);
    assert.deepEqual(await search({ pssearch: '漢', pslimit: '2', psoffset: '1' }), [['汉语', '汉语拼音'], undefined]);
    assert.deepEqual(await search({ pssearch: '漢語拼音', psoffset: '2' }), [['汉语拼音'], undefined]);
    assert.deepEqual(await search({ pssearch: '汉字' }), [['漢字'], undefined]);
    assert.deepEqual(await search({ pssearch: '漢', pslimit: '1' }), [['漢字'], 1]);
    // The whole is cut to what the last variant's search still wanted.
    assert.deepEqual(await search({ pssearch: '汉', pslimit: '2' }), [['汉语'], 2]);
  });

  test('srwhat=nearmatch: the text names a page in another variant', async () => {
    // As a generator: the test's pages have no revisions, which the list's hits need.
    const answer = await query({ generator: 'search', gsrwhat: 'nearmatch', gsrsearch: '漢語' });
    assert.deepEqual(
      answer.query.pages.map((p: { title: string }) => p.title),
      ['汉语'],
    );
  });

  test("varianttitles: the title in each of the language's variants", async () => {
    const answer = await query({ titles: '汉语', prop: 'info', inprop: 'varianttitles' });
    assert.deepEqual(answer.query.pages[0].varianttitles, {
      zh: '汉语',
      'zh-hans': '汉语',
      'zh-hant': '漢語',
      'zh-cn': '汉语',
      'zh-hk': '漢語',
      'zh-mo': '漢語',
      'zh-my': '汉语',
      'zh-sg': '汉语',
      'zh-tw': '漢語',
    });
  });
});

describe("a Kazakh wiki: its converter's rules between Cyrillic, Latin and Arabic script", () => {
  let api: TestApi;
  before(async () => {
    api = await emptyWikiApi(defaultSite({ language: 'kk' }));
    const pages = [
      { page_id: 1, page_namespace: 0, page_title: 'Berlin', page_is_redirect: 0 },
      { page_id: 2, page_namespace: 0, page_title: 'Berlins', page_is_redirect: 0 },
      { page_id: 3, page_namespace: 2, page_title: 'AGK', page_is_redirect: 0 },
    ];
    await insertPages(api, pages);
  });
  after(async () => api.close());

  const query = async (params: Record<string, string>) =>
    (await apiGet(api.app, { action: 'query', format: 'json', formatversion: '2', ...params })).json;

  // Each answer as MediaWiki 1.39 gives it for the same pages on a wiki in Kazakh.
  test('converttitles: a Cyrillic title finds the Latin page; user pages keep their titles', async () => {
    const answer = await query({ titles: 'Берлін|Қатысушы:AГK|Қатысушы талқылауы:AГK', converttitles: '1' });
    assert.deepEqual(answer.query.converted, [{ from: 'Берлін', to: 'Berlin' }]);
    assert.deepEqual(
      answer.query.pages.map((p: { title: string; ns: number; missing?: boolean }) => [
        p.title,
        p.ns,
        p.missing ?? false,
      ]),
      [
        ['Қатысушы талқылауы:AГK', 3, true],
        ['Қатысушы:AГK', 2, true],
        ['Berlin', 0, false],
      ],
    );
  });

  test('varianttitles, prefixsearch and nearmatch in the other scripts', async () => {
    const info = await query({ titles: 'Berlin', prop: 'info', inprop: 'varianttitles' });
    assert.deepEqual(info.query.pages[0].varianttitles, {
      kk: 'Berlin',
      'kk-cyrl': 'Берлін',
      'kk-latn': 'Berlin',
      'kk-arab': 'Berlin',
      'kk-kz': 'Берлін',
      'kk-tr': 'Berlin',
      'kk-cn': 'Berlin',
    });
    const prefix = await query({ list: 'prefixsearch', pssearch: 'Берл', pslimit: '3' });
    assert.deepEqual(
      prefix.query.prefixsearch.map((p: { title: string }) => p.title),
      ['Berlin', 'Berlins'],
    );
    // Near matches convert user pages' titles too (only converttitles leaves them); the
    // namespace's names in the other scripts are its aliases.
    for (const search of ['Қатысушы:AГK', 'Qatıswşı:AGK']) {
      const near = await query({ generator: 'search', gsrwhat: 'nearmatch', gsrsearch: search });
      assert.deepEqual(
        near.query.pages.map((p: { title: string }) => p.title),
        ['Қатысушы:AGK'],
      );
    }
  });
});

describe("a Chinese wiki's extracts in the variant the request asks for", () => {
  let store: WikiStore;
  let app: FastifyInstance;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'variants-'));
    const file = join(dir, 'zh.xml');
    const text = '-{zh-hans:计算机;zh-hant:電腦}-是一种机器。软件&lt;nowiki&gt;-{软件}-&lt;/nowiki&gt;';
    writeFileSync(
      file,
      `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="zh">
  <siteinfo><sitename>Wiki</sitename><dbname>zhwiki</dbname><base>https://zh.example.org/wiki/Main</base>
    <generator>MediaWiki 1.39.0</generator><case>first-letter</case>
    <namespaces><namespace key="0" case="first-letter" /></namespaces>
  </siteinfo><page><title>机器</title><ns>0</ns><id>1</id><revision><id>1</id><timestamp>2024-01-01T00:00:00Z</timestamp><contributor><username>Alice</username><id>7</id></contributor><model>wikitext</model><format>text/x-wiki</format><text xml:space="preserve">${text}</text></revision></page><page><title>English</title><ns>0</ns><id>2</id><revision><id>2</id><timestamp>2024-01-01T00:00:00Z</timestamp><contributor><username>Alice</username><id>7</id></contributor><model>wikitext</model><format>text/x-wiki</format><text xml:space="preserve">${text}</text></revision></page></mediawiki>`,
    );
    store = await openWikiStore({ engine: 'sqlite', file: ':memory:' });
    await importXmlDump(store, file, { lint: false });
    // A page in a language of its own is converted by that language's converter: English's none.
    await store.db.updateTable('page').set({ page_lang: 'en' }).where('page_id', '=', 2).execute();
    const site = await loadSite(store.db);
    assert.ok(site);
    app = await buildApp({ store, site });
  });
  after(async () => {
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const extract = async (params: Record<string, string>, headers: Record<string, string> = {}) => {
    const query = new URLSearchParams({
      action: 'query',
      prop: 'extracts',
      titles: '机器',
      explaintext: '1',
      format: 'json',
      formatversion: '2',
      ...params,
    });
    const response = await app.inject({ method: 'GET', url: `/api.php?${query}`, headers });
    return response.json().query.pages[0].extract as string;
  };

  test('variant, else uselang, else Accept-Language; else the language itself, which converts nothing', async () => {
    const simplified = '计算机是一种机器。软件-{软件}-';
    const traditional = '電腦是一種機器。軟體-{软件}-';
    assert.equal(await extract({}), simplified);
    assert.equal(await extract({ variant: 'zh-tw' }), traditional);
    assert.equal(await extract({ variant: 'zh-Hant-TW' }), traditional);
    assert.equal(await extract({ uselang: 'zh-hk' }), '電腦是一種機器。軟件-{软件}-');
    // A variant named but not one of the language's: uselang is not read.
    assert.equal(await extract({ variant: 'xx', uselang: 'zh-tw' }), simplified);
    assert.equal(await extract({}, { 'accept-language': 'de, zh-TW;q=0.5' }), traditional);
    assert.equal(await extract({ variant: 'zh-cn' }, { 'accept-language': 'zh-tw' }), simplified);
    assert.equal(
      await extract({ titles: 'English', variant: 'zh-tw' }),
      '-{zh-hans:计算机;zh-hant:電腦}-是一种机器。软件-{软件}-',
    );
  });

  test("a logged-in user's preference, rather than Accept-Language", async () => {
    const converter = languageConverter('zh');
    assert.ok(converter);
    const site = defaultSite({ language: 'zh' });
    await store.db
      .insertInto('user_properties')
      .values({ up_user: 7, up_property: 'variant', up_value: 'zh-hk' })
      .execute();
    const user = { anonymous: false, id: 7 } as never;
    const ask = (askedVariant: string | undefined, acceptLanguage?: string, who = user) =>
      preferredVariant({ askedVariant, acceptLanguage, user: who, store, site }, converter);
    assert.equal(await ask(undefined, 'zh-tw'), 'zh-hk');
    assert.equal(await ask('zh-cn', 'zh-tw'), 'zh-cn');
    // Without a preference of their own, a user's is the language itself.
    assert.equal(await ask(undefined, 'zh-tw', { anonymous: false, id: 8 } as never), 'zh');
    assert.equal(await ask(undefined, 'zh-tw', { anonymous: true, id: 0 } as never), 'zh-tw');
  });
});
