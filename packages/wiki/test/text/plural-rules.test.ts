import assert from 'node:assert/strict';
import { test } from 'node:test';
import { numberSymbols } from '../../src/site/number-format.js';
import { pluralCount, pluralFormIndex } from '../../src/text/plural-rules.js';

/** The form each count gets, among `forms` forms, as MediaWiki 1.39 picks them for these languages. */
const pick = (language: string, forms: number, counts: number[]) =>
  counts.map((n) => pluralFormIndex(n, language, forms));

test('German and English: one, then other', () => {
  assert.deepEqual(pick('de', 2, [0, 1, 2, 21]), [1, 0, 1, 1]);
  assert.deepEqual(pick('en', 2, [0, 1, 2]), [1, 0, 1]);
  // Fewer forms than the language has: the last one written.
  assert.deepEqual(pick('en', 1, [1, 5]), [0, 0]);
});

test('Slavic languages: one, few, many in that order', () => {
  assert.deepEqual(pick('ru', 3, [1, 3, 5, 11, 21, 22, 25, 111]), [0, 1, 2, 2, 0, 1, 2, 2]);
  assert.deepEqual(pick('pl', 3, [1, 2, 5, 12, 22, 1000000]), [0, 1, 2, 2, 1, 2]);
  assert.deepEqual(pick('be-tarask', 3, [1, 2, 5, 11]), [0, 1, 2, 2]);
  assert.deepEqual(pick('sr-el', 3, [1, 2, 5]), [0, 1, 2]);
  // Two forms given for three rules: "many" falls to the last.
  assert.deepEqual(pick('ru', 2, [1, 3, 5]), [0, 1, 1]);
});

test('Arabic: zero, one, two, few, many, other', () => {
  assert.deepEqual(pick('ar', 6, [0, 1, 2, 3, 11, 100]), [0, 1, 2, 3, 4, 5]);
});

test('a code ICU does not know takes its first part, else English', () => {
  assert.deepEqual(pick('roa-tara', 2, [1, 2]), [0, 1]);
  assert.deepEqual(pick('x', 2, [1, 2]), [0, 1]);
});

test('the count as the language writes it, read as PHP reads a number', () => {
  // MediaWiki 1.39's `{{PLURAL:}}` on a German wiki picks the "one" form for 1, " 1 ", -1, +1 and
  // 1e0, and "other" for 1.000, 1,5, 1.0, 0x1, abc and nothing.
  const german = ['1', ' 1 ', '-1', '+1', '1e0', '1.000', '1,5', '1.0', '0x1', 'abc', ''].map((t) =>
    pluralFormIndex(pluralCount(t, numberSymbols('de')), 'de', 2),
  );
  assert.deepEqual(german, [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
  assert.equal(pluralCount('1,234.5', numberSymbols('en')), 1234.5);
  assert.equal(pluralCount('1.234,5', numberSymbols('de')), 1234.5);
  // Arabic writes its own digits and separators; 1 is its second rule's ("zero" comes first), so of
  // two forms MediaWiki picks the second (`وسائط غير معترف بها: formatversion.`).
  assert.equal(pluralCount('١٬٢٣٤٫٥', numberSymbols('ar')), 1234.5);
  assert.equal(pluralFormIndex(pluralCount('١', numberSymbols('ar')), 'ar', 2), 1);
  assert.equal(pluralCount('۲۱', numberSymbols('fa')), 21);
});

test('a language with no plural rule of its own (only "other") takes its fallbacks\', else English\'s, as MediaWiki 1.39', () => {
  // MediaWiki: Korean, Japanese, Chinese convertPlural(2, [a, b]) is b, convertPlural(1, [a, b]) a.
  for (const language of ['ko', 'ja', 'zh', 'vi', 'th']) {
    assert.equal(pluralFormIndex(2, language, 2), 1, language);
    assert.equal(pluralFormIndex(1, language, 2), 0, language);
  }
  // One form only: that form, whatever the number.
  assert.equal(pluralFormIndex(2, 'ko', 1), 0);
});
