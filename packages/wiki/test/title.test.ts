import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sanitizeIP } from '../src/site/ip-address.js';
import { TitleCodec } from '../src/site/title.js';
import { interwikiUrl } from '../src/site/urls.js';
import { germanSite } from './helpers/german-site.js';
import { randomTexts } from './helpers/random-texts.js';

const codec = new TitleCodec(germanSite());

/** input -> [namespace, prefixed text, fragment?, interwiki?] */
const valid: Array<[string, number, string, string?, string?]> = [
  // The normalisations MediaWiki reported for the reference wiki (golden pageset-normalize cases).
  ['berlin', 0, 'Berlin'],
  ['frankfurt_am_Main', 0, 'Frankfurt am Main'],
  ['kategorie:stadt', 14, 'Kategorie:Stadt'],
  ['Category:Person', 14, 'Kategorie:Person'],
  ['Bild:Beispiel.png', 6, 'Datei:Beispiel.png'],
  ['Benutzerin:Alice', 2, 'Benutzer:Alice'],
  ['user_talk:Bob', 3, 'Benutzer Diskussion:Bob'],
  ['Spezial:Letzte Änderungen', -1, 'Spezial:Letzte Änderungen'],
  ['Gibtsnicht', 0, 'Gibtsnicht'],
  // Spaces, underscores and whitespace runs.
  ['  Foo __ bar\u00a0\u3000baz_ ', 0, 'Foo bar baz'],
  ['Foo\u200e bar', 0, 'Foo bar'],
  // Namespace names, canonical names and aliases in any case.
  ['BENUTZERIN DISKUSSION:Alice', 3, 'Benutzer Diskussion:Alice'],
  ['image talk:X.png', 7, 'Datei Diskussion:X.png'],
  ['Project:Über', 4, 'Testwiki:Über'],
  ['testwiki diskussion : Hallo', 5, 'Testwiki Diskussion:Hallo'],
  ['Vorlage:Infobox Stadt', 10, 'Vorlage:Infobox Stadt'],
  ['Template:infobox', 10, 'Vorlage:Infobox'],
  ['Media:Datei.png', -2, 'Medium:Datei.png'],
  ['gadget:lowercase', 2300, 'Gadget:lowercase'],
  // A colon that is not a namespace stays part of the title.
  ['Foo:bar', 0, 'Foo:bar'],
  ['Talk:Foo:bar', 1, 'Diskussion:Foo:bar'],
  // A leading colon forces the main namespace only once.
  [':Kategorie:Stadt', 14, 'Kategorie:Stadt'],
  [':berlin', 0, 'Berlin'],
  // Fragments.
  ['Berlin#Geschichte_der Stadt', 0, 'Berlin', 'Geschichte der Stadt'],
  ['Foo _#bar', 0, 'Foo', 'bar'],
  ['#Abschnitt', 0, '', 'Abschnitt'],
  // Interwiki prefixes: lowercased, the rest not capitalised.
  ['en:berlin', 0, 'en:berlin', '', 'en'],
  ['Wikipedia:Foo', 0, 'wikipedia:Foo', '', 'wikipedia'],
  ['EN:Talk:Foo#x', 0, 'en:Talk:Foo', 'x', 'en'],
  // First letter by PHP's mb_strtoupper, as MediaWiki 1.39 on PHP 8.2 normalised them.
  ['ßtraße', 0, 'SStraße'],
  ['ärger', 0, 'Ärger'],
  ['ǆungla', 0, 'Ǆungla'],
  ['ᾳ', 0, 'ΑΙ'],
  ['ⓐ', 0, 'Ⓐ'],
  ['ვ', 0, 'Ვ'],
  ['ŉ', 0, 'ʼN'],
  ['ﬁsh', 0, 'FIsh'],
  ['ı', 0, 'I'],
  // HTML entities are decoded, then must still be legal.
  ['Caf&eacute;', 0, 'Café'],
  ['A&amp;B', 0, 'A&B'],
  ['&#x41;B', 0, 'AB'],
  // Unicode normalisation (NFC).
  ['Cafe\u0301', 0, 'Café'],
  // IP addresses in user namespaces.
  ['Benutzer:010.001.002.003', 2, 'Benutzer:10.1.2.3'],
  ['User talk:2001:db8::1', 3, 'Benutzer Diskussion:2001:DB8:0:0:0:0:0:1'],
  ['User:::1', 2, 'Benutzer:0:0:0:0:0:0:0:1'],
  ['Benutzer:198.51.100.0/24', 2, 'Benutzer:198.51.100.0/24'],
  // Characters that are legal.
  ['A "B" (c)!? $%&*+,-./;=@\\^`~', 0, 'A "B" (c)!? $%&*+,-./;=@\\^`~'],
  ['.com', 0, '.com'],
  ['~', 0, '~'],
  ['a/b.c', 0, 'A/b.c'],
  ['x'.repeat(255), 0, `X${'x'.repeat(254)}`],
  [`Spezial:${'x'.repeat(512)}`, -1, `Spezial:X${'x'.repeat(511)}`],
];

