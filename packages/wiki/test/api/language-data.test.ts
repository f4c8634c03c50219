/**
 * Stored language data (the source wiki's language codes and names, `wiki languages`) as the API
 * answers from it: `meta=languageinfo` with the source's codes, facts and names (codes the
 * runtime's ICU does not know among them), siteinfo's `languages`, `languagevariants` and the
 * interwiki map's language names, and data written again reaching a running server. The data here
 * is written for the test, shaped as MediaWiki 1.39 gives it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testEngines } from '@svc/common/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import { loadLanguageData, namingLanguage, refreshLanguageData } from '../../src/api/language-data.js';
import { openWikiStore, type WikiStore } from '../../src/store/database.js';
import {
  readLanguageData,
  replaceLanguageData,
  type StoredLanguageCode,
  type StoredLanguageData,
  storedLanguageSources,
} from '../../src/store/language-data.js';
import { apiGet } from '../helpers/api-app.js';
import { germanSite } from '../helpers/german-site.js';

const code = (c: string, autonym: string, more: Partial<StoredLanguageCode> = {}): StoredLanguageCode => ({
  code: c,
  bcp47: c,
  dir: 'ltr',
  autonym,
  fallbacks: [],
  variants: [c],
  listed: true,
  ...more,
});

const CODES: StoredLanguageCode[] = [
  code('abs', 'bahasa ambon', { fallbacks: ['id'] }),
  code('aeb-arab', 'تونسي', { dir: 'rtl', fallbacks: ['aeb', 'ar'], listed: false }),
  code('de', 'Deutsch'),
  code('de-formal', 'Deutsch (Sie-Form)', { bcp47: 'de-x-formal', fallbacks: ['de'] }),
  code('en', 'English'),
  code('fr', 'français'),
  code('sr', 'српски / srpski', {
    fallbacks: ['sr-ec', 'sr-cyrl'],
    variants: ['sr', 'sr-ec', 'sr-el'],
    variantFallbacks: { sr: ['sr-ec'], 'sr-ec': ['sr'], 'sr-el': ['sr'] },
  }),
  code('sr-ec', 'српски (ћирилица)', { bcp47: 'sr-Cyrl', fallbacks: ['sr'] }),
  code('sr-el', 'srpski (latinica)', { bcp47: 'sr-Latn', fallbacks: ['sr'] }),
];

/** Names in German as a source with CLDR's names gives them; English ones are the autonyms. */
function storedData(germanFrench = 'Französisch'): StoredLanguageData {
  const autonyms = new Map(CODES.map((c) => [c.code, c.autonym]));
  const german = new Map(autonyms);
  german.set('fr', germanFrench);
  german.set('en', 'Englisch');
  return {
    codes: CODES,
    names: new Map([
      ['de', german],
      ['en', autonyms],
    ]),
  };
}

async function storeData(store: WikiStore, fetched = '2026-01-01T00:00:00Z', data = storedData()): Promise<void> {
  await replaceLanguageData(
    store,
    { source: 'https://source.example/api.php', software: 'MediaWiki 1.39.0', fetched },
    data,
  );
}

