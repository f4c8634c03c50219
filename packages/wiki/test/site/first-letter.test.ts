import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { MediaWikiApiClient } from '../../src/import/mediawiki-api/api-client.js';
import { readSourceSite } from '../../src/import/mediawiki-api/site-from-api.js';
import { siteFromSiteinfo } from '../../src/import/xml/site-from-siteinfo.js';
import { defaultSite } from '../../src/site/defaults.js';
import {
  firstLetterUpper,
  phpUpperFirst,
  siteUpperFirst,
  wikimediaUcfirstOverrides,
} from '../../src/site/first-letter.js';
import { TitleCodec } from '../../src/site/title.js';
import { emptyWikiApi } from '../helpers/api-app.js';

/** The title a codec makes of an input, namespace and all. */
function titleOf(codec: TitleCodec, input: string): string {
  const parsed = codec.parse(input);
  assert.ok(parsed.ok, input);
  return codec.prefixedText(parsed.title);
}

/** What PHP 8.2's mb_strtoupper gives, recorded by tools/php-uppercase.php. */
const php = JSON.parse(readFileSync(new URL('../fixtures/php-uppercase.json', import.meta.url), 'utf8')) as {
  php: string;
  map: Record<string, string>;
};

describe('first letters', () => {
  test("MediaWiki's default rule is PHP's mb_strtoupper, for every character", () => {
    const wrong: string[] = [];
    for (let cp = 0x80; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const char = String.fromCodePoint(cp);
      const expected = `${php.map[cp] ?? char}x`;
      if (phpUpperFirst(`${char}x`) !== expected) wrong.push(`U+${cp.toString(16)}`);
    }
    assert.deepEqual(wrong, [], `as PHP ${php.php}`);
    assert.equal(phpUpperFirst('ßx'), 'SSx');
    assert.equal(phpUpperFirst('ǆx'), 'Ǆx');
    assert.equal(phpUpperFirst('სპეციალური'), 'Სპეციალური');
    assert.equal(phpUpperFirst('abc'), 'Abc');
    assert.equal(phpUpperFirst('1a'), '1a');
    assert.equal(phpUpperFirst(''), '');
  });

  test("Wikimedia's overrides keep the older PHP's first letters", () => {
    const older = firstLetterUpper('de', wikimediaUcfirstOverrides());
    assert.equal(older('ß'), 'ß');
    assert.equal(older('ǳ'), 'ǲ');
    assert.equal(older('ϲ'), 'Σ');
    assert.equal(older('ᾀx'), 'ᾈx');
    assert.equal(older('ɐ'), 'ɐ');
    assert.equal(older('სპეციალური'), 'სპეციალური');
    assert.equal(older('é'), 'É');
    assert.equal(older('𐐨'), '𐐀');
    assert.equal(older('berlin'), 'Berlin');
    // Every override differs from the default rule; characters both rules agree on are none.
    for (const [char, upper] of Object.entries(wikimediaUcfirstOverrides()))
      assert.notEqual(phpUpperFirst(char), upper);
    assert.equal(wikimediaUcfirstOverrides().é, undefined);
  });

  test('Turkish, Azerbaijani and Karakalpak uppercase i to İ; other languages to I', () => {
    for (const language of ['tr', 'az', 'kaa']) {
      assert.equal(firstLetterUpper(language)('istanbul'), 'İstanbul');
      assert.equal(firstLetterUpper(language)('ılık'), 'Ilık');
    }
    assert.equal(firstLetterUpper('de')('istanbul'), 'Istanbul');
    assert.equal(firstLetterUpper('tr', wikimediaUcfirstOverrides())('ißx'), 'İßx');
  });

  test("a wiki's titles follow its language and its OverrideUcfirstCharacters", () => {
    const site = defaultSite({ language: 'de' });
    assert.equal(titleOf(new TitleCodec(site), 'ßx'), 'SSx');
    const overridden = { ...site, settings: { ...site.settings, OverrideUcfirstCharacters: { ß: 'ß', ǆ: 'ǅ' } } };
    const codec = new TitleCodec(overridden);
    assert.equal(titleOf(codec, 'ßx'), 'ßx');
    assert.equal(titleOf(codec, 'Benutzer:ǆx'), 'Benutzer:ǅx');
    assert.equal(siteUpperFirst(overridden)('ǉx'), 'Ǉx');
    const turkish = defaultSite({ language: 'tr' });
    assert.equal(titleOf(new TitleCodec(turkish), 'istanbul'), 'İstanbul');
  });

  test("a dump of Wikimedia's or of MediaWiki before 1.35 keeps the older rule; a newer one's PHP's", () => {
    const siteinfo = (generator: string) =>
      siteFromSiteinfo(
        { schemaVersion: '0.11', siteName: 'Wiki', dbName: 'xwiki', generator, namespaces: [] },
        undefined,
      );
    const wikimedia = siteinfo('MediaWiki 1.42.0-wmf.5');
    assert.deepEqual(wikimedia.settings.OverrideUcfirstCharacters, wikimediaUcfirstOverrides());
    assert.equal(siteUpperFirst(wikimedia)('ßx'), 'ßx');
    assert.ok(siteinfo('MediaWiki 1.27.0').settings.OverrideUcfirstCharacters);
    const current = siteinfo('MediaWiki 1.39.5');
    assert.equal(current.settings.OverrideUcfirstCharacters, undefined);
    assert.equal(siteUpperFirst(current)('ßx'), 'SSx');
  });

  test("a wiki followed through its API keeps the source's rule, asked of the source", async () => {
    const germanOverrides = { ß: 'ß', ǆ: 'ǅ', ა: 'ა' };
    for (const overrides of [undefined, germanOverrides, wikimediaUcfirstOverrides()]) {
      const api = await emptyWikiApi(overrides ? { settings: { OverrideUcfirstCharacters: overrides } } : {});
      try {
        await api.app.listen({ host: '127.0.0.1', port: 0 });
        const { port } = api.app.server.address() as AddressInfo;
        const site = await readSourceSite(new MediaWikiApiClient(`http://127.0.0.1:${port}/api.php`));
        // What NFC changes cannot be asked for (MediaWiki reads requests in NFC); the rest is found.
        const askable = Object.entries(overrides ?? {}).filter(([char]) => char.normalize('NFC') === char);
        assert.deepEqual(
          site.settings.OverrideUcfirstCharacters,
          askable.length ? Object.fromEntries(askable) : undefined,
        );
      } finally {
        await api.close();
      }
    }
  });
});
