import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TitleCodec } from '../../src/site/title.js';
import { URL_PROTOCOLS } from '../../src/site/url-protocols.js';
import { externalLinkIndexes, findExternalLinks, normalizeLinkUrl } from '../../src/wikitext/external-links.js';
import { extractLinks, withoutTemplateCalls } from '../../src/wikitext/extract-links.js';
import { blankNonWikitext, stripNonWikitext } from '../../src/wikitext/strip.js';
import { germanSite } from '../helpers/german-site.js';
import { randomTexts } from '../helpers/random-texts.js';

const codec = new TitleCodec(germanSite());
const onPage = (text: string, namespace = 0, dbKey = 'Testseite') => extractLinks(text, { namespace, dbKey }, codec);
const keys = (items: Array<{ namespace: number; dbKey: string }>) =>
  items.map((l) => `${l.namespace}:${l.dbKey}`).sort();

describe('links of a German wiki page', () => {
  test('page links are normalised titles; escaped categories and files are links', () => {
    const links = onPage(
      '[[berlin]], [[Frankfurt_am Main|Frankfurt]], [[Benutzerin:Alice]], [[:Kategorie:Stadt]], [[:Datei:Bild.png]], ' +
        '[[Hilfe:Übersicht#Oben]], [[Spezial:Suche]], [[#Abschnitt]], [[Testseite]], [[Foo%20bar]], [[Caf&eacute;]]',
    );
    assert.deepEqual(keys(links.links), [
      '0:Berlin',
      '0:Café',
      '0:Foo_bar',
      '0:Frankfurt_am_Main',
      '12:Übersicht',
      '14:Stadt',
      '2:Alice',
      '6:Bild.png',
    ]);
  });

  test('a piped link holding another link is only valid for a file, whose caption links count', () => {
    const links = onPage('[[Datei:Karte.png|mini|Die [[Stadt]] im [[Land]]]] [[Seite|mit [[Innen]] drin]]');
    assert.deepEqual(links.images, ['Karte.png']);
    assert.deepEqual(keys(links.links), ['0:Innen', '0:Land', '0:Stadt']);
  });

  test('categories with sort keys, DEFAULTSORT and SORTIERUNG', () => {
    const links = onPage(
      '{{SORTIERUNG:Seite, Test}}\n[[Kategorie:Stadt]] [[Category:Person|Müller]] [[kategorie:Leer| ]]',
    );
    assert.deepEqual(
      links.categories.sort((a, b) => a.name.localeCompare(b.name)),
      [
        { name: 'Leer', sortKeyPrefix: ' ' },
        { name: 'Person', sortKeyPrefix: 'Müller' },
        { name: 'Stadt', sortKeyPrefix: 'Seite, Test' },
      ],
    );
    assert.equal(links.properties.get('defaultsort'), 'Seite, Test');
    assert.equal(onPage('{{DEFAULTSORTKEY:Zeta}}[[Kategorie:A]]').categories[0]?.sortKeyPrefix, 'Zeta');
  });

  test('images with the localized namespace and its aliases, galleries included', () => {
    const links = onPage(
      '[[Datei:Eins.png]] [[Bild:Zwei.jpg|links]] [[Image:Drei.svg]] [[Medium:Vier.ogg]]\n' +
        '<gallery>\nDatei:Fünf.png|Mit [[Link]]\nSechs.jpg\n</gallery>',
    );
    assert.deepEqual(links.images.sort(), ['Drei.svg', 'Eins.png', 'Fünf.png', 'Sechs.jpg', 'Vier.ogg', 'Zwei.jpg']);
    assert.deepEqual(keys(links.links), ['0:Link']);
  });

  test('transclusions: templates, main-namespace pages, not variables or parser functions', () => {
    const links = onPage(
      '{{Infobox Stadt|Name=Berlin}} {{Vorlage:navi}} {{:Hauptseite}} {{PAGENAME}} {{SEITENNAME}} {{#if:x|y}} ' +
        '{{lc:ABC}} {{DISPLAYTITLE:Berlin}} {{subst:Kopf}} {{{1|Parameter}}} {{Template:Fuß|{{Innen}}}}',
    );
    assert.deepEqual(keys(links.templates), [
      '0:Hauptseite',
      '10:Fuß',
      '10:Infobox_Stadt',
      '10:Innen',
      '10:Kopf',
      '10:Navi',
    ]);
    assert.equal(links.properties.get('displaytitle'), 'Berlin');
    assert.equal(
      onPage("{{SEITENTITEL:List of ''Atlas Shrugged'' characters}}").properties.get('displaytitle'),
      'List of <i>Atlas Shrugged</i> characters',
    );
  });

  test('language links where the prefix is a language, interwiki links otherwise', () => {
    const links = onPage(
      '[[en:Berlin]] [[fr:Berlin]] [[en:Other]] [[:en:Escaped]] [[wikipedia:Foo bar]] [[Wikt:haus]]',
    );
    assert.deepEqual(
      links.languageLinks.sort((a, b) => a.language.localeCompare(b.language)),
      [
        { language: 'en', title: 'Berlin' },
        { language: 'fr', title: 'Berlin' },
      ],
    );
    assert.deepEqual(links.interwikiLinks.map((l) => `${l.prefix}:${l.title}`).sort(), [
      'en:Escaped',
      'wikipedia:Foo_bar',
      'wikt:haus',
    ]);
    // On a talk page a language prefix makes an ordinary interwiki link.
    const talk = onPage('[[en:Berlin]]', 1);
    assert.deepEqual(talk.languageLinks, []);
    assert.deepEqual(talk.interwikiLinks, [{ prefix: 'en', title: 'Berlin' }]);
  });

  test('redirects: #WEITERLEITUNG and #REDIRECT, fragments, interwiki targets', () => {
    const de = onPage('#WEITERLEITUNG [[Berlin#Geschichte]]\n[[Kategorie:Weiterleitung]]');
    assert.deepEqual(de.redirect, { namespace: 0, dbKey: 'Berlin', fragment: 'Geschichte', interwiki: '' });
    assert.deepEqual(keys(de.links), ['0:Berlin']);
    assert.deepEqual(de.categories, [{ name: 'Weiterleitung', sortKeyPrefix: '' }]);
    assert.deepEqual(onPage('  #redirect:[[kategorie:Stadt]]').redirect, {
      namespace: 14,
      dbKey: 'Stadt',
      fragment: '',
      interwiki: '',
    });
    const iw = onPage('#REDIRECT [[wikipedia:Berlin]]');
    assert.deepEqual(iw.redirect, { namespace: 0, dbKey: 'Berlin', fragment: '', interwiki: 'wikipedia' });
    assert.equal(onPage('Text #REDIRECT [[Berlin]]').redirect, undefined);
    assert.equal(onPage('#WEITERLEITUNG [[Foo[bar]]').redirect, undefined);
  });

  test('behaviour switches become page properties, German synonyms included', () => {
    const links = onPage(
      '__NOTOC__ __KEIN_INDEX__ __versteckte_kategorie__ __VERSTECKTE_KATEGORIE__ __NEUER_ABSCHNITTSLINK__',
    );
    assert.deepEqual([...links.properties.keys()].sort(), ['hiddencat', 'newsectionlink', 'noindex', 'notoc']);
  });

  test('nothing is taken from comments, nowiki, pre, math, syntaxhighlight or includeonly', () => {
    const links = onPage(
      '<!-- [[Kommentar]] --> <nowiki>[[Nowiki]]</nowiki> <pre>[[Pre]]</pre> <math>[[Math]]</math> ' +
        '<syntaxhighlight lang="php">[[Code]] http://code.example.org</syntaxhighlight> <includeonly>[[Nur]]</includeonly> ' +
        '<noinclude>[[Sichtbar]]</noinclude> <nowiki/>[[Danach]]',
    );
    assert.deepEqual(keys(links.links), ['0:Danach', '0:Sichtbar']);
    assert.deepEqual(links.externalLinks, []);
  });
});

