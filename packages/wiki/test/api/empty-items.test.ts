/**
 * Items with no property asked for: MediaWiki marks the items of some modules as objects, so that
 * formatversion 1 prints them `{}`, where an empty PHP array prints `[]`; and meta=tokens without
 * a type gives an empty object.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useReferenceApi } from '../helpers/reference-api.js';

describeEachEngine('empty items in formatversion 1', (engine) => {
  const api = useReferenceApi(engine);
  const v1 = (params: Record<string, string>) => api().query({ formatversion: '1', ...params });

  test('exturlusage, categorymembers, logevents and pageswithprop items are {}', async () => {
    const cases: [string, Record<string, string>][] = [
      ['exturlusage', { list: 'exturlusage', euprop: '', eulimit: '2' }],
      ['categorymembers', { list: 'categorymembers', cmtitle: 'Kategorie:Stadt', cmprop: '', cmlimit: '2' }],
      ['logevents', { list: 'logevents', leprop: '', lelimit: '2' }],
      ['pageswithprop', { list: 'pageswithprop', pwppropname: 'defaultsort', pwpprop: '', pwplimit: '2' }],
    ];
    for (const [name, params] of cases) {
      assert.deepEqual((await v1(params)).query[name], [{}, {}], name);
    }
  });

  test('languageinfo with no property gives each language as {}', async () => {
    const answer = await v1({ meta: 'languageinfo', liprop: '', licode: 'de|en' });
    assert.deepEqual(answer.query.languageinfo, { de: {}, en: {} });
  });

  test('meta=tokens with no type is an empty object', async () => {
    assert.deepEqual((await v1({ meta: 'tokens', type: '' })).query.tokens, {});
  });
});

describeEachEngine('empty items in formatversion 2', (engine) => {
  const api = useReferenceApi(engine);
  const v2 = (params: Record<string, string>) => api().query({ formatversion: '2', ...params });

  test('an item that is no map prints as [] when it has nothing to show', async () => {
    // Albert_Einstein's one redirect has no fragment; Berlin's has one.
    const answer = await v2({ prop: 'redirects', rdprop: 'fragment', titles: 'Albert Einstein|Berlin' });
    const byTitle = Object.fromEntries(answer.query.pages.map((p: { title: string }) => [p.title, p]));
    assert.deepEqual(byTitle['Albert Einstein'].redirects, [[]]);
    assert.deepEqual(byTitle.Berlin.redirects, [{ fragment: 'Geschichte' }]);
  });

  test('items MediaWiki types as maps stay {}', async () => {
    const answer = await v2({ list: 'exturlusage', euprop: '', eulimit: '2' });
    assert.deepEqual(answer.query.exturlusage, [{}, {}]);
    assert.deepEqual((await v2({ meta: 'tokens', type: '' })).query.tokens, {});
  });
});

test('formatversion 2 looks for empty objects to print as [] only where the answer may hold one', async () => {
  const { toJsonBody } = await import('../../src/api/format/json.js');
  const { assoc } = await import('../../src/api/result/tree.js');
  const answer = () => ({ items: [{}, assoc({})], map: assoc({}) });
  const print = (mayHoldEmptyNonMap?: boolean) =>
    String(toJsonBody(answer(), { formatVersion: 2, escapeNonAscii: false, pretty: false, mayHoldEmptyNonMap }));
  // Not known: looked for, and the empty object that is no map printed as PHP prints an empty array.
  assert.equal(print(), '{"items":[[],{}],"map":{}}');
  assert.equal(print(true), '{"items":[[],{}],"map":{}}');
  // Counted as holding none (an answer of empty maps only): printed once, as it is.
  assert.equal(print(false), '{"items":[{},{}],"map":{}}');
});
