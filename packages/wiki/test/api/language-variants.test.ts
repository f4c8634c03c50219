/**
 * Script variants on a Chinese and a Kazakh wiki: `converttitles` finds a page under a title in another
 * variant, and info's `varianttitles` gives a page's title in each variant (as MediaWiki 1.39's
 * converter gives them).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { defaultSite } from '../../src/site/defaults.js';
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
