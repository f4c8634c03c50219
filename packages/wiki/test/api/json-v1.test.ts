/**
 * The native formatversion 1 printer (json-v1.ts) against the value-by-value printer it stands in
 * for: the same bytes for hand-picked trees and for thousands of random ones.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toJson, toJsonBody } from '../../src/api/format/json.js';
import {
  assoc,
  BC_BOOLS,
  CONTENT,
  KeyedList,
  type KeyedListMode,
  keepBooleans,
  list,
  namedList,
  type ResultObject,
  type ResultValue,
  withContent,
} from '../../src/api/result/tree.js';

/** Both printers' formatversion 1 output (ASCII-escaped, or UTF-8 as `utf8=1` asks). */
function both(root: ResultValue, escapeNonAscii: boolean): [reference: string, native: string] {
  const options = { formatVersion: 1 as const, escapeNonAscii, pretty: false };
  return [toJson(root, options), String(toJsonBody(root, { ...options, mayHoldPrepared: false }))];
}

function assertSame(root: ResultValue, label = '') {
  for (const escapeNonAscii of [true, false]) {
    const [reference, native] = both(root, escapeNonAscii);
    assert.equal(native, reference, `${label} (escapeNonAscii ${escapeNonAscii})`);
  }
}

test('content keys, booleans kept or not, empty objects and lists print as formatversion 1 does', () => {
  const pages = new KeyedList('page');
  pages.set(236, { pageid: 236, title: 'Zürich', missing: false, new: true });
  pages.set(12, withContent({ title: 'B', text: 'x' }, 'text'));
  pages.set(-1, { title: 'Fehlt', missing: true });
  const namespaces = new KeyedList('ns', 'assoc');
  for (const id of [-2, -1, 0, 1]) namespaces.set(id, { id, subpages: id > 0 });
  const thumbs = new KeyedList('limit', 'bcassoc');
  thumbs.set(0, 120);
  thumbs.set(1, 150);
  const root: ResultObject = {
    batchcomplete: true,
    query: {
      pages,
      namespaces,
      thumbs,
      empty: {},
      emptyList: new KeyedList('x'),
      onlyFalse: { a: false, b: undefined },
      kept: keepBooleans({ yes: true, no: false, other: false }, ['yes', 'no']),
      list: list('item', [true, false, null, 1.5, 'a\u2028b', '"\\\n\t\u0001', 'Straße 😀']),
      assocEmpty: assoc({}),
      numbers: { nan: Number.NaN, inf: Number.POSITIVE_INFINITY, negZero: -0, big: 1e21 },
    },
  };
  assertSame(root);
  const [reference] = both(root, true);
  // The page keys stay in insertion order (an object would list 12 before 236).
  assert.ok(reference.indexOf('"236"') < reference.indexOf('"12"'));
  assert.match(reference, /"namespaces":\{"-2":.*"-1":.*"0":.*"1":/);
  // Kept booleans print as booleans, as MediaWiki's backward-compatible form leaves them.
  assert.match(reference, /"kept":\{"yes":true,"no":false\}/);
});

test('a list of names and numbers converts its booleans before it is seen to be a list or not', () => {
  const named = (entries: [string, ResultValue][]) => {
    const map = namedList();
    for (const [key, value] of entries) map.set(key, value);
    return map;
  };
  const root: ResultObject = {
    mixed: named([
      ['edit', false],
      ['1', true],
      ['0', [1]],
      ['read', true],
    ]),
    refused: named([
      ['1', false],
      ['read', false],
    ]),
    sequential: named([
      ['1', 'b'],
      ['0', 'a'],
    ]),
  };
  assertSame(root);
  assert.equal(both(root, true)[0], '{"mixed":{"1":"","0":[1],"read":""},"refused":[],"sequential":["a","b"]}');
});

test('formatversion 2 prints keyed lists in their order; elsewhere they stringify as plain objects', () => {
  const namespaces = new KeyedList('ns', 'assoc');
  for (const id of [-2, -1, 0, 1, 4]) namespaces.set(id, { id });
  const limits = new KeyedList('limit', 'bcassoc');
  limits.set(236, 'a');
  limits.set(12, 'b');
  const root = { query: { namespaces, limits } };
  const expected =
    '{"query":{"namespaces":{"-2":{"id":-2},"-1":{"id":-1},"0":{"id":0},"1":{"id":1},"4":{"id":4}},"limits":{"236":"a","12":"b"}}}';
  for (const escapeNonAscii of [false, true]) {
    for (const mayHoldPrepared of [false, true]) {
      const printed = toJsonBody(root, { formatVersion: 2, escapeNonAscii, pretty: false, mayHoldPrepared });
      assert.equal(String(printed), expected);
    }
  }
  // Outside the printers a keyed list is an ordinary object (no prefixed keys leak out).
  assert.equal(JSON.stringify(limits), '{"12":"b","236":"a"}');
});

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STRINGS = [
  '',
  'a',
  'Köln',
  '*',
  'x y',
  '"q"',
  'back\\slash',
  'tab\t',
  '\u2029',
  '日本',
  '😀',
  '\u0000',
  'ctl\u001f',
];
const KEYS = ['0', '1', '7', '10', '236', '-1', '01', 'a', 'b', '*', 'title', '4294967295', '4294967294', 'ns'];

function tree(next: () => number, depth: number): ResultValue {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const kind = depth <= 0 ? Math.floor(next() * 4) : Math.floor(next() * 8);
  switch (kind) {
    case 0:
      return pick(STRINGS);
    case 1:
      return pick([0, -1, 1.25, -0, Number.NaN, 1e300, 42]);
    case 2:
      return next() < 0.5;
    case 3:
      return null;
    case 4:
    case 5: {
      const object: ResultObject = {};
      const size = Math.floor(next() * 5);
      for (let i = 0; i < size; i++) object[pick(KEYS)] = next() < 0.1 ? undefined : tree(next, depth - 1);
      if (next() < 0.3) object[CONTENT] = pick(KEYS);
      if (next() < 0.3) object[BC_BOOLS] = [pick(KEYS), pick(KEYS)];
      return object;
    }
    case 6: {
      const items: ResultValue[] = [];
      const size = Math.floor(next() * 4);
      for (let i = 0; i < size; i++) items.push(tree(next, depth - 1));
      return list('item', items);
    }
    default: {
      const keyed = new KeyedList('entry', pick<KeyedListMode>(['bcarray', 'bcassoc', 'assoc', 'default']));
      const size = Math.floor(next() * 5);
      for (let i = 0; i < size; i++) keyed.set(pick(KEYS), tree(next, depth - 1));
      return keyed;
    }
  }
}

/**
 * Whether an object holds a `*` key beside another content key: the reference printer then prints
 * `*` twice, which no module's tree does and a JSON object cannot hold.
 */
function starClash(value: ResultValue | undefined): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(starClash);
  if (value instanceof KeyedList) return [...value.entries.values()].some(starClash);
  const content = value[CONTENT];
  if (content !== undefined && content !== '*' && value[content] !== undefined && value['*'] !== undefined) return true;
  return Object.values(value).some(starClash);
}

test('random trees print the same bytes through both printers', () => {
  const next = random(20261126);
  for (let i = 0; i < 5000; i++) {
    const root = tree(next, 5);
    if (starClash(root)) continue;
    assertSame(root, `tree ${i}`);
  }
});
