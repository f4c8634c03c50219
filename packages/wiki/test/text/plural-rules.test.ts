import assert from 'node:assert/strict';
import { test } from 'node:test';
import { languageFacts } from '../../src/site/mediawiki/language-facts.js';
import { numberSymbols } from '../../src/site/number-format.js';
import { pluralCount, pluralFormIndex } from '../../src/text/plural-rules.js';

/** The form each count gets, among `forms` forms, as MediaWiki 1.39 picks them for these languages. */
const pick = (language: string, forms: number, counts: number[]) =>
  counts.map((n) => pluralFormIndex(n, languageFacts(language).pluralRules, forms));
/** The form of one count. */
const form = (n: number, language: string, forms: number) =>
  pluralFormIndex(n, languageFacts(language).pluralRules, forms);

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

test("a language without rules of its own has its fallbacks' (Egyptian Arabic Arabic's); an unknown code English's", () => {
  assert.deepEqual(pick('roa-tara', 2, [1, 2]), [0, 1]);
  assert.deepEqual(pick('x', 2, [1, 2]), [0, 1]);
  // MediaWiki: `{{PLURAL:1|وسيط غير معترف به|وسائط غير معترف بها}}` in Egyptian Arabic is the second.
  assert.deepEqual(pick('arz', 2, [0, 1, 2]), [0, 1, 1]);
});

test('MediaWiki 1.39\'s CLDR, not the runtime\'s: Spanish, French and Italian have no "many" there', () => {
  // The runtime's newer CLDR adds "many" (1,000,000) before "other"; MediaWiki's third form is none.
  assert.deepEqual(pick('es', 3, [1, 2, 1000000]), [0, 1, 1]);
  assert.deepEqual(pick('fr', 3, [0, 1, 2, 1000000]), [0, 0, 1, 1]);
  assert.deepEqual(pick('it', 3, [1, 5, 1000000]), [0, 1, 1]);
  // Fraction digits count (v, f, t): English 1.5 is "other", Slovenian and Russian by their rules.
  assert.equal(form(1.5, 'en', 2), 1);
  assert.deepEqual(pick('ru', 4, [1.5, 21, 22]), [3, 0, 1]);
});

test('the count as the language writes it, read as PHP reads a number', () => {
  // MediaWiki 1.39's `{{PLURAL:}}` on a German wiki picks the "one" form for 1, " 1 ", -1, +1 and
  // 1e0, and "other" for 1.000, 1,5, 1.0, 0x1, abc and nothing.
  const german = ['1', ' 1 ', '-1', '+1', '1e0', '1.000', '1,5', '1.0', '0x1', 'abc', ''].map((t) =>
    form(pluralCount(t, numberSymbols('de')), 'de', 2),
  );
  assert.deepEqual(german, [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
  assert.equal(pluralCount('1,234.5', numberSymbols('en')), 1234.5);
  assert.equal(pluralCount('1.234,5', numberSymbols('de')), 1234.5);
  // Arabic writes its own digits and separators; 1 is its second rule's ("zero" comes first), so of
  // two forms MediaWiki picks the second (`وسائط غير معترف بها: formatversion.`).
  assert.equal(pluralCount('١٬٢٣٤٫٥', numberSymbols('ar')), 1234.5);
  assert.equal(form(pluralCount('١', numberSymbols('ar')), 'ar', 2), 1);
  assert.equal(pluralCount('۲۱', numberSymbols('fa')), 21);
});

test('a language with no plural rule of its own (only "other") takes its fallbacks\', else English\'s, as MediaWiki 1.39', () => {
  // MediaWiki: Korean, Japanese, Chinese convertPlural(2, [a, b]) is b, convertPlural(1, [a, b]) a.
  for (const language of ['ko', 'ja', 'zh', 'vi', 'th']) {
    assert.equal(form(2, language, 2), 1, language);
    assert.equal(form(1, language, 2), 0, language);
  }
  // One form only: that form, whatever the number.
  assert.equal(form(2, 'ko', 1), 0);
});
