import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildApp } from '../../src/api/app.js';
import { defaultSite } from '../../src/site/defaults.js';
import { openWikiStore } from '../../src/store/database.js';

test('action=help names the address it was asked at as the endpoint, not the imported wiki server', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wiki-help-'));
  const store = await openWikiStore({ engine: 'sqlite', file: join(dir, 'wiki.sqlite') });
  const site = { ...defaultSite(), server: 'https://lv.example.org', scriptPath: '/w' };
  const app = await buildApp({ store, site });
  try {
    const answer = await app.inject({
      method: 'GET',
      url: '/api.php?action=help',
      headers: { host: '127.0.0.1:8081' },
    });
    assert.equal(answer.statusCode, 200);
    assert.match(answer.body, /Endpoint: <code>http:\/\/127\.0\.0\.1:8081\/w\/api\.php<\/code>/);
    assert.doesNotMatch(answer.body, /lv\.example\.org/);
    assert.match(answer.body, /<a href="\?action=help&amp;modules=compare"><code>compare<\/code><\/a>/);
    // An action is described by its parameters, templated ones too.
    const compare = await app.inject({ method: 'GET', url: '/api.php?action=help&modules=compare&uselang=en' });
    assert.match(compare.body, /<h2>action=compare<\/h2>/);
    assert.match(compare.body, /<code>fromtext-\{slot\}<\/code><\/td><td>The text of the slot\.<\/td>/);
    assert.match(compare.body, /<code>torelative<\/code>.*one of: cur, next, prev/);
    assert.doesNotMatch(compare.body, /list=allpages/);
  } finally {
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