const invalid: Array<[string, string, string[]?]> = [
  ['', 'title-invalid-empty'],
  ['   ', 'title-invalid-empty'],
  [':', 'title-invalid-empty'],
  ['Kategorie:', 'title-invalid-empty'],
  ['Benutzer: ', 'title-invalid-empty'],
  ['Foo[bar]', 'title-invalid-characters', ['[']],
  ['A|B', 'title-invalid-characters', ['|']],
  ['A{B', 'title-invalid-characters', ['{']],
  ['A<b>', 'title-invalid-characters', ['<']],
  ['A%20B', 'title-invalid-characters', ['%20']],
  ['A&foo;', 'title-invalid-characters', ['&foo;']],
  ['A&amp;eacute;', 'title-invalid-characters', ['&eacute;']],
  ['A\tB', 'title-invalid-characters', ['\t']],
  ['A\u0001B', 'title-invalid-utf8'],
  ['A\ud800B', 'title-invalid-utf8'],
  ['A&#0;', 'title-invalid-utf8'],
  ['.', 'title-invalid-relative'],
  ['..', 'title-invalid-relative'],
  ['./Foo', 'title-invalid-relative'],
  ['../Foo', 'title-invalid-relative'],
  ['Foo/./Bar', 'title-invalid-relative'],
  ['Foo/../Bar', 'title-invalid-relative'],
  ['Foo/.', 'title-invalid-relative'],
  ['Foo/..', 'title-invalid-relative'],
  ['Foo~~~', 'title-invalid-magic-tilde'],
  ['Benutzer:~~~~', 'title-invalid-magic-tilde'],
  ['x'.repeat(256), 'title-invalid-too-long', ['255']],
  ['ä'.repeat(128), 'title-invalid-too-long', ['255']],
  [`Spezial:${'x'.repeat(513)}`, 'title-invalid-too-long', ['512']],
  ['Kategorie::Foo', 'title-invalid-leading-colon'],
  ['Talk:Kategorie:Foo', 'title-invalid-talk-namespace'],
  ['Diskussion:en:Foo', 'title-invalid-talk-namespace'],
];