describe('text that is not wikitext', () => {
  test('comments, opaque elements and inclusion tags: the same as the pattern the scanner replaces', () => {
    const opaque =
      'nowiki|pre|math|chem|ce|syntaxhighlight|source|score|timeline|graph|templatedata|mapframe|maplink|hiero|inputbox|includeonly|gallery|imagemap|charinsert|categorytree|templatestyles|indicator';
    const pattern = new RegExp(
      `<!--[\\s\\S]*?(?:-->|$)|<(${opaque})(?:\\s[^>]*?)?(?:/>|>([\\s\\S]*?)</\\1\\s*>)|</?(?:noinclude|onlyinclude)\\s*/?>`,
      'gi',
    );
    const byPattern = (input: string) => {
      const galleries: string[] = [];
      const imagemaps: string[] = [];
      const text = input.replace(pattern, (whole: string, tag: string | undefined, body: string | undefined) => {
        const name = tag?.toLowerCase();
        if (body !== undefined && name === 'gallery') galleries.push(body);
        else if (body !== undefined && name === 'imagemap') imagemaps.push(body);
        else if (body !== undefined && name === 'includeonly') return '';
        return whole.startsWith('<!--') ? '' : ' ';
      });
      return { text, galleries, imagemaps };
    };
    const pieces = [
      '<gallery>',
      '</gallery>',
      '<imagemap a>',
      '</IMAGEMAP >',
      '<math>',
      '</math>',
      '</pre\n>',
      '<pre x/>',
      '<includeonly>',
      '</includeonly>',
      '<noinclude>',
      '</onlyinclude >',
      '<',
      '>',
      '/',
      '/>',
      '<!--',
      '-->',
      'math',
      'MATH',
      'pre',
      'prefix',
      'nowiki',
      'gallery',
      'onlyinclude',
      'ce',
      'chem',
      '</',
      ' ',
      '\n',
      'x',
      'a=b',
    ];
    for (const text of randomTexts(pieces, 20_000, 24, 5)) {
      assert.deepEqual(stripNonWikitext(text), byPattern(text), text);
      assert.equal(
        blankNonWikitext(text),
        text.replace(pattern, (whole: string) => ' '.repeat(whole.length)),
        text,
      );
    }
    // A page of unclosed tags is scanned once (each was searched to the end: 16,000 took a second).
    const unclosed = '<math><math>\n'.repeat(16_000);
    assert.equal(blankNonWikitext(unclosed), unclosed);
  });
});

