/**
 * The content cache: hits only while the stored SHA-1 matches, least recently used texts go first
 * when the budget is spent.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ContentCache, RevisionSlotCache } from '../../src/store/content-cache.js';

test('a text is served while its SHA-1 matches', () => {
  const cache = new ContentCache(100);
  cache.set(1, 'aaa', 'eins');
  assert.equal(cache.get(1, 'aaa'), 'eins');
  assert.equal(cache.get(1, 'bbb'), undefined);
  assert.equal(cache.get(2, 'aaa'), undefined);
});

test('the least recently used texts are dropped when the budget is spent', () => {
  const cache = new ContentCache(10);
  cache.set(1, 's1', 'aaaa');
  cache.set(2, 's2', 'bbbb');
  assert.equal(cache.get(1, 's1'), 'aaaa');
  cache.set(3, 's3', 'cccc');
  assert.equal(cache.get(2, 's2'), undefined);
  assert.equal(cache.get(1, 's1'), 'aaaa');
  assert.equal(cache.get(3, 's3'), 'cccc');
  cache.set(4, 's4', 'x'.repeat(11));
  assert.equal(cache.get(4, 's4'), undefined);
});

test("a revision's slots are kept only with a SHA-1 to check them against", () => {
  const cache = new RevisionSlotCache(2);
  const slot = {
    slot_revision_id: 5,
    slot_role: 'main',
    content_id: 9,
    content_size: 3,
    content_sha1: 'x',
    content_model: 'wikitext',
  };
  cache.set(5, '', [slot]);
  assert.equal(cache.get(5, ''), undefined);
  cache.set(5, 'abc', [slot]);
  assert.deepEqual(cache.get(5, 'abc'), [slot]);
  assert.equal(cache.get(5, 'abd'), undefined);
  cache.set(6, 'a', []);
  cache.set(7, 'b', []);
  assert.equal(cache.get(5, 'abc'), undefined);
});