describe('title parsing', () => {
  for (const [input, namespace, prefixed, fragment = '', interwiki = ''] of valid) {
    test(`${JSON.stringify(input.slice(0, 40))} is ${JSON.stringify(prefixed.slice(0, 40))}`, () => {
      const result = codec.parse(input);
      assert.ok(result.ok, result.ok ? '' : result.reason);
      assert.equal(result.title.namespace, namespace);
      assert.equal(codec.prefixedText(result.title), prefixed);
      assert.equal(result.title.fragment, fragment);
      assert.equal(result.title.interwiki, interwiki);
      assert.equal(result.title.dbKey, result.title.text.replace(/ /g, '_'));
    });
  }

  for (const [input, reason, params] of invalid) {
    test(`${JSON.stringify(input.slice(0, 40))} fails with ${reason}`, () => {
      const result = codec.parse(input);
      assert.equal(result.ok, false);
      if (result.ok) return;
      assert.equal(result.reason, reason);
      if (params) assert.deepEqual(result.params, params);
    });
  }

  test('the invalid reason reads as in MediaWiki’s API', () => {
    const result = codec.parse('Foo[bar]');
    assert.equal(result.ok, false);
    if (!result.ok) assert.equal(result.message, 'The requested page title contains invalid characters: "[".');
  });

  test('a default namespace applies to titles without a prefix', () => {
    const template = codec.parseOrUndefined('infobox', { defaultNamespace: 10 });
    assert.equal(template && codec.prefixedDbKey(template), 'Vorlage:Infobox');
    const main = codec.parseOrUndefined(':Seite', { defaultNamespace: 10 });
    assert.equal(main?.namespace, 0);
  });

  test('link targets in wikitext have their %XX sequences decoded', () => {
    const title = codec.parseOrUndefined('Frankfurt%20am%20Main', { decodePercent: true });
    assert.equal(title?.dbKey, 'Frankfurt_am_Main');
    assert.equal(codec.parse('A%5Bb', { decodePercent: true }).ok, false);
  });

  test('a local interwiki prefix names this wiki, and alone names the main page', () => {
    const interwikiSite = germanSite().interwiki;
    const withSelf = new TitleCodec(
      germanSite({
        settings: { LocalInterwikis: ['self'] },
        interwiki: [...interwikiSite, { prefix: 'self', url: '/index.php/$1', local: true, trans: false }],
      }),
    );
    const foo = withSelf.parseOrUndefined('Self:kategorie:foo');
    assert.deepEqual([foo?.namespace, foo?.dbKey, foo?.interwiki, foo?.localInterwiki], [14, 'Foo', '', true]);
    assert.equal(withSelf.parseOrUndefined('self:')?.dbKey, 'Hauptseite');
  });

  test('the parse cache keeps the first inputs it meets, and starts over after a million others', () => {
    const cached = new TitleCodec(germanSite());
    const fresh = () => new TitleCodec(germanSite());
    const inputs = Array.from({ length: 20_010 }, (_, i) => `seite_${i}#abschnitt`);
    for (const input of inputs) cached.parse(input);
    for (const input of [inputs[0]!, inputs[19_999]!, inputs[20_000]!, 'Datei:A.png', 'A|B', 'Cafe\u0301']) {
      assert.deepEqual(cached.parse(input), fresh().parse(input));
      assert.deepEqual(cached.parse(input, { defaultNamespace: 10 }), fresh().parse(input, { defaultNamespace: 10 }));
    }
    // A kept result is given out again; an input met once the cache was full is parsed each time.
    assert.equal(cached.parse(inputs[19_999]!), cached.parse(inputs[19_999]!));
    assert.notEqual(cached.parse(inputs[20_000]!), cached.parse(inputs[20_000]!));
    for (let i = 0; i < 1_000_000; i++) cached.parse(inputs[20_000]!);
    assert.notEqual(cached.parse(inputs[0]!), cached.parse(inputs[0]!));
    assert.equal(cached.parse(inputs[20_000]!), cached.parse(inputs[20_000]!));
  });
  test('plain titles, parsed without the cache, come out as the full parse makes them', () => {
    // A fragment mark sends an input through every step of the parse, and leaves its title as it was.
    const chars = [
      'a',
      'z',
      'A',
      'Q',
      '0',
      '9',
      ' ',
      ' ',
      '!',
      '$',
      "'",
      '(',
      ')',
      '*',
      '+',
      ',',
      '-',
      '/',
      ';',
      '=',
      '?',
      '@',
      // Characters that take an input off the plain path (`#` would make the check below unsound).
      '_',
      '.',
      '~',
      ':',
      '\u00e9',
      '<',
    ];
    const inputs = [
      ...['berlin', 'Berlin', 'new york', 'A', '1990', "l'Oréal", 'x'.repeat(255), 'x'.repeat(256)],
      ...randomTexts(chars, 20_000, 13, 99),
    ];
    for (const site of [
      germanSite(),
      { ...germanSite(), namespaces: germanSite().namespaces.map((n) => ({ ...n, case: 'case-sensitive' as const })) },
    ]) {
      const titles = new TitleCodec(site);
      for (const input of inputs) {
        for (const defaultNamespace of [0, 6, 10, 14, 2, -1]) {
          const fast = titles.parse(input, { defaultNamespace });
          const full = titles.parse(`${input}#`, { defaultNamespace });
          // An input without a title of its own (` `, `_`, `:`) is none, where the mark makes it a
          // link to a section of the page.
          if (full.ok && full.title.dbKey === '') continue;
          assert.deepEqual(fast, full, `${JSON.stringify(input)} in namespace ${defaultNamespace}`);
        }
      }
    }
  });
});

