import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError } from '@svc/common';
import { loadConfig } from '../src/config.js';

test('WIKI_WORKERS: a whole number of processes, at least one; anything else names the variable', () => {
  assert.equal(loadConfig({ WIKI_WORKERS: '3' }).workers, 3);
  assert.ok(loadConfig({}).workers >= 1);
  for (const bad of ['0', '-1', 'two', '1.5']) {
    assert.throws(
      () => loadConfig({ WIKI_WORKERS: bad }),
      (err: Error) => err instanceof ConfigError && /WIKI_WORKERS/.test(err.message),
      `WIKI_WORKERS=${bad}`,
    );
  }
});
