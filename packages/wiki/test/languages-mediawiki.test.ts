/**
 * The language data read from a live MediaWiki 1.39 (`wiki languages`), on the reference wiki it
 * serves: with it imported, `meta=languageinfo` (every code and fact, names in the stored
 * languages and in one not read) and siteinfo's `languages`, `languagevariants` and interwiki map
 * are MediaWiki's own answers, in JSON and XML. Skipped, with the reason, where MediaWiki cannot be
 * set up here.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/api/app.js';
import { MediaWikiApiClient } from '../src/import/mediawiki-api/api-client.js';
import { importSourceLanguages } from '../src/import/mediawiki-api/languages.js';
import { storedLanguageSources } from '../src/store/language-data.js';
import { startLiveMediaWiki } from './helpers/reference-mediawiki.js';
import { importReferenceWiki, type ReferenceWiki } from './helpers/reference-wiki.js';

const { mediawiki, skipReason } = await startLiveMediaWiki();

/** Requests answered from the language data; codes listed, so MediaWiki's time limit does not cut them. */
const REQUESTS: Record<string, string>[] = [
  {
    meta: 'languageinfo',
    licode: 'abs|aeb-arab|als|be-x-old|de|de-formal|en|sr|sr-ec|zh|zh-yue|ike-cans',
    liprop: 'code|bcp47|dir|autonym|name|fallbacks|variants',
  },
  { meta: 'languageinfo', licode: 'de|fr|kk|nl-informal', liprop: 'name', uselang: 'en' },
  { meta: 'languageinfo', licode: 'de|fr|ja', liprop: 'name|autonym', uselang: 'fr' },
  { meta: 'languageinfo', licode: 'xx|de|zz-top', liprop: 'code' },
  { meta: 'siteinfo', siprop: 'languages' },
  { meta: 'siteinfo', siprop: 'languages', siinlanguagecode: 'fr' },
  { meta: 'siteinfo', siprop: 'languagevariants' },
  { meta: 'siteinfo', siprop: 'interwikimap', siinlanguagecode: 'en' },
];

describe('language data read from a live MediaWiki', { skip: skipReason ?? false }, () => {
  let wiki: ReferenceWiki;
  let app: FastifyInstance;

  before(async () => {
    wiki = await importReferenceWiki();
    await importSourceLanguages(wiki.store, new MediaWikiApiClient(mediawiki!.apiUrl, { attempts: 3 }));
    app = await buildApp({ store: wiki.store, site: wiki.site, logLevel: 'warn' });
  });
  after(async () => {
    await app?.close();
    await wiki?.dispose();
    await mediawiki?.stop();
  });

  async function both(params: Record<string, string>): Promise<{ ours: string; theirs: string }> {
    const query = new URLSearchParams({ action: 'query', ...params }).toString();
    const ours = (await app.inject({ method: 'GET', url: `/api.php?${query}` })).body;
    const theirs = await (await fetch(`${mediawiki!.apiUrl}?${query}`)).text();
    return { ours, theirs };
  }

  test('the codes and the names in the content language and English are stored', async () => {
    const sources = await storedLanguageSources(wiki.store);
    assert.deepEqual(
      sources.map((s) => s.lang),
      ['', 'de', 'en'],
    );
    assert.ok(sources[0]!.count > 400, `${sources[0]!.count} codes`);
  });

  test("siteinfo's general: the content language's fallbacks, variants and direction as MediaWiki's", async () => {
    const { ours, theirs } = await both({ meta: 'siteinfo', format: 'json', formatversion: '2' });
    const facts = (answer: string) => {
      const { lang, fallback, variants, rtl } = JSON.parse(answer).query.general;
      return { lang, fallback, variants, rtl };
    };
    assert.deepEqual(facts(ours), facts(theirs));
  });

  for (const params of REQUESTS) {
    const formats: Record<string, string>[] = [
      { format: 'json', formatversion: '2' },
      { format: 'json' },
      { format: 'xml' },
    ];
    for (const format of formats) {
      const label = new URLSearchParams({ ...params, ...format }).toString();
      test(`answers as MediaWiki: ${label}`, async () => {
        const { ours, theirs } = await both({ ...params, ...format });
        if (format.format === 'xml') assert.equal(ours, theirs);
        else assert.deepEqual(JSON.parse(ours), JSON.parse(theirs));
      });
    }
  }
});