describe('title formatting', () => {
  test('prefixed forms, talk and subject pages', () => {
    const title = codec.parseOrUndefined('Datei:Ein Bild.png#Oben')!;
    assert.equal(codec.prefixedDbKey(title), 'Datei:Ein_Bild.png');
    assert.equal(codec.fullText(title), 'Datei:Ein Bild.png#Oben');
    const talk = codec.talkPage(title)!;
    assert.equal(codec.prefixedText(talk), 'Datei Diskussion:Ein Bild.png');
    assert.equal(codec.prefixedText(codec.subjectPage(talk)), 'Datei:Ein Bild.png');
    assert.equal(codec.talkPage(codec.parseOrUndefined('Spezial:Suche')!), undefined);
    assert.equal(codec.prefixedText(codec.talkPage(codec.parseOrUndefined('Berlin')!)!), 'Diskussion:Berlin');
  });

  test('user namespaces take the form of the user’s gender', () => {
    const alice = codec.parseOrUndefined('Benutzerin:Alice')!;
    assert.equal(codec.genderPrefixedText(alice, 'female'), 'Benutzerin:Alice');
    assert.equal(codec.genderPrefixedText(alice, 'male'), 'Benutzer:Alice');
    assert.equal(codec.genderPrefixedText(alice, 'unknown'), 'Benutzer:Alice');
    const talk = codec.talkPage(alice)!;
    assert.equal(codec.genderPrefixedText(talk, 'female'), 'Benutzerin Diskussion:Alice');
    assert.equal(codec.genderNamespaceName(2, 'female'), 'Benutzerin');
  });
});

describe('helpers', () => {
  test('IP addresses are written one way', () => {
    assert.equal(sanitizeIP('127.000.000.001'), '127.0.0.1');
    assert.equal(sanitizeIP('fe80::0001'), 'FE80:0:0:0:0:0:0:1');
    assert.equal(sanitizeIP('2001:0db8:0000:0000:0000:0000:0000:0000/32'), '2001:DB8:0:0:0:0:0:0/32');
    assert.equal(sanitizeIP('Alice'), 'Alice');
    assert.equal(sanitizeIP('1.2.3.4.5'), '1.2.3.4.5');
  });
});

describe('interwiki URLs', () => {
  test('the title part percent-encoded as MediaWiki does, the fragment as an anchor of the other wiki', () => {
    // As MediaWiki 1.39 makes them (Title::getFullURL): a wiki the map marks local gets the anchor
    // in HTML5's form, another in the legacy one.
    const tricky = 'c ä d%41:!(~)*';
    assert.equal(interwikiUrl(codec, 'sv', `A b#${tricky}`), 'https://sv.wikipedia.org/wiki/A_b#c_ä_d%2541:!(~)*');
    assert.equal(
      interwikiUrl(codec, 'wikt', `A b#${tricky}`),
      'https://example.org/wikt/A_b#c_.C3.A4_d.2541:.21.28.7E.29.2A',
    );
    assert.equal(
      interwikiUrl(codec, 'sv', 'Världsgeografi#Lista över länder'),
      'https://sv.wikipedia.org/wiki/V%C3%A4rldsgeografi#Lista_över_länder',
    );
    assert.equal(interwikiUrl(codec, 'en', " x  y's:z/(1)"), 'https://en.wikipedia.org/wiki/x_y%27s:z/(1)');
    assert.equal(interwikiUrl(codec, 'nosuchprefix', 'Foo'), undefined);
    assert.equal(interwikiUrl(codec, 'en', 'Foo[bar]'), undefined);
  });
});
