/**
 * The fuzzer's fixed-seed run (`npm run fuzz` runs others): 5,000 requests made from the module
 * descriptors, with valid, invalid, boundary and hostile values, in every format, sent over HTTP to
 * the served reference wiki. Every answer must be free of 5xx and internal errors, parse in its
 * format, and come within 2 s.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runFuzz } from '../fuzz/fuzz-run.js';
import { listeningReferenceWiki } from './helpers/listening-wiki.js';

const SEED = 52;
const COUNT = 5000;

test(`fuzzing api.php with seed ${SEED}: ${COUNT} requests, every answer well-formed and in time`, async () => {
  const served = await listeningReferenceWiki();
  try {
    const report = await runFuzz(`${served.origin}/api.php`, { seed: SEED, count: COUNT });
    assert.equal(report.sent, COUNT);
    const failures = report.failures.map((f) => `#${f.index} ${f.problem}\n    ${f.request}`);
    assert.deepEqual(failures, [], `failures (reproduce with npm run fuzz -- --seed ${SEED}):\n${failures.join('\n')}`);
  } finally {
    await served.close();
  }
});
