/**
 * Reading stored log parameters: PHP's serialize() format (byte-counted strings), legacy lines,
 * and block durations as PHP's strtotime reads them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RequestState } from '../../src/api/request-state.js';
import { KNOWN_SIZE } from '../../src/api/result/tree.js';
import {
  blockExpiry,
  logParamsForApi,
  PhpArray,
  phpUnserialize,
  storedLogParams,
} from '../../src/modules/support/log-params.js';
import { TitleCodec } from '../../src/site/title.js';
import { germanSite } from '../helpers/german-site.js';

test('serialized values: strings counted in bytes, nested arrays, booleans, null, numbers', () => {
  const value = phpUnserialize('a:4:{s:9:"4::target";s:5:"Köln";i:0;b:1;s:1:"n";N;s:1:"a";a:1:{i:0;d:1.5;}}');
  assert.ok(value instanceof PhpArray);
  assert.equal(value.get('4::target'), 'Köln');
  assert.equal(value.get(0), true);
  assert.equal(value.get('n'), null);
  const nested = value.get('a');
  assert.ok(nested instanceof PhpArray && nested.isList());
  assert.deepEqual(nested.values(), [1.5]);
});

test('malformed or truncated input is unreadable rather than half read', () => {
  assert.equal(phpUnserialize('a:1:{s:9:"4::target";s:9:"Köln";}'), undefined);
  assert.equal(phpUnserialize('a:2:{i:0;i:1;}'), undefined);
  assert.equal(phpUnserialize('O:8:"stdClass":0:{}'), undefined);
  assert.equal(phpUnserialize('i:1;trailing'), undefined);
});

test('entries before 1.19 keep their parameters as lines', () => {
  assert.deepEqual(storedLogParams('Ziel\n1').entries, [
    [0, 'Ziel'],
    [1, '1'],
  ]);
  assert.deepEqual(storedLogParams('').entries, []);
});

test('block durations: relative units, calendar months, points in time, and no end', () => {
  const start = new Date('2026-01-31T10:00:00Z');
  assert.equal(blockExpiry('1 week', start)?.toISOString(), '2026-02-07T10:00:00.000Z');
  assert.equal(blockExpiry('2 hours 30 minutes', start)?.toISOString(), '2026-01-31T12:30:00.000Z');
  // PHP carries an overflowing day into the next month: 31 January plus a month is 3 March.
  assert.equal(blockExpiry('1 month', start)?.toISOString(), '2026-03-03T10:00:00.000Z');
  assert.equal(blockExpiry('2030-01-01T00:00:00Z', start)?.toISOString(), '2030-01-01T00:00:00.000Z');
  assert.equal(blockExpiry('20300101000000', start)?.toISOString(), '2030-01-01T00:00:00.000Z');
  assert.equal(blockExpiry('infinity', start), undefined);
  assert.equal(blockExpiry('indefinite', start), undefined);
  assert.equal(blockExpiry('3 fortnights ago-ish', start), undefined);
});

test('the API params of an entry are remembered by log id, and made again when the entry differs', () => {
  const titles = new TitleCodec(germanSite());
  const entry = { type: 'move', action: 'move', timestamp: '20260101000000', titles, id: 7 };
  const blob = 'a:2:{s:9:"4::target";s:5:"Köln";s:10:"5::noredir";s:1:"0";}';
  const first = logParamsForApi(entry, blob);
  assert.deepEqual(JSON.parse(JSON.stringify(first)), { target_ns: 0, target_title: 'Köln', suppressredirect: false });
  assert.equal(logParamsForApi({ ...entry }, blob), first);
  assert.ok(Object.isFrozen(first));
  // The same id with other parameters (another store, or the entry replaced) is not the same answer.
  const other = logParamsForApi(entry, 'a:1:{s:9:"4::target";s:4:"Bonn";}');
  assert.equal(other.target_title, 'Bonn');
  assert.equal(logParamsForApi({ ...entry, timestamp: '20260101000001' }, blob).target_title, 'Köln');
  // Entries without an id are remembered by their fields.
  const { id: _, ...withoutId } = entry;
  assert.equal(logParamsForApi(withoutId, blob), logParamsForApi(withoutId, blob));
});

test('a shared params object counts into the result size as its bytes, recorded once', () => {
  const titles = new TitleCodec(germanSite());
  const params = logParamsForApi(
    { type: 'move', action: 'move', timestamp: '20260101000000', titles, id: 8 },
    'a:1:{s:9:"4::target";s:5:"Köln";}',
  );
  // "0" (namespace 0), "Köln" in UTF-8 (5 bytes) and "false".
  assert.equal(params[KNOWN_SIZE], 11);
  const state = new RequestState(
    { get: () => undefined } as never,
    { site: germanSite({ settings: { APIMaxResultSize: 20 } }) } as never,
    { rights: new Set() } as never,
    'GET',
    '',
  );
  assert.equal(state.fits('logevents', { params }), true);
  assert.equal(state.fits('logevents', { params }), false);
});
