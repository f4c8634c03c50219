/**
 * The continuation bookkeeping of action=query against the shapes MediaWiki answers with when
 * list, meta and prop modules and a generator run in one request (the golden cases name them).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ContinuationManager, parseContinue } from '../../src/api/continuation.js';
import { ApiError } from '../../src/api/errors.js';
import type { ResultObject } from '../../src/api/result/tree.js';

function written(manager: ContinuationManager): ResultObject {
  const result: ResultObject = {};
  manager.writeInto(result);
  return result;
}

test('lists that continue while meta modules finish: "-||" and the finished modules', () => {
  const m = new ContinuationManager({}, false);
  m.register('allpages', false);
  m.register('allcategories', false);
  m.register('siteinfo', false);
  m.register('userinfo', false);
  m.set('allpages', 'apcontinue', '20_godu_symts');
  m.set('allcategories', 'accontinue', '1499');
  assert.deepEqual(written(m), {
    batchcomplete: true,
    continue: { apcontinue: '20_godu_symts', accontinue: '1499', continue: '-||siteinfo|userinfo' },
  });
});

test('a generator with more pages and finished props: its own values, batch complete', () => {
  const m = new ContinuationManager({}, true);
  m.setGenerator('gapcontinue', 'A');
  assert.deepEqual(written(m), { batchcomplete: true, continue: { gapcontinue: 'A', continue: 'gapcontinue||' } });
});

test('a prop module that continues re-sends the generator parameters this request had', () => {
  const first = new ContinuationManager({}, true);
  first.register('categories', true);
  first.set('categories', 'clcontinue', '236|Stadt_in_Deutschland');
  first.setGenerator('gplcontinue', '248|0|Elbe');
  assert.deepEqual(written(first), { continue: { clcontinue: '236|Stadt_in_Deutschland', continue: '||' } });

  const later = new ContinuationManager({ gplcontinue: '248|0|Elbe' }, true);
  later.register('categories', true);
  later.set('categories', 'clcontinue', '251|Geographie');
  later.setGenerator('gplcontinue', '253|0|Rhein');
  assert.deepEqual(written(later), {
    continue: { clcontinue: '251|Geographie', gplcontinue: '248|0|Elbe', continue: 'gplcontinue||' },
  });
});

test('nothing left: batchcomplete and no continue block', () => {
  const m = new ContinuationManager({}, true);
  m.register('info', true);
  assert.deepEqual(written(m), { batchcomplete: true });
});

test('rawcontinue gives query-continue by module, generator values under the generator', () => {
  const m = new ContinuationManager({}, true);
  m.register('categories', true);
  m.set('categories', 'clcontinue', '1|X');
  m.setGenerator('gapcontinue', 'B');
  const result: ResultObject = {};
  m.writeRawInto(result, 'allpages');
  assert.deepEqual(result, { 'query-continue': { categories: { clcontinue: '1|X' }, allpages: { gapcontinue: 'B' } } });
});

test('the continue value is "<generator part>||<finished modules>", anything else is badcontinue', () => {
  assert.deepEqual(parseContinue('-||siteinfo|userinfo'), {
    skip: new Set(['siteinfo', 'userinfo']),
    generatorDone: true,
    present: true,
  });
  assert.equal(parseContinue('gapcontinue||').generatorDone, false);
  assert.equal(parseContinue(undefined).present, false);
  assert.throws(() => parseContinue('bogus'), ApiError);
  assert.throws(() => parseContinue('a||b||c'), ApiError);
});
