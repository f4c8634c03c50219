import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { openDatabase } from '../src/database.js';
import { registerHealthRoute } from '../src/health.js';
import { describeEachEngine, useTestDatabase } from '../src/testing.js';

describeEachEngine('healthz', (engine) => {
  const store = useTestDatabase(engine);

  test('answers 200 while the database is reachable', async () => {
    const app = Fastify();
    registerHealthRoute(app, store().db);
    const response = await app.inject('/healthz');
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().status, 'ok');
  });
});

test('healthz answers 503 when the database is unreachable', async () => {
  const broken = openDatabase({ engine: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' });
  const app = Fastify();
  registerHealthRoute(app, broken.db);
  const response = await app.inject('/healthz');
  assert.equal(response.statusCode, 503);
  assert.equal(response.json().status, 'unavailable');
  await broken.close();
});
