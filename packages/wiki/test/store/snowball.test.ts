/**
 * The faster calling of the Snowball stemmers gives the package's own stems: every algorithm,
 * compared word by word with the package's plain stemmer on the words of sample dumps (a
 * Wiktionary sample with words of many languages and scripts, a German one, a Latgalian one).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import snowball from 'snowball-stemmers';
import { words } from '../../src/store/search-text.js';
import { fastStemmer, packageStemmer } from '../../src/store/snowball.js';

const dumps = join(import.meta.dirname, '../fixtures/dumps');

function dumpWords(file: string): string[] {
  return words(gunzipSync(readFileSync(join(dumps, file))).toString('utf8'));
}

const nonAscii = (word: string) => /[^a-z0-9]/.test(word);
const wiktionary = dumpWords('enwiktionary-20150224-pages-articles-sample300.xml.gz');
const sample = [
  ...new Set([
    // Words in many scripts, and some in Latin letters.
    ...wiktionary.filter((word, i) => nonAscii(word) || i % 40 === 0),
    ...dumpWords('dewiktionary-20080617-sample5.xml.gz'),
    // Latgalian words in Latin script with many diacritics.
    ...dumpWords('ltgwiki-pages-articles-sample2004.xml.gz').filter((word, i) => nonAscii(word) && i % 10 === 0),
  ]),
];

test('the sample holds words of many scripts', () => {
  assert.ok(sample.length > 10_000, `${sample.length} words`);
  for (const script of [
    /\p{Script=Cyrillic}/u,
    /\p{Script=Arabic}/u,
    /\p{Script=Greek}/u,
    /\p{Script=Armenian}/u,
    /\p{Script=Tamil}/u,
    /[äöüß]/,
  ]) {
    assert.ok(
      sample.some((w) => script.test(w)),
      `no word matches ${script}`,
    );
  }
});

for (const algorithm of snowball.algorithms()) {
  test(`${algorithm}: the same stems as the package's own stemmer`, () => {
    const fast = fastStemmer(algorithm);
    const plain = packageStemmer(algorithm);
    // Not the package's stemmer it falls back to when its objects are not as expected.
    assert.equal(fast.direct, true);
    const differing: string[] = [];
    let changed = 0;
    for (const word of sample) {
      const expected = plain.stem(word);
      if (expected !== word) changed++;
      if (fast.stem(word) !== expected) differing.push(word);
    }
    assert.deepEqual(differing.slice(0, 10), [], `${differing.length} words stem differently`);
    // The comparison means something only if the algorithm changed some of the words (the
    // sample holds few words of some scripts: Tamil, Armenian).
    assert.ok(changed >= 15, `only ${changed} words were changed by ${algorithm}`);
  });
}
