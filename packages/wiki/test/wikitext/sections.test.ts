/**
 * Sections of wikitext as MediaWiki 1.39 cuts them (its answers to `action=compare` with
 * `fromsection` on the text below, and to `rvsection` on the reference wiki's pages whose `<pre>`
 * holds heading lines): headings inside `<pre>`, comments and template arguments start no section,
 * but one in a template's argument takes its number.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { preprocessToTree } from '../../src/wikitext/preprocessor/parse.js';
import { nodeSource, wikitextSection, wikitextSectionRange } from '../../src/wikitext/sections.js';

const TEXT = [
  '{{foo|',
  '== A ==',
  'x}}',
  'lead',
  '== B ==',
  'b text',
  '=== B1 ===',
  'b1',
  '<pre>',
  '== P ==',
  '</pre>',
  '<!--',
  '== C ==',
  '-->',
  '== D ==',
  'd  ',
  '',
].join('\n');

test('the text before the first heading the preprocessor finds at the top level is section 0', () => {
  assert.equal(wikitextSection(TEXT, 0), '{{foo|\n== A ==\nx}}\nlead');
  assert.equal(wikitextSection('no heading\n\n', 0), 'no heading');
});

test('a heading inside a template’s argument takes a number but starts no section', () => {
  assert.equal(wikitextSection(TEXT, 1), undefined);
  assert.equal(wikitextSection(TEXT, 2), '== B ==\nb text\n=== B1 ===\nb1\n<pre>\n== P ==\n</pre>\n<!--\n== C ==\n-->');
  assert.equal(wikitextSection(TEXT, 3), '=== B1 ===\nb1\n<pre>\n== P ==\n</pre>\n<!--\n== C ==\n-->');
  // Lines of `=` inside <pre> and a comment are no headings; the last section loses its trailing white space.
  assert.equal(wikitextSection(TEXT, 4), '== D ==\nd');
  assert.equal(wikitextSection(TEXT, 5), undefined);
});

test('a negative section is read as MediaWiki splits it at `-`: the section of that number', () => {
  assert.equal(wikitextSection(TEXT, -4), wikitextSection(TEXT, 4));
  assert.equal(wikitextSection(TEXT, 1.5), undefined);
});

test('a range keeps the trailing white space and ends where the next heading of its level begins', () => {
  const text = '== X ==\nx\n\n== Y ==\ny\n';
  const range = wikitextSectionRange(text, 1);
  assert.deepEqual(range, { start: 0, end: text.indexOf('== Y') });
  assert.deepEqual(wikitextSectionRange(text, 2), { start: text.indexOf('== Y'), end: text.length });
});

test('the tree gives back the text it was read from', () => {
  const texts = [
    TEXT,
    '{{a|b=c|{{{d|e}}}|f = g}}<ref name="x">y</ref><ref/><nowiki>[[z]]</nowiki><noinclude>n</noinclude>',
    '<!-- open comment\n== h ==',
    '<pre>unclosed\n{{x',
    '=== only ===\n{{{{{a}}}}}\n<includeonly>i</includeonly>',
  ];
  for (const text of texts) assert.equal(preprocessToTree(text).map(nodeSource).join(''), text);
});