describe('external links', () => {
  test('bracketed, protocol-relative and free URLs, without trailing punctuation', () => {
    assert.deepEqual(
      findExternalLinks(
        'Siehe [https://example.org/a Beispiel], [//example.net/b], http://example.com/c. ' +
          'Und mailto:info@example.org; (http://example.com/d) <span title="http://nicht.example">x</span> ftp://',
      ),
      [
        'https://example.org/a',
        '//example.net/b',
        'http://example.com/c',
        'mailto:info@example.org',
        'http://example.com/d',
      ],
    );
  });

  test('a bracketed link ends on its line, at a `]`, and holds no control character', () => {
    const found = (text: string) => findExternalLinks(text).sort();
    assert.deepEqual(
      found('x [http://a.example/ offen\n[http://b.example/ B] [//c.example/ C] [http://[::1]/ D] http://e.example/'),
      ['//c.example/', 'http://[::1]/', 'http://a.example/', 'http://b.example/', 'http://e.example/'],
    );
    // A label runs over tabs and other links' brackets, not over U+FFFD.
    assert.deepEqual(
      found('[http://a.example/ a\ufffd] [http://b.example/\tb] [http://c.example/ c [http://d.example/ d] e]'),
      ['http://a.example/', 'http://b.example/', 'http://c.example/'],
    );
    // Unclosed links before one closed are its label; after the last `]`, free URLs.
    assert.deepEqual(found(`${'[http://a.example/ '.repeat(3000)}[http://b.example/ x] [http://c.example/`), [
      'http://a.example/',
      'http://c.example/',
    ]);
  });

  test('free URLs: the same as the pattern of a protocol at a word boundary and URL characters', () => {
    // The pattern the scanner replaces, and the free URLs found by it.
    const protocols = URL_PROTOCOLS.map((p) => p.replace(/[/.]/g, '\\$&')).join('|');
    const urlChars = '[^\\][<>"|{}\\x00-\\x20\\x7f\\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000\\ufffd]';
    const free = new RegExp(`\\b(?:${protocols})${urlChars}+`, 'gi');
    const byPattern = (text: string) => {
      const found = new Set<string>();
      for (const m of text.matchAll(free)) {
        // MediaWiki's `\b` reads letters and digits of every script as word characters.
        if (m.index > 0 && /[\p{L}\p{N}]/u.test(text[m.index - 1] as string)) continue;
        const separators = m[0].includes('(') ? ',;.:!?' : ',;.:!?)';
        let end = m[0].length;
        while (end > 0 && separators.includes(m[0][end - 1]!)) end--;
        const url = m[0].slice(0, end);
        if (url.length <= url.indexOf(':') + 1 || /^[a-z]+:\/*$/i.test(url)) continue;
        found.add(url);
      }
      return [...found];
    };
    const pieces = [
      'http',
      'HTTPS',
      'sip',
      's',
      'mailTo',
      'worldwind',
      'xhttp',
      '_',
      '9',
      'a',
      ':',
      '//',
      '/',
      '.',
      ')',
      '(',
      ' ',
      '\u00a0',
      '"',
      '|',
      'é',
      'ſ',
      '\u212a',
      '\ud83d',
      '\ude00',
      'geo',
      'urn',
      'x.org',
      ',',
      '?',
    ];
    for (const text of randomTexts(pieces, 60_000, 20, 4711)) {
      assert.deepEqual(findExternalLinks(text), byPattern(text), JSON.stringify(text));
    }
    // As MediaWiki 1.39 finds them (PHP 8.2): no URL right after a letter or digit of any script.
    assert.deepEqual(findExternalLinks('在https://a éhttp://b ٣http://c (https://d)'), ['https://d']);
    assert.deepEqual(findExternalLinks('xhttp://a _http://b Http://c sips:d sip://e'), [
      'Http://c',
      'sips:d',
      'sip://e',
    ]);
  });

  test('template calls are cut from the text as a brace-by-brace scan cuts them', () => {
    // The plain definition: a call opens at `{{`, closes at the next `}}` at its depth, and the
    // text outside every call is kept, each call standing as a space; an unclosed call runs to the end.
    const byScan = (text: string) => {
      let kept = '';
      let depth = 0;
      let i = 0;
      while (i < text.length) {
        const pair = text.slice(i, i + 2);
        if (pair === '{{') {
          if (depth === 0) kept += ' ';
          depth++;
          i += 2;
        } else if (pair === '}}' && depth > 0) {
          depth--;
          i += 2;
        } else {
          if (depth === 0) kept += text[i];
          i++;
        }
      }
      return kept;
    };
    const pieces = ['{{', '}}', '{', '}', '{{{', '}}}', 'a', ' ', '|', 'http://x.org', '\n'];
    for (const text of randomTexts(pieces, 60_000, 16, 1234)) {
      assert.equal(withoutTemplateCalls(text), byScan(text), JSON.stringify(text));
    }
    assert.equal(withoutTemplateCalls('a {{b|{{c}}|d}} e {{f'), 'a   e  ');
  });

  test('URLs in template arguments are left to the template', () => {
    const links = onPage('{{Internetquelle|url=https://example.org/q|titel=Q}} https://example.org/frei');
    assert.deepEqual(links.externalLinks, ['https://example.org/frei']);
  });

  test('the reversed-host index MediaWiki searches by', () => {
    assert.deepEqual(externalLinkIndexes('https://www.Example.org/Pfad?q=1'), ['https://org.example.www./Pfad?q=1']);
    assert.deepEqual(externalLinkIndexes('http://example.com'), ['http://com.example./']);
    assert.deepEqual(externalLinkIndexes('//example.net/x'), ['http://net.example./x', 'https://net.example./x']);
    assert.deepEqual(externalLinkIndexes('mailto:info@example.org'), ['mailto:org.example.@info']);
    // A search pattern may hold line breaks (elquery, euquery): they stay in the host.
    assert.deepEqual(externalLinkIndexes('http://a b\r\n:80'), ['http://a b\r\n.:80/']);
  });
});

test('external links are recorded as MediaWiki normalises them', () => {
  // Each pair: the link as written, and the URL MediaWiki 1.39 recorded for it (prop=extlinks of a saved page).
  const cases: Array<[string, string]> = [
    [
      'http://als.wikipedia.org/w/index.php?title=Special%3AListUsers&username=X',
      'http://als.wikipedia.org/w/index.php?title=Special:ListUsers&username=X',
    ],
    ['http://abcboard.alabama.gov/%28S%28s1j%29%29/wet.aspx', 'http://abcboard.alabama.gov/(S(s1j))/wet.aspx'],
    ['http://bat-smg.wikipedia.org/wiki/Pradžia', 'http://bat-smg.wikipedia.org/wiki/Prad%C5%BEia'],
    [
      'http://books.google.de/books?q=Nowell%2C%20K.#v=onepage&q=Nowell%2C%20K.&f=false',
      'http://books.google.de/books?q=Nowell,%20K.#v=onepage&q=Nowell,%20K.&f=false',
    ],
    ['http://x.org/a%2Fb%7e?c%26d=%3d&e=%7e#f%23%3f', 'http://x.org/a%2Fb~?c%26d=%3D&e=~#f%23?'],
    ['http://[2001:db8::1]/a%41', 'http://[2001:db8::1]/aA'],
    ['http://example.org/ä?ö=ü#ß', 'http://example.org/%C3%A4?%C3%B6=%C3%BC#%C3%9F'],
  ];
  for (const [written, recorded] of cases) assert.equal(normalizeLinkUrl(written), recorded, written);
  const text = cases.map(([written], i) => `[${written} ${i}]`).join('\n');
  const links = extractLinks(
    `${text}\n[http://127.0.0.1:8090/index.php?title=X own server]`,
    { namespace: 0, dbKey: 'A' },
    codec,
  );
  assert.deepEqual(
    links.externalLinks,
    cases.map(([, recorded]) => recorded),
  );
});
