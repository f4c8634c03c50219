/**
 * A stored message catalogue (the source wiki's interface messages, `wiki messages`) as the API
 * renders it: errors and warnings in every error format, `meta=allmessages` over its keys, the
 * service's own wording where a key is missing, and a catalogue written again reaching a running
 * server. The texts here are written for the test; they exercise what MediaWiki's texts use:
 * `$N`, `{{PLURAL:}}` (with explicit forms), `{{GENDER:}}`, `{{GRAMMAR:}}`, `{{int:}}`,
 * `{{SITENAME}}`, `<var>` and lists joined by the language's own separators.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testEngines } from '@svc/common/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import { ErrorFormatter } from '../../src/api/error-format.js';
import { message } from '../../src/api/errors.js';
import {
  loadMessageCatalogue,
  refreshMessageCatalogue,
  type StoredMessages,
} from '../../src/api/messages/catalogue.js';
import { renderMessage } from '../../src/api/messages/render.js';
import { openWikiStore, type WikiStore } from '../../src/store/database.js';
import { replaceMessageTexts, storedMessageLanguages } from '../../src/store/message-catalogue.js';
import { apiGet as apiGetAny } from '../helpers/api-app.js';
import { germanSite } from '../helpers/german-site.js';

const GERMAN = new Map([
  ['and', ' sowie'],
  ['comma-separator', '; '],
  ['word-separator', ' '],
  ['test-label', 'Etikett'],
  [
    'apierror-unrecognizedparams',
    '{{PLURAL:$2|Fremder Parameter|Fremde Parameter|0=Nichts}} in {{GRAMMAR:genitiv|{{SITENAME}}}} ({{int:test-label}}, {{GENDER:|Leser|Leserin|Lesende}}): $1.',
  ],
  ['paramvalidator-badinteger', 'Zahl erwartet bei <var>$1</var>, nicht „$2“.'],
  ['apierror-invalidparammix', 'Nur eins von $1 ({{PLURAL:$2|einer|$2 Stück}}).'],
  ['api-usage-docref', 'Anleitung: $1.'],
  ['api-usage-mailinglist-ref', 'Neuigkeiten: &lt;https://example.org/list&gt;.'],
  ['mainpage', 'Startseite'],
  ['xdelete-example', '[[{{MediaWiki:Mainpage}}]] löschen.'],
  ['paramvalidator-baduser', 'Ungültiger Wert „$2“ für den Benutzerparameter <var>$1<var>.'],
  ['skinname-vector', 'Vektor (alt)'],
  ['xbadnamespace', '[[:$1]] ist nicht im Namensraum „{{ns:$2}}“.'],
]);
const ENGLISH = new Map([
  ['and', ' and'],
  ['comma-separator', ', '],
  ['word-separator', ' '],
  ['paramvalidator-badinteger', 'Wanted a number for <var>$1</var>, got "$2".'],
  ['api-usage-docref', 'Manual: $1.'],
  ['api-usage-mailinglist-ref', 'News: &lt;https://example.org/list&gt;.'],
  ['mainpage', 'Start page'],
  ['xdelete-example', 'Delete [[{{MediaWiki:Mainpage}}]] ($1).'],
  ['skinname-vector', 'Vector legacy (2010)'],
]);

/** A JSON answer of api.php. */
function apiGet(app: FastifyInstance, params: Record<string, string>) {
  return apiGetAny(app, { format: 'json', ...params });
}

async function storeCatalogue(store: WikiStore, fetched = '2026-01-01T00:00:00Z'): Promise<void> {
  const source = { source: 'https://source.example/api.php', software: 'MediaWiki 1.39.0', fetched };
  await replaceMessageTexts(store, { lang: 'de', ...source }, GERMAN);
  await replaceMessageTexts(store, { lang: 'en', ...source }, ENGLISH);
}

