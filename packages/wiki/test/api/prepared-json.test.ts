/**
 * Prepared JSON texts: an answer that splices in registered texts prints exactly the bytes that
 * escaping them again would, and their sizes count the same.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { toJson } from '../../src/api/format/json.js';
import { toPhp } from '../../src/api/format/php.js';
import {
  forgetText,
  PREPARED_MIN_LENGTH,
  prepareText,
  printWithPrepared,
  SplicedJson,
  type TextHolder,
  utf8Length,
} from '../../src/api/format/prepared-json.js';
import { toXml } from '../../src/api/format/xml.js';
import { sharedPrinted } from '../../src/api/request-state.js';
import { assoc, list, PRINTED, type ResultObject, withContent } from '../../src/api/result/tree.js';
import { scalarBytes } from '../helpers/reference-api.js';

/** The answer as `printWithPrepared` prints it, as one string. */
const printed = (value: unknown) => String(printWithPrepared(value));

const long = (seed: string) => seed.repeat(Math.ceil(PREPARED_MIN_LENGTH / seed.length) + 1);

/** What formatversion 2 prints without the registry. */
function plain(value: unknown): string {
  return JSON.stringify(value).replace(/[\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16)}`);
}

test('registered texts are spliced in as the plain serialisation prints them', () => {
  const texts = [
    long('Zeile "eins"\n\tmit Ümlauten und \u2028 Trennern \\ '),
    long('[[Berlin]] {{Vorlage|a=1}} \u0000 '),
    long('short'),
  ];
  for (const text of texts) prepareText(text);
  try {
    const answer = {
      query: {
        pages: texts.map((content, i) => ({
          pageid: i,
          title: `T${i}`,
          revisions: [{ slots: { main: { content } } }],
        })),
        again: texts[0],
        small: 'x\u2029y',
      },
    };
    const expected = plain(answer);
    assert.equal(printed(answer), expected);
    assert.equal(toJson(answer, { formatVersion: 2, escapeNonAscii: false, pretty: false }), expected);
    assert.equal(utf8Length(texts[0] as string), Buffer.byteLength(texts[0] as string));
  } finally {
    for (const text of texts) forgetText(text);
  }
});

test('a string that looks like a marker is printed as itself', () => {
  const text = long('abc');
  prepareText(text);
  try {
    const answer = { a: text, b: '\u0000abc:0', c: '"\\u0000' };
    assert.equal(printed(answer), plain(answer));
  } finally {
    forgetText(text);
  }
});

test('formatversion 1 and ascii print registered texts as they print any other', () => {
  const text = long('Größe «x» \u2028 ok ');
  const copy = `${text.slice(0, 5)}${text.slice(5)}`;
  const answer = { query: { pages: { 5: { revisions: [{ '*': text }] } } } };
  const expected = [true, false].map((ascii) =>
    toJson(answer, { formatVersion: 1, escapeNonAscii: ascii, pretty: false }),
  );
  prepareText(copy);
  try {
    for (const [i, ascii] of [true, false].entries()) {
      assert.equal(toJson(answer, { formatVersion: 1, escapeNonAscii: ascii, pretty: false }), expected[i]);
    }
    assert.equal(
      toJson(answer, { formatVersion: 2, escapeNonAscii: true, pretty: false }),
      JSON.stringify(answer).replace(
        /[\u0080-\uffff]/g,
        (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
      ),
    );
  } finally {
    forgetText(copy);
  }
});

test('an answer holding registered texts is encoded to the bytes of its printed string, wrapped or not', () => {
  const texts = [long('Rīga ir Latvijas galvaspilsēta \u2028 "citāts" '), long('ASCII only text ')];
  for (const text of texts) prepareText(text);
  try {
    const answer = { first: texts[0], list: [texts[1], 'ā', texts[0]], last: 'ž' };
    const spliced = printWithPrepared(answer);
    assert.ok(spliced instanceof SplicedJson);
    assert.equal(String(spliced), plain(answer));
    assert.deepEqual(Buffer.concat(spliced.encodedParts()), Buffer.from(plain(answer)));
    // Encoded a second time from the texts' kept bytes.
    assert.deepEqual(Buffer.concat(spliced.encodedParts()), Buffer.from(plain(answer)));
    const wrapped = spliced.wrap('/**/cb(', ')');
    assert.equal(String(wrapped), `/**/cb(${plain(answer)})`);
    assert.deepEqual(Buffer.concat(wrapped.encodedParts()), Buffer.from(`/**/cb(${plain(answer)})`));
  } finally {
    for (const text of texts) forgetText(text);
  }
  assert.equal(typeof printWithPrepared({ a: texts[0] }), 'string');
});

test('with the holders counting found, texts are swapped for markers while printing and put back', () => {
  const texts = [long('Rīga ir Latvijas galvaspilsēta \u2028 "citāts" '), long('ASCII only text '), long('third ')];
  for (const text of texts) prepareText(text);
  try {
    const first = { content: texts[0] as string, model: 'wikitext' };
    const second = { content: texts[1] as string };
    const frozen = Object.freeze({ content: texts[2] as string });
    const changed = { content: texts[2] as string };
    const elsewhere = { content: texts[0] as string };
    const answer = { pages: [first, second, first, frozen, changed], list: [texts[1]], tail: 'ž' };
    const expected = plain(answer);
    const holders: Array<[Record<string, unknown>, string]> = [
      [first, 'content'],
      [second, 'content'],
      [first, 'content'], // counted twice
      [frozen, 'content'], // cannot be swapped: printed as it is
      [changed, 'content'],
      [elsewhere, 'content'], // not in the answer
      [first, 'model'], // not a registered text
    ];
    changed.content = 'changed after counting';
    const after = plain(answer);
    const spliced = printWithPrepared(answer, holders);
    assert.ok(spliced instanceof SplicedJson);
    assert.equal(String(spliced), after);
    assert.deepEqual(Buffer.concat(spliced.encodedParts()), Buffer.from(after));
    assert.notEqual(after, expected);
    // Every text is back where it was.
    assert.equal(first.content, texts[0]);
    assert.equal(second.content, texts[1]);
    assert.equal(elsewhere.content, texts[0]);
    assert.equal(changed.content, 'changed after counting');
    // An empty list of holders: nothing is looked for, and the bytes are the same.
    assert.equal(printWithPrepared(answer, []), after);
  } finally {
    for (const text of texts) forgetText(text);
  }
});

test('objects printed beforehand are spliced in as the plain serialisation prints them, in every format', () => {
  const texts = [long('geteilter Text "a"\n\u2028 Ümlaut '), long('zweiter Text ')];
  for (const text of texts) prepareText(text);
  try {
    const revision = () => ({
      revid: 236,
      user: 'Jürgen',
      anon: true,
      slots: assoc({ main: withContent({ contentmodel: 'wikitext', content: texts[0] as string }, 'content') }),
      roles: list('role', ['main']),
      note: `${long('not registered ')}\u2029`,
    });
    const other = () => ({ revid: 237, content: texts[1] as string, nested: { deeper: [texts[0] as string, 'ž'] } });
    const answerOf = (first: ResultObject, second: ResultObject) => ({
      query: {
        pages: [
          { pageid: 1, revisions: [first, second] },
          { pageid: 2, revisions: [first] },
          { pageid: 3, text: texts[1] as string },
        ],
      },
    });
    const shared = sharedPrinted(revision());
    const sharedOther = sharedPrinted(other());
    const answer = answerOf(shared, sharedOther);
    const fresh = answerOf(revision(), other());
    const expected = plain(fresh);
    assert.equal(plain(answer), expected, 'printed the ordinary way outside the JSON printer');

    // Spliced: with the counted holders, without them, and not told of the printed objects.
    const holders: TextHolder[] = [[answer.query.pages[2] as Record<string, unknown>, 'text']];
    for (const printedAnswer of [
      printWithPrepared(answer, [], true),
      printWithPrepared(answer, holders, true),
      printWithPrepared(answer),
      printWithPrepared(answer, [], false),
    ]) {
      assert.equal(String(printedAnswer), expected);
    }
    const spliced = printWithPrepared(answer, holders, true);
    assert.ok(spliced instanceof SplicedJson);
    assert.deepEqual(Buffer.concat(spliced.encodedParts()), Buffer.from(expected));
    // Five texts spliced in, four of them from the shared objects' printed forms (whose texts,
    // inside frozen objects, no holder could swap): eleven parts.
    assert.equal(spliced.encodedParts().length, 11);
    assert.deepEqual(gunzipSync(Buffer.concat(spliced.gzipParts())), Buffer.from(expected));
    assert.equal(String(spliced.wrap('/**/cb(', ')')), `/**/cb(${expected})`);

    // Frozen, with nothing more to see than before, and their size counted once.
    assert.ok(Object.isFrozen(shared) && Object.isFrozen(shared.slots) && Object.isFrozen(shared.slots.main));
    assert.deepEqual(Object.keys(shared), Object.keys(revision()));
    assert.equal((shared as ResultObject)[PRINTED]?.size, scalarBytes(revision()));
    assert.equal((sharedOther as ResultObject)[PRINTED]?.size, scalarBytes(other()));
    // A copy is an ordinary object: counted and printed afresh.
    const copy = { ...shared, user: 'Kopie' } as ResultObject;
    assert.equal(copy[PRINTED], undefined);
    assert.equal(JSON.stringify(copy), JSON.stringify({ ...revision(), user: 'Kopie' }));
    assert.throws(() => {
      (shared as Record<string, unknown>).user = 'x';
    }, TypeError);

    // The other printers print them as they print the same objects made afresh.
    for (const options of [
      { formatVersion: 1 as const, escapeNonAscii: false, pretty: false },
      { formatVersion: 1 as const, escapeNonAscii: true, pretty: false },
      { formatVersion: 2 as const, escapeNonAscii: true, pretty: false },
      { formatVersion: 2 as const, escapeNonAscii: false, pretty: true },
      { formatVersion: 1 as const, escapeNonAscii: false, pretty: false, mayHoldPrepared: false },
    ]) {
      assert.equal(toJson(answer, options), toJson(fresh, options), JSON.stringify(options));
    }
    assert.equal(toXml(answer, {}), toXml(fresh, {}));
    assert.equal(toPhp(answer, 2), toPhp(fresh, 2));
    assert.equal(toPhp(answer, 1), toPhp(fresh, 1));
  } finally {
    for (const text of texts) forgetText(text);
  }
});
