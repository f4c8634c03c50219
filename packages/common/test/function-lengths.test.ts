import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { functionLengths, overlongFunctions } from '../src/function-lengths.js';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const TSCONFIG = fileURLToPath(new URL('../tsconfig.json', import.meta.url));

test('no function of the common package is longer than 120 lines', async () => {
  const lengths = await functionLengths(TSCONFIG, SRC);
  assert.ok(lengths.some((f) => f.file === 'function-lengths.ts' && f.name === 'functionLengths'));
  assert.deepEqual(overlongFunctions(lengths, 120, {}), []);
});

test('a function over the bound is named with its file and line; a stale exception is named too', () => {
  const lengths = [
    { file: 'a.ts', line: 3, name: 'long', lines: 130 },
    { file: 'b.ts', line: 9, name: 'allowed', lines: 200 },
    { file: 'c.ts', line: 1, name: 'short', lines: 20 },
  ];
  assert.deepEqual(overlongFunctions(lengths, 120, { 'b.ts:allowed': 'reason', 'c.ts:short': 'reason' }), [
    'a.ts:3 long has 130 lines (at most 120)',
    'c.ts:short is listed as an exception but no longer exceeds 120 lines',
  ]);
});