for (const engine of testEngines()) {
  describe(`a stored message catalogue [${engine.name}]`, { skip: engine.skip }, () => {
    let store: WikiStore;
    let app: FastifyInstance;
    let dispose: () => Promise<void>;

    before(async () => {
      const created = await engine.createTarget();
      dispose = created.dispose;
      store = await openWikiStore(created.target);
      await storeCatalogue(store);
      app = await buildApp({ store, site: germanSite(), logLevel: 'warn' });
    });
    after(async () => {
      await app?.close();
      await store?.close();
      await dispose?.();
    });

    test('is stored per language with where it came from', async () => {
      const languages = await storedMessageLanguages(store);
      assert.deepEqual(
        languages.map((l) => [l.lang, l.count, l.software]),
        [
          ['de', GERMAN.size, 'MediaWiki 1.39.0'],
          ['en', ENGLISH.size, 'MediaWiki 1.39.0'],
        ],
      );
      const catalogue = await loadMessageCatalogue(store);
      assert.equal(catalogue?.languages.get('de')?.get('test-label'), 'Etikett');
    });

    test('a warning is rendered from it in plaintext, wikitext and html; raw keeps key and parameters', async () => {
      const params = { action: 'query', list: 'allpages', apfoo: '1', apbar: '2', formatversion: '2' };
      const expected = 'Fremde Parameter in Testwiki (Etikett, Lesende): apfoo; apbar.';
      const plain = await apiGet(app, { ...params, errorformat: 'plaintext' });
      assert.equal(plain.json.warnings[0].text, expected);
      const wikitext = await apiGet(app, { ...params, errorformat: 'wikitext' });
      assert.equal(wikitext.json.warnings[0].text, expected);
      const html = await apiGet(app, { ...params, errorformat: 'html' });
      assert.equal(html.json.warnings[0].html, expected);
      const raw = await apiGet(app, { ...params, errorformat: 'raw' });
      assert.equal(raw.json.warnings[0].key, 'apierror-unrecognizedparams');
      // The names keyed by their positions among the request's parameters, as MediaWiki gives them.
      assert.deepEqual(raw.json.warnings[0].params, [{ list: { 3: 'apfoo', 4: 'apbar' }, type: 'comma' }, 2]);
    });

    test('markup of names follows each format; the docref comes from the catalogue', async () => {
      const params = { action: 'query', list: 'allpages', aplimit: 'viele', formatversion: '2' };
      const plain = await apiGet(app, { ...params, errorformat: 'plaintext' });
      assert.equal(plain.json.errors[0].text, 'Zahl erwartet bei "aplimit", nicht „viele“.');
      // As MediaWiki's: the docref is the message's text, its character references as written.
      assert.match(plain.json.docref, /^Anleitung: .*api\.php\. Neuigkeiten: &lt;https:\/\/example\.org\/list&gt;\.$/);
      const wikitext = await apiGet(app, { ...params, errorformat: 'wikitext' });
      assert.equal(wikitext.json.errors[0].text, 'Zahl erwartet bei <var>aplimit</var>, nicht „viele“.');
      const html = await apiGet(app, { ...params, errorformat: 'html' });
      assert.equal(html.json.errors[0].html, 'Zahl erwartet bei <var>aplimit</var>, nicht „viele“.');
    });

    test('html closes the tags a text leaves open after the paragraph line break, as tidied output does', async () => {
      const { json } = await apiGet(app, {
        action: 'query',
        list: 'recentchanges',
        rcuser: 'A<B',
        errorformat: 'html',
        formatversion: '2',
      });
      assert.equal(
        json.errors[0].html,
        'Ungültiger Wert „A&lt;B“ für den Benutzerparameter <var>rcuser<var>.\n</var></var>',
      );
    });

    test('bc and uselang=en read the English catalogue; a key it lacks reads the built-in wording', async () => {
      const bc = await apiGet(app, { action: 'query', list: 'allpages', aplimit: 'x', formatversion: '2' });
      assert.equal(bc.json.error.info, 'Wanted a number for "aplimit", got "x".');
      const unknown = await apiGet(app, {
        action: 'query',
        list: 'allpages',
        apfoo: '1',
        errorformat: 'plaintext',
        uselang: 'en',
        formatversion: '2',
      });
      assert.equal(unknown.json.warnings[0].text, 'Unrecognized parameter: apfoo.');
    });

    test('allmessages enumerates the stored keys, with amfrom, amto, amprefix, amfilter and amargs', async () => {
      const names = async (extra: Record<string, string>) => {
        const { json } = await apiGet(app, { action: 'query', meta: 'allmessages', formatversion: '2', ...extra });
        return json.query.allmessages.map((m: { name: string }) => m.name);
      };
      assert.deepEqual(await names({ amnocontent: '1' }), [...GERMAN.keys()].sort());
      assert.deepEqual(await names({ amfrom: 'comma-separator', amto: 'paramvalidator-badinteger' }), [
        'comma-separator',
        'mainpage',
        'paramvalidator-badinteger',
      ]);
      assert.deepEqual(await names({ amprefix: 'api-' }), ['api-usage-docref', 'api-usage-mailinglist-ref']);
      assert.deepEqual(await names({ amfilter: 'separator' }), ['comma-separator', 'word-separator']);
      const { json } = await apiGet(app, {
        action: 'query',
        meta: 'allmessages',
        ammessages: 'apierror-invalidparammix|mainpage',
        amargs: 'a|1',
        amlang: 'en',
        amprop: 'default',
        formatversion: '2',
      });
      // English lacks the first: the built-in English text, with the arguments put in.
      assert.deepEqual(json.query.allmessages[1], {
        name: 'mainpage',
        normalizedname: 'mainpage',
        content: 'Start page',
      });
      assert.match(json.query.allmessages[0].content, /\ba\b/);
      const parsed = await apiGet(app, {
        action: 'query',
        meta: 'allmessages',
        ammessages: 'apierror-invalidparammix',
        amargs: 'x|3',
        amenableparser: '1',
        formatversion: '2',
      });
      assert.equal(parsed.json.query.allmessages[0].content, 'Nur eins von x (3 Stück).');
    });

    test("siteinfo's skins are named by their messages, in inlanguagecode's language or the content language", async () => {
      const names = async (extra: Record<string, string>) => {
        const params = { action: 'query', meta: 'siteinfo', siprop: 'skins', formatversion: '2', ...extra };
        const { json } = await apiGet(app, params);
        return Object.fromEntries(json.query.skins.map((s: { code: string; name: string }) => [s.code, s.name]));
      };
      const german = await names({});
      // A skin without a message keeps the name it is registered with.
      assert.deepEqual(
        [german.vector, german['vector-2022'], german.fallback],
        ['Vektor (alt)', 'Vector (2022)', 'Fallback'],
      );
      assert.equal((await names({ siinlanguagecode: 'en' })).vector, 'Vector legacy (2010)');
      // A valid code of no language the catalogue holds reads English; an invalid one the content language.
      assert.equal((await names({ siinlanguagecode: 'xx' })).vector, 'Vector legacy (2010)');
      assert.equal((await names({ siinlanguagecode: 'a:b' })).vector, 'Vektor (alt)');
      // `0` is false to PHP: no code.
      assert.equal((await names({ siinlanguagecode: '0' })).vector, 'Vektor (alt)');
      assert.equal((await names({ uselang: 'en' })).vector, 'Vektor (alt)');
    });

    test('allmessages: amlang codes as MediaWiki reads them, MediaWiki: transclusions, amincludelocal', async () => {
      const content = async (extra: Record<string, string>) => {
        const { json } = await apiGet(app, {
          action: 'query',
          meta: 'allmessages',
          ammessages: 'mainpage|xdelete-example',
          formatversion: '2',
          ...extra,
        });
        return json.error?.code ?? json.query.allmessages.map((m: { content?: string }) => m.content ?? '(missing)');
      };
      // A code without messages of its own reads English; a regional form reads its language; the
      // empty code is valid (English); over 128 bytes a code is invalid.
      assert.deepEqual(await content({ amlang: 'K' }), ['Start page', 'Delete [[{{MediaWiki:Mainpage}}]] ($1).']);
      assert.deepEqual(await content({ amlang: 'Zzz' }), ['Start page', 'Delete [[{{MediaWiki:Mainpage}}]] ($1).']);
      assert.deepEqual(await content({ amlang: 'de-at' }), ['Startseite', '[[{{MediaWiki:Mainpage}}]] löschen.']);
      assert.deepEqual(await content({ amlang: '' }), ['Start page', 'Delete [[{{MediaWiki:Mainpage}}]] ($1).']);
      assert.deepEqual((await content({ amlang: 'x'.repeat(128) }))[0], 'Start page');
      assert.equal(await content({ amlang: 'x'.repeat(129) }), 'invalidlang');
      // The parser transcludes MediaWiki:Mainpage: the message in the content language, whatever amlang.
      assert.deepEqual(await content({ amlang: 'en', amenableparser: '1', amargs: 'x' }), [
        'Start page',
        'Delete [[Startseite]] (x).',
      ]);
      const { json } = await apiGet(app, {
        action: 'query',
        meta: 'allmessages',
        ammessages: 'xdelete-example',
        amenableparser: '1',
        amprop: 'default',
        formatversion: '2',
      });
      assert.deepEqual(json.query.allmessages[0], {
        name: 'xdelete-example',
        normalizedname: 'xdelete-example',
        content: '[[Startseite]] löschen.',
        default: '[[{{MediaWiki:Mainpage}}]] löschen.',
      });
      // {{ns:}} as the parser reads it: the empty name is the main namespace's, an unknown number
      // names none (empty), an unknown name makes a template call.
      const namespaces = async (amargs: string) => {
        const answer = await apiGet(app, {
          action: 'query',
          meta: 'allmessages',
          ammessages: 'xbadnamespace',
          amenableparser: '1',
          amargs,
          formatversion: '2',
        });
        return answer.json.query.allmessages[0].content;
      };
      assert.equal(await namespaces('A|'), '[[:A]] ist nicht im Namensraum „“.');
      assert.equal(await namespaces('A|99'), '[[:A]] ist nicht im Namensraum „“.');
      assert.equal(await namespaces('A|3'), '[[:A]] ist nicht im Namensraum „Benutzer Diskussion“.');
      assert.equal(await namespaces('A|abc'), '[[:A]] ist nicht im Namensraum „[[:Vorlage:Ns:abc]]“.');
      // Numbers are written in the language asked for, also where its texts are English (Hindi's
      // digits, as MediaWiki 1.39 writes {{NUMBEROFEDITS}} with amlang=hi).
      const [, hindi] = await content({ amlang: 'Hi', amenableparser: '1', amargs: '{{NUMBEROFEDITS}}|3' });
      assert.match(hindi ?? '', /^Delete \[\[Startseite\]\] \([०-९]+\)\.$/);
      // A lone U+001F is no argument at all: $1 stays.
      assert.deepEqual(await content({ amlang: 'en', amargs: '\u001f' }), [
        'Start page',
        'Delete [[{{MediaWiki:Mainpage}}]] ($1).',
      ]);
      // amincludelocal adds only the key of the message cache's hash entry, a message that does not exist.
      const local = await apiGet(app, {
        action: 'query',
        meta: 'allmessages',
        amincludelocal: '1',
        amprefix: 'h',
        formatversion: '2',
      });
      assert.deepEqual(local.json.query.allmessages, [{ name: 'hASH', normalizedname: 'hASH', missing: true }]);
    });

    test('a catalogue written again is read again; an unchanged one is kept', async () => {
      const first = await loadMessageCatalogue(store);
      assert.equal(await refreshMessageCatalogue(store, first), first);
      GERMAN.set('mainpage', 'Eingang');
      try {
        await storeCatalogue(store, '2026-02-01T00:00:00Z');
        const second = await refreshMessageCatalogue(store, first);
        assert.notEqual(second, first);
        assert.equal(second?.languages.get('de')?.get('mainpage'), 'Eingang');
      } finally {
        GERMAN.set('mainpage', 'Startseite');
        await storeCatalogue(store);
      }
    });
  });
}

