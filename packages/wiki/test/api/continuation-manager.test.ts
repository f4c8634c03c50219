import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ContinuationManager } from '../../src/api/continuation.js';
import type { ResultObject } from '../../src/api/result/tree.js';

test('while prop modules continue, a generator re-runs with its non-continue value instead of its request value', () => {
  const manager = new ContinuationManager({ grncontinue: '0.5|0.5|0|0' }, true);
  manager.register('links', true);
  manager.set('links', 'plcontinue', '12|0|Berlin');
  manager.setGenerator('grncontinue', '0.5|0.7|99|0');
  manager.setGeneratorNonContinue('grncontinue', '0.5|0.6|42|0');
  const result: ResultObject = {};
  manager.writeInto(result);
  assert.deepEqual(result.continue, {
    plcontinue: '12|0|Berlin',
    grncontinue: '0.5|0.6|42|0',
    continue: 'grncontinue||',
  });
  assert.equal(result.batchcomplete, undefined);
});

test('when the batch is complete, the generator moves on with its continue value', () => {
  const manager = new ContinuationManager({}, true);
  manager.register('info', true);
  manager.setGenerator('grncontinue', '0.5|0.7|99|0');
  manager.setGeneratorNonContinue('grncontinue', '0.5|0.6|42|0');
  const result: ResultObject = {};
  manager.writeInto(result);
  assert.equal((result.continue as ResultObject).grncontinue, '0.5|0.7|99|0');
  assert.equal(result.batchcomplete, true);
});

test('numeric continuation values stay numbers', () => {
  const manager = new ContinuationManager({}, false);
  manager.register('prefixsearch', false);
  manager.set('prefixsearch', 'psoffset', 10);
  const result: ResultObject = {};
  manager.writeInto(result);
  assert.deepEqual(result.continue, { psoffset: 10, continue: '-||' });
});
