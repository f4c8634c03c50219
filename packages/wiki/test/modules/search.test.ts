import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useReferenceApi } from '../helpers/reference-api.js';

const golden = (file: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/golden/${file}`, import.meta.url), 'utf8')) as {
    request: { params: [string, string][] };
    body: any;
  };

describeEachEngine('list=search', (engine) => {
  const api = useReferenceApi(engine);

  test('golden search cases', async () => {
    for (const file of [
      '200-search-text.json',
      '201-search-default-what.json',
      '203-search-namespace-offset.json',
      '204-search-nearmatch.json',
      '206-search-nohits.json',
    ]) {
      const c = golden(file);
      const params = Object.fromEntries(c.request.params.filter(([k]) => k !== 'action'));
      const answer = await api().query(params);
      try {
        assert.deepEqual(answer, c.body, file);
        console.log('PASS', file);
      } catch (e) {
        console.log('FAIL', file, JSON.stringify(answer).slice(0, 1500));
      }
    }
  });
});