describe('rendering a stored text', () => {
  const texts = new Map([
    ['and', ' und'],
    ['comma-separator', ', '],
    ['word-separator', ' '],
    ['count', '{{PLURAL:$1|ein Wert|$1 Werte}}'],
    ['who', '{{GENDER:$1|Er|Sie|Jemand}} fragte nach $2.'],
    ['list', 'Namen: $1.'],
  ]);
  const stored = (gender: 'male' | 'female' | 'unknown'): StoredMessages => ({
    catalogue: { stamp: 'test', languages: new Map([['de', texts]]) },
    siteName: 'Testwiki',
    server: 'https://wiki.example',
    scriptPath: '/w',
    contentLanguage: 'de',
    readerName: 'Leser',
    gender: () => gender,
  });

  test('number parameters are written in the language and choose the plural form; plain numbers as written', () => {
    assert.equal(renderMessage('count', [{ num: 1 }], 'de', stored('unknown')), 'ein Wert');
    assert.equal(renderMessage('count', [{ num: 12345 }], 'de', stored('unknown')), '12.345 Werte');
    // A scalar parameter is put in as MediaWiki puts one in: not formatted.
    assert.equal(renderMessage('count', [12345], 'de', stored('unknown')), '12345 Werte');
  });

  test('GENDER follows the named user', () => {
    assert.equal(renderMessage('who', ['Alice', 'x'], 'de', stored('female')), 'Sie fragte nach x.');
    assert.equal(renderMessage('who', ['Bob', 'x'], 'de', stored('male')), 'Er fragte nach x.');
    assert.equal(renderMessage('who', ['Kim', 'x'], 'de', stored('unknown')), 'Jemand fragte nach x.');
  });

  test('a parameter with braces or bars is text, not a call', () => {
    assert.equal(
      renderMessage('who', ['Kim', '{{SITENAME}}|a'], 'de', stored('unknown')),
      'Jemand fragte nach {{SITENAME}}|a.',
    );
  });

  test('html: a text as MediaWiki 1.39 parses it in Arabic, an entity without its semicolon part of the URL', () => {
    // The Arabic text writes `&gt ;`: no character reference, so the URL runs on to the space,
    // and the space before the semicolon is a French one.
    const arabic = new Map([
      [
        'api-usage-mailinglist-ref',
        'اشترك في &lt;https://lists.wikimedia.org/x/&gt ; للحصول &rlm;على <span dir="ltr">(\\t)</span>.',
      ],
    ]);
    const catalogue: StoredMessages = {
      ...stored('unknown'),
      catalogue: { stamp: 'test', languages: new Map([['ar', arabic]]) },
    };
    const formatter = new ErrorFormatter('html', 'ar', catalogue);
    const entry = formatter.formatMessage(message('x', 'api-usage-mailinglist-ref', []));
    assert.equal(
      typeof entry === 'object' && entry.html,
      'اشترك في &lt;<a rel="nofollow" class="external free" href="https://lists.wikimedia.org/x/&amp;gt">' +
        'https://lists.wikimedia.org/x/&amp;gt</a>&#160;; للحصول &#8207;على <span dir="ltr">(\\t)</span>.',
    );
  });

  test('html: a plain-text parameter counts as its placeholder for French spacing, digits or not', () => {
    // MediaWiki 1.39 in Slovenian (`errorformat=html`, `gpslimit=0`): `Vrednost&#160;»0«&#160;za …`,
    // as it parses the text with `$2` in the value's place and puts the value in after.
    const slovenian = new Map([
      ['paramvalidator-outofrange-minmax', 'Vrednost »$2« za parameter »$1« mora biti med $3 in $4.'],
    ]);
    const catalogue: StoredMessages = {
      ...stored('unknown'),
      catalogue: { stamp: 'test', languages: new Map([['sl', slovenian]]) },
    };
    const formatter = new ErrorFormatter('html', 'sl', catalogue);
    const entry = formatter.formatMessage(message('x', 'paramvalidator-outofrange-minmax', ['gpslimit', '0', 1, 500]));
    assert.equal(
      typeof entry === 'object' && entry.html,
      'Vrednost&#160;»0«&#160;za parameter&#160;»gpslimit«&#160;mora biti med 1 in 500.',
    );
  });

  test('quoted lists are names joined with the language’s separators', () => {
    assert.equal(
      renderMessage('list', [{ list: ['a', 'b', 'c'], quoted: true }], 'de', stored('unknown')),
      'Namen: <var>a</var>, <var>b</var> und <var>c</var>.',
    );
    const formatter = new ErrorFormatter('plaintext', 'de', stored('unknown'));
    const entry = formatter.formatMessage(message('x', 'list', [{ list: ['a', 'b'], quoted: true }]));
    assert.equal(typeof entry === 'object' && entry.text, 'Namen: "a" und "b".');
  });

  test('a language the catalogue lacks reads the first of its fallbacks it holds, written in its own way', () => {
    // A regional form reads its base language without the source's language data.
    assert.equal(renderMessage('count', [{ num: 12345 }], 'de-at', stored('unknown')), '12.345 Werte');
    // With the source's chains (Low German falls back to German), as MediaWiki; numbers as the
    // reader's language writes them (Swiss German groups with an apostrophe).
    const chains: StoredMessages = { ...stored('unknown'), fallbacks: (l) => ({ nds: ['de'], 'de-ch': ['de'] })[l] };
    assert.equal(renderMessage('count', [{ num: 12345 }], 'nds', chains), '12.345 Werte');
    assert.equal(renderMessage('count', [{ num: 12345 }], 'de-ch', chains), "12'345 Werte");
  });

  test('a language the catalogue lacks reads the built-in wording', () => {
    assert.equal(
      renderMessage('apierror-unrecognizedparams', [{ list: ['q'], type: 'comma' }, 1], 'fr', stored('unknown')),
      'Unrecognized parameter: q.',
    );
  });
});
