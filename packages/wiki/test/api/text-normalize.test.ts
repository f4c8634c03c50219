import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { buildApp } from '../../src/api/app.js';
import { inputSpellingFixes, outputNormalizer } from '../../src/api/text-normalize.js';
import { importXmlDump } from '../../src/import/xml/xml-importer.js';
import { languageClassOf } from '../../src/site/mediawiki/language-facts.js';
import { openWikiStore } from '../../src/store/database.js';
import { loadSite } from '../../src/store/site-store.js';
import { apiGet, emptyWikiApi } from '../helpers/api-app.js';

/** MediaWiki's NormalizeAr and NormalizeMl pairs, written by tools/mediawiki-normalize-pairs.php. */
const pairs = JSON.parse(
  readFileSync(new URL('../fixtures/mediawiki-normalize-pairs.json', import.meta.url), 'utf8'),
) as Record<'ar' | 'ml', Array<[number[], number[]]>>;

const text = (codePoints: number[]) => String.fromCodePoint(...codePoints);

describe("the content language's normalisation", () => {
  test("every pair of MediaWiki's Arabic and Malayalam tables is replaced on those wikis, and only there", () => {
    for (const language of ['ar', 'ml'] as const) {
      const normalize = outputNormalizer({ language, settings: {} });
      const other = language === 'ar' ? 'ml' : 'ar';
      const otherNormalize = outputNormalizer({ language: other, settings: {} });
      assert.ok(pairs[language].length > (language === 'ar' ? 700 : 5));
      for (const [from, to] of pairs[language]) {
        assert.equal(normalize(`x${text(from)}y`), `x${text(to)}y`, `${language} ${from.join(' ')}`);
        assert.equal(inputSpellingFixes({ language, settings: {} })?.(text(from)), text(to));
        assert.equal(otherNormalize(text(from)), text(from).normalize('NFC'));
      }
    }
    // Every Arabic presentation form MediaWiki's table does not have is left as it is.
    const known = new Set(pairs.ar.map(([from]) => text(from)));
    const arabic = outputNormalizer({ language: 'ar', settings: {} });
    for (const [first, last] of [
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
    ]) {
      for (let code = first; code <= last; code++) {
        const form = String.fromCharCode(code);
        if (!known.has(form)) assert.equal(arabic(form), form, code.toString(16));
      }
    }
  });

  test('the languages served by the Arabic class (Egyptian Arabic) fix Arabic; AllUnicodeFixes fixes both on any wiki', () => {
    assert.equal(languageClassOf('arz'), 'ar');
    assert.equal(languageClassOf('krl'), 'fi');
    assert.equal(languageClassOf('de'), undefined);
    assert.equal(outputNormalizer({ language: 'arz', settings: {} })('\uFEFB'), '\u0644\u0627');
    assert.equal(inputSpellingFixes({ language: 'de', settings: {} }), undefined);
    const all = outputNormalizer({ language: 'de', settings: { AllUnicodeFixes: true } });
    assert.equal(all('\uFEFB \u0D33\u0D4D\u200D'), '\u0644\u0627 \u0D7E');
  });

  test('every wiki cleans and composes: NFC, and U+FFFD for what text cannot hold; plain text is the same string', () => {
    const normalize = outputNormalizer({ language: 'de', settings: {} });
    const plain = 'Straße – „Zitat“';
    assert.equal(normalize(plain), plain);
    assert.equal(normalize('\u0399\u0308\u0301x'), '\u03AA\u0301x');
    assert.equal(normalize('a\u0001b'), 'a\uFFFDb');
    assert.equal(normalize('e\u0301'), '\u00E9');
  });

  test('answers are normalised as MediaWiki normalises every value; requests as it reads them', async () => {
    // A title whose uppercase is not in NFC: MediaWiki 1.39 shows `ΐx` as `Ϊ́x` composed.
    const api = await emptyWikiApi();
    try {
      const { json } = await apiGet(api.app, {
        action: 'query',
        titles: '\u0390x',
        format: 'json',
        formatversion: '2',
      });
      assert.deepEqual(json.query.normalized, [{ fromencoded: false, from: '\u0390x', to: '\u03AA\u0301x' }]);
      assert.equal(json.query.pages[0].title, '\u03AA\u0301x');
    } finally {
      await api.close();
    }
  });

  test("a Malayalam wiki's page texts and titles with the old chillu spelling are answered in the new one", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'normalize-'));
    const store = await openWikiStore({ engine: 'sqlite', file: ':memory:' });
    try {
      const old = '\u0D15\u0D47\u0D30\u0D33\u0D02 \u0D2E\u0D32\u0D2F\u0D3E\u0D33\u0D02 \u0D05\u0D35\u0D33\u0D4D\u200D';
      const modern = '\u0D15\u0D47\u0D30\u0D33\u0D02 \u0D2E\u0D32\u0D2F\u0D3E\u0D33\u0D02 \u0D05\u0D35\u0D7E';
      const file = join(dir, 'ml.xml');
      writeFileSync(
        file,
        `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="ml">
  <siteinfo><sitename>Wiki</sitename><dbname>mlwiki</dbname><base>https://ml.example.org/wiki/Main</base>
    <generator>MediaWiki 1.39.0</generator><case>first-letter</case>
    <namespaces><namespace key="0" case="first-letter" /></namespaces>
  </siteinfo><page><title>\u0D05\u0D35\u0D7E</title><ns>0</ns><id>1</id><revision><id>1</id><timestamp>2024-01-01T00:00:00Z</timestamp><contributor><username>Alice</username><id>7</id></contributor><model>wikitext</model><format>text/x-wiki</format><text xml:space="preserve">${old.repeat(40)}</text></revision></page></mediawiki>`,
      );
      await importXmlDump(store, file, { lint: false });
      const app = await buildApp({ store, site: (await loadSite(store.db))! });
      try {
        for (const format of [
          { format: 'json', formatversion: '2' },
          { format: 'json', formatversion: '1', utf8: '1' },
        ]) {
          // Twice: the second answer comes from the revisions kept for answers.
          for (let i = 0; i < 2; i++) {
            const { json } = await apiGet(app, {
              action: 'query',
              // The title as sent in the old spelling is read in the new one (no `normalized`).
              titles: '\u0D05\u0D35\u0D33\u0D4D\u200D',
              prop: 'revisions',
              rvprop: 'content|size',
              rvslots: 'main',
              ...format,
            });
            const page = format.formatversion === '2' ? json.query.pages[0] : json.query.pages['1'];
            assert.equal(page.title, '\u0D05\u0D35\u0D7E');
            assert.equal(json.query.normalized, undefined);
            const slot = page.revisions[0].slots.main;
            assert.equal(format.formatversion === '2' ? slot.content : slot['*'], modern.repeat(40));
            // The size is the stored text's, as MediaWiki's.
            assert.equal(page.revisions[0].size, Buffer.byteLength(old.repeat(40)));
          }
        }
      } finally {
        await app.close();
      }
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