for (const engine of testEngines()) {
  describe(`stored language data [${engine.name}]`, { skip: engine.skip }, () => {
    let store: WikiStore;
    let app: FastifyInstance;
    let dispose: () => Promise<void>;
    const get = (params: Record<string, string>) =>
      apiGet(app, { action: 'query', format: 'json', formatversion: '2', ...params });

    before(async () => {
      const created = await engine.createTarget();
      dispose = created.dispose;
      store = await openWikiStore(created.target);
      await storeData(store);
      app = await buildApp({ store, site: germanSite(), logLevel: 'warn' });
    });
    after(async () => {
      await app?.close();
      await store?.close();
      await dispose?.();
    });

    test('is stored with where it came from, and read back as written', async () => {
      const sources = await storedLanguageSources(store);
      assert.deepEqual(
        sources.map((s) => [s.lang, s.count, s.software]),
        [
          ['', CODES.length, 'MediaWiki 1.39.0'],
          ['de', CODES.length, 'MediaWiki 1.39.0'],
          ['en', CODES.length, 'MediaWiki 1.39.0'],
        ],
      );
      const read = await readLanguageData(store);
      assert.deepEqual(read.codes, CODES);
      assert.equal(read.names.get('de')?.get('fr'), 'Französisch');
    });

    test('languageinfo lists every stored code with its facts, names in the reader’s language', async () => {
      const { json } = await get({ meta: 'languageinfo', liprop: 'code|bcp47|dir|autonym|name|fallbacks|variants' });
      assert.deepEqual(
        Object.keys(json.query.languageinfo),
        CODES.map((c) => c.code),
      );
      assert.deepEqual(json.query.languageinfo['aeb-arab'], {
        code: 'aeb-arab',
        bcp47: 'aeb-arab',
        dir: 'rtl',
        autonym: 'تونسي',
        name: 'تونسي',
        fallbacks: ['aeb', 'ar'],
        variants: ['aeb-arab'],
      });
      // The content language (German) names French in German; English readers get the stored English names.
      assert.equal(json.query.languageinfo.fr.name, 'Französisch');
      const english = await get({ meta: 'languageinfo', liprop: 'name', licode: 'fr|de-formal', uselang: 'en' });
      assert.deepEqual(english.json.query.languageinfo, {
        'de-formal': { name: 'Deutsch (Sie-Form)' },
        fr: { name: 'français' },
      });
    });

    test('languageinfo: a code the source does not know is unrecognized, whatever ICU knows', async () => {
      const { json } = await get({ meta: 'languageinfo', licode: 'abs|it|sr', liprop: 'code|variants' });
      assert.deepEqual(json.query.languageinfo, {
        abs: { code: 'abs', variants: ['abs'] },
        sr: { code: 'sr', variants: ['sr', 'sr-ec', 'sr-el'] },
      });
      assert.match(JSON.stringify(json.warnings), /licode.*it/);
    });

    test('languageinfo names in a language not read: the source’s way (CLDR names here: the runtime’s)', async () => {
      const { json } = await get({ meta: 'languageinfo', liprop: 'name', licode: 'de', uselang: 'fr' });
      assert.equal(json.query.languageinfo.de.name, 'allemand');
    });

    test('siteinfo lists the defined codes, named in English unless another language is asked', async () => {
      const { json } = await get({ meta: 'siteinfo', siprop: 'languages' });
      const listed = CODES.filter((c) => c.listed);
      assert.deepEqual(
        json.query.languages,
        listed.map((c) => ({ code: c.code, bcp47: c.bcp47, name: c.autonym })),
      );
      const german = await get({ meta: 'siteinfo', siprop: 'languages', siinlanguagecode: 'de' });
      assert.equal(german.json.query.languages.find((l: { code: string }) => l.code === 'fr').name, 'Französisch');
      assert.equal(namingLanguage('x<y'), 'en');
    });

    test('siteinfo gives the languages with variants and their fallbacks', async () => {
      const { json } = await get({ meta: 'siteinfo', siprop: 'languagevariants' });
      assert.deepEqual(json.query.languagevariants, {
        sr: { sr: { fallbacks: ['sr-ec'] }, 'sr-ec': { fallbacks: ['sr'] }, 'sr-el': { fallbacks: ['sr'] } },
      });
      // XML: MediaWiki's key-value pairs, the codes as attributes.
      const xml = await apiGet(app, { action: 'query', meta: 'siteinfo', siprop: 'languagevariants', format: 'xml' });
      assert.match(
        xml.response.body,
        /<languagevariants><lang code="sr"><variant code="sr"><fallbacks><variant>sr-ec<\/variant><\/fallbacks><\/variant><variant code="sr-ec">/,
      );
    });

    test("siteinfo's general names the content language's fallbacks, variants and direction", async () => {
      const general = async (language: string) => {
        const other = await buildApp({ store, site: germanSite({ language }), logLevel: 'warn' });
        try {
          const { json } = await apiGet(other, {
            action: 'query',
            meta: 'siteinfo',
            format: 'json',
            formatversion: '2',
          });
          const { fallback, variants, rtl } = json.query.general;
          return { fallback, variants, rtl };
        } finally {
          await other.close();
        }
      };
      assert.deepEqual(await general('sr'), {
        fallback: [{ code: 'sr-ec' }, { code: 'sr-cyrl' }, { code: 'en' }],
        variants: [
          { code: 'sr', name: 'српски / srpski' },
          { code: 'sr-ec', name: 'српски (ћирилица)' },
          { code: 'sr-el', name: 'srpski (latinica)' },
        ],
        rtl: false,
      });
      assert.deepEqual(await general('aeb-arab'), {
        fallback: [{ code: 'aeb' }, { code: 'ar' }, { code: 'en' }],
        variants: undefined,
        rtl: true,
      });
    });

    test('data written again is read again; unchanged data is kept', async () => {
      const first = await loadLanguageData(store);
      assert.equal(await refreshLanguageData(store, first), first);
      await storeData(store, '2026-02-01T00:00:00Z', storedData('Französisch (neu)'));
      try {
        const second = await refreshLanguageData(store, first);
        assert.notEqual(second, first);
        assert.equal(second?.names.get('de')?.get('fr'), 'Französisch (neu)');
      } finally {
        await storeData(store);
      }
    });
  });
}

describe('without stored language data', () => {
  test('an empty store has none, and languageinfo answers from ICU', async () => {
    const [engine] = testEngines();
    const created = await engine!.createTarget();
    const store = await openWikiStore(created.target);
    const app = await buildApp({ store, site: germanSite(), logLevel: 'warn' });
    try {
      assert.equal(await loadLanguageData(store), undefined);
      const { json } = await apiGet(app, {
        action: 'query',
        meta: 'languageinfo',
        licode: 'it|abs',
        liprop: 'name',
        format: 'json',
        formatversion: '2',
      });
      assert.deepEqual(json.query.languageinfo, { it: { name: 'Italienisch' } });
    } finally {
      await app.close();
      await store.close();
      await created.dispose();
    }
  });
});
