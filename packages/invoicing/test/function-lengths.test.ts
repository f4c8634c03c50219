import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { functionLengths, overlongFunctions } from '@svc/common/testing';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const TSCONFIG = fileURLToPath(new URL('../tsconfig.json', import.meta.url));

test('no function of the invoicing service is longer than 120 lines', async () => {
  const lengths = await functionLengths(TSCONFIG, SRC);
  assert.ok(lengths.length > 300, `the compiler found ${lengths.length} functions`);
  assert.deepEqual(overlongFunctions(lengths, 120, {}), []);
});
