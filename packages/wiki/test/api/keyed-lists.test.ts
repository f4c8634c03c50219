/**
 * Keyed lists (result/tree.ts) in every printer: a list whose keys are whole numbers, the largest n - 1, prints as
 * MediaWiki prints such an array where its type lets PHP decide (an array, in key order, without
 * `_idx` in XML); any other keys print keyed.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toJson } from '../../src/api/format/json.js';
import { toPhp } from '../../src/api/format/php.js';
import { toXml } from '../../src/api/format/xml.js';
import { KeyedList, type KeyedListMode, withContent } from '../../src/api/result/tree.js';

function keyed(mode: KeyedListMode, keys: number[]): KeyedList {
  const out = new KeyedList('rev', mode);
  for (const key of keys) out.set(key, { revid: key });
  return out;
}

const json = (value: KeyedList, formatVersion: 1 | 2) =>
  toJson({ badrevids: value }, { formatVersion, escapeNonAscii: false, pretty: false });

test('a default list is an array in both JSON versions when its keys are 0..n-1, in key order', () => {
  for (const formatVersion of [1, 2] as const) {
    assert.equal(json(keyed('default', [0]), formatVersion), '{"badrevids":[{"revid":0}]}');
    assert.equal(json(keyed('default', [1, 0]), formatVersion), '{"badrevids":[{"revid":0},{"revid":1}]}');
    assert.equal(
      json(keyed('default', [0, 99999]), formatVersion),
      '{"badrevids":{"0":{"revid":0},"99999":{"revid":99999}}}',
    );
  }
});

test('bcarray and bcassoc lists follow the same rule in formatversion 1 only', () => {
  assert.equal(json(keyed('bcarray', [0, 1]), 1), '{"badrevids":[{"revid":0},{"revid":1}]}');
  assert.equal(json(keyed('bcarray', [-1, 5]), 1), '{"badrevids":{"-1":{"revid":-1},"5":{"revid":5}}}');
  assert.equal(json(keyed('bcarray', [5, -1]), 2), '{"badrevids":[{"revid":-1},{"revid":5}]}');
  assert.equal(json(keyed('bcassoc', [0, 1]), 1), '{"badrevids":[{"revid":0},{"revid":1}]}');
  assert.equal(json(keyed('bcassoc', [0, 1]), 2), '{"badrevids":{"0":{"revid":0},"1":{"revid":1}}}');
  assert.equal(json(keyed('assoc', [0]), 1), '{"badrevids":{"0":{"revid":0}}}');
});

test('XML leaves out _idx where the list is an array, but for bcassoc and assoc lists', () => {
  const xml = (value: KeyedList) => toXml({ badrevids: value }).replace(/^<\?xml[^>]*\?>/, '');
  assert.equal(xml(keyed('default', [0])), '<api><badrevids><rev revid="0" /></badrevids></api>');
  assert.equal(xml(keyed('bcarray', [0, 1])), '<api><badrevids><rev revid="0" /><rev revid="1" /></badrevids></api>');
  assert.equal(xml(keyed('bcarray', [-1])), '<api><badrevids><rev _idx="-1" revid="-1" /></badrevids></api>');
  assert.equal(xml(keyed('bcassoc', [0])), '<api><badrevids><rev _idx="0" revid="0" /></badrevids></api>');
});

test('whole-number keys whose largest is n - 1 make an array too: a missing title beside page 1', () => {
  // MediaWiki 1.39 prints titles=Gibtsnicht|Hauptseite (keys -1 and 1) and three titles of keys
  // -2, -1 and 2 as arrays, in key order; keys -1 and 2 stay keyed.
  assert.equal(json(keyed('bcarray', [-1, 1]), 1), '{"badrevids":[{"revid":-1},{"revid":1}]}');
  assert.equal(json(keyed('bcarray', [-1, -2, 2]), 1), '{"badrevids":[{"revid":-2},{"revid":-1},{"revid":2}]}');
  assert.equal(json(keyed('bcarray', [-1, 2]), 1), '{"badrevids":{"-1":{"revid":-1},"2":{"revid":2}}}');
  const xml = toXml({ badrevids: keyed('bcarray', [-1, -2, 2]) }).replace(/^<\?xml[^>]*\?>/, '');
  assert.equal(xml, '<api><badrevids><rev revid="-2" /><rev revid="-1" /><rev revid="2" /></badrevids></api>');
});

test('an empty text prints as a short element with its spaces kept, as MediaWiki writes it', () => {
  const xml = toXml({ ns: withContent({ id: 0, '*': '' }, '*') }).replace(/^<\?xml[^>]*\?>/, '');
  assert.equal(xml, '<api><ns id="0" xml:space="preserve" /></api>');
});

test('PHP serialisation gives a list with keys 0..n-1 its items in key order', () => {
  assert.equal(toPhp(keyed('default', [1, 0]), 1), 'a:2:{i:0;a:1:{s:5:"revid";i:0;}i:1;a:1:{s:5:"revid";i:1;}}');
});

test('XML names: keys that are no XML name are mangled as MediaWiki mangles them', () => {
  const xml = toXml({
    actions: {
      ä: true,
      'a.b': true,
      '1x': true,
      'x:y': true,
      'a b': true,
      Ä·: true,
      '·a': true,
      'a.:b': true,
      '': true,
    },
  }).replace(/^<\?xml[^>]*\?>/, '');
  assert.equal(xml, '<api><actions ä="" a.b="" _1x="" _x.3A.y="" _a.20.b="" Ä·="" _·a="" _a.2E..3A.b="" _="" /></api>');
});

test('XML prints no attribute for a null, as MediaWiki leaves it out', () => {
  const xml = toXml({ databaseResult: { page_namespace: null, page_title: 'X' } }).replace(/^<\?xml[^>]*\?>/, '');
  assert.equal(xml, '<api><databaseResult page_title="X" /></api>');
});
