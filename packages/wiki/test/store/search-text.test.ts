import assert from 'node:assert/strict';
import { test } from 'node:test';
import { indexableText } from '../../src/store/search-text.js';
import { phpWordCount } from '../../src/text/word-count.js';
import { randomTexts as randomTextsOf } from '../helpers/random-texts.js';

// The replacements MediaWiki's search index update makes, as regular expressions: the scanners
// of search-text.ts must give exactly the text these give.
const URL_CHARS = String.raw`A-Za-z0-9_\/:.,~%\-+&;#?!=()@\u0080-\uffff`;
const PROTOCOLS = 'http|https|ftp|mailto|news|gopher';
const byPatterns = (wikitext: string) =>
  ` ${wikitext} `
    .replace(/<\/?\s*[A-Za-z][^>]*?>/g, ' ')
    .replace(new RegExp(`(^|[^\\[])(?:${PROTOCOLS}):[${URL_CHARS}]+([^${URL_CHARS}]|$)`, 'gi'), '$1$2')
    .replace(new RegExp(`([^\\[])\\[(?:${PROTOCOLS}):[${URL_CHARS}]+\\]`, 'gi'), '$1 ')
    .replace(new RegExp(`([^\\[])\\[(?:${PROTOCOLS}):[${URL_CHARS}]+\\s+([^\\]]+)\\]`, 'gi'), '$1 $2 ')
    .replace(/([^A-Za-z_'.0-9\u0080-\uffff&#;-])([A-Za-z_'.0-9\u0080-\uffff&#;-]+)\]\]([a-z]+)/g, '$1$2 $2$3');
const wordsByPattern = (text: string) => {
  const inner = text.replace(/^['-]/, '').replace(/-$/, '');
  return inner.match(/[A-Za-z'-]+/g)?.length ?? 0;
};

/** Random strings of pieces that the patterns care about, from a fixed seed. */
function* randomTexts(count: number): Generator<string> {
  const pieces = [
    '[',
    ']',
    ']]',
    '[[',
    ' ',
    '\n',
    'a',
    'Z',
    's',
    'http',
    'HTTPS',
    'Http',
    'ftp',
    'nEwS',
    'mailto',
    'GOPHER',
    ':',
    '//',
    'x.org',
    '.',
    '-',
    "'",
    '&',
    '#',
    ';',
    '|',
    '<b>',
    '</ref>',
    '<',
    '>',
    'é',
    'ſ',
    '\u212a',
    '\u{1F600}',
    '9',
  ];
  yield* randomTextsOf(pieces, count, 24, 12345);
}

test('indexable text: link trails spelled out, bare and bracketed URLs left out, labels kept', () => {
  assert.equal(indexableText('[[game]]s and [[Foo|bar]]ed'), ' [[game games and [[Foo|bar bared ');
  assert.equal(indexableText('see http://example.org/x now'), ' see  now ');
  assert.equal(indexableText('[http://example.org] [https://example.org Label]'), '    Label  ');
  assert.equal(indexableText('a <ref name="x">b</ref> c'), ' a  b  c ');
  // The character after a bare URL belongs to its match, so a URL right after it stays.
  assert.equal(indexableText('http://a http://b'), '  http://b ');
});

test('indexable text equals the replacements by pattern on random texts', () => {
  for (const text of randomTexts(60_000)) assert.equal(indexableText(text), byPatterns(text), JSON.stringify(text));
});

test('word counts equal a count of the pattern on random texts', () => {
  for (const text of randomTexts(60_000)) assert.equal(phpWordCount(text), wordsByPattern(text), JSON.stringify(text));
});
