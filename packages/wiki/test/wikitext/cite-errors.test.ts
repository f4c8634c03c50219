import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasCiteErrors } from '../../src/wikitext/cite-errors.js';

test('Cite errors: a named reference without content anywhere, an empty one, a number for a name', () => {
  assert.equal(hasCiteErrors('a<ref name="x">source</ref> b<ref name="x" />'), false);
  assert.equal(hasCiteErrors('b<ref name="x" /> a<ref name=x>source</ref>'), false, 'defined after its use');
  assert.equal(hasCiteErrors('b<ref name="x" /><references><ref name="x">listed</ref></references>'), false);
  assert.equal(hasCiteErrors('b<ref name="x" />'), true, 'used, never given');
  assert.equal(hasCiteErrors('b<ref name="x" group="n" /> a<ref name="x">other group</ref>'), true);
  assert.equal(hasCiteErrors('a<ref></ref>'), true, 'neither name nor content');
  assert.equal(hasCiteErrors('a<ref name="1">numbered</ref>'), true);
  assert.equal(hasCiteErrors('<nowiki><ref name="x" /></nowiki> <references />'), false, 'inert inside nowiki');
  assert.equal(hasCiteErrors('no references at all'), false);
});
