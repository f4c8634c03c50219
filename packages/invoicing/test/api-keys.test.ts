import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import SQLite from 'better-sqlite3';
import { postInvoice, useHarness } from './harness.js';

describeEachEngine('API key authentication', (engine) => {
  const harness = useHarness(engine);

  test('a valid key in the body or as a Bearer header creates an invoice', async () => {
    const h = harness();
    const inBody = await postInvoice(h, { api_key: h.key, amount_eur: 1 });
    assert.equal(inBody.status, 201, inBody.text);
    const inHeader = await postInvoice(h, { amount_eur: 1 }, { authorization: `Bearer ${h.key}` });
    assert.equal(inHeader.status, 201, inHeader.text);
    const both = await postInvoice(h, { api_key: h.key, amount_eur: 1 }, { authorization: `Bearer ${h.key}` });
    assert.equal(both.status, 201, both.text);
  });

  test('a missing key is 401 missing_api_key', async () => {
    const h = harness();
    const response = await postInvoice(h, { amount_eur: 1 });
    assert.equal(response.status, 401);
    assert.equal(response.body.error.code, 'missing_api_key');
    assert.equal(response.body.error.type, 'authentication_error');
  });

  test('unknown, malformed and revoked keys get the same 401 answer', async () => {
    const h = harness();
    const { key, info } = await h.service.createApiKey(h.merchant.id);
    assert.equal((await postInvoice(h, { api_key: key, amount_eur: 1 })).status, 201);
    assert.equal(await h.service.revokeApiKey(h.merchant.id, info.id), true);
    const revoked = await postInvoice(h, { api_key: key, amount_eur: 1 });
    const unknown = await postInvoice(h, { api_key: `ik_live_${'A'.repeat(32)}`, amount_eur: 1 });
    const malformed = await postInvoice(h, { api_key: 'hello', amount_eur: 1 });
    for (const response of [revoked, unknown, malformed]) {
      assert.equal(response.status, 401);
      assert.deepEqual(response.body, revoked.body);
    }
    assert.equal(revoked.body.error.code, 'invalid_api_key');
    const wrongType = await postInvoice(h, { api_key: 42, amount_eur: 1 });
    assert.equal(wrongType.status, 401);
    const badHeader = await postInvoice(h, { amount_eur: 1 }, { authorization: `Basic ${h.key}` });
    assert.equal(badHeader.status, 401);
    const differing = await postInvoice(h, { api_key: h.key, amount_eur: 1 }, { authorization: `Bearer ${key}` });
    assert.equal(differing.status, 400);
    assert.equal(differing.body.error.code, 'api_key_conflict');
  });

  test('a key revoked by another process is refused at once', async () => {
    const h = harness();
    const { key, info } = await h.service.createApiKey(h.merchant.id);
    const list = () =>
      h.app.inject({ method: 'GET', url: '/api/invoices?limit=1', headers: { authorization: `Bearer ${key}` } });
    assert.equal((await list()).statusCode, 200);
    assert.equal((await list()).statusCode, 200, 'checked again, as the key checks of a busy shop are');
    // Another process (the CLI's `key revoke`) writes the revocation through a connection of its own.
    if (h.store.sqlite) {
      const other = new SQLite(h.store.sqlite.name);
      other.prepare('update api_keys set revoked_at = ? where id = ?').run(Date.now(), info.id);
      other.close();
    } else {
      await h.store.pool!.query('update api_keys set revoked_at = $1 where id = $2', [Date.now(), info.id]);
    }
    const refused = await list();
    assert.equal(refused.statusCode, 401);
    assert.equal(JSON.parse(refused.body).error.code, 'invalid_api_key');
  });

  test('keys are listed by prefix and last use, stored only as a keyed hash', async () => {
    const h = harness();
    const keys = await h.service.listApiKeys(h.merchant.id);
    const first = keys.find((k) => h.key.startsWith(k.prefix))!;
    assert.ok(first, 'the first key is listed by its prefix');
    assert.equal(first.prefix.length, 'ik_live_'.length + 4);
    assert.ok(first.lastUsedAt !== null, 'last use is recorded');
    assert.match(h.key, /^ik_live_[A-Za-z0-9_-]{32}$/);
    const rows = await h.store.db.selectFrom('api_keys').selectAll().execute();
    for (const row of rows) {
      assert.ok(!JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v)).includes(h.key.slice(8)));
      assert.match(row.hash, /^[0-9a-f]{64}$/);
    }
    assert.equal(await h.service.revokeApiKey(h.merchant.id, 'key_unknown'), false);
  });
});

describeEachEngine('Idempotency-Key', (engine) => {
  const harness = useHarness(engine);

  test('the same key and body replays the first answer; another body is 409', async () => {
    const h = harness();
    const headers = { 'idempotency-key': 'order-1001' };
    const first = await postInvoice(h, { api_key: h.key, amount_eur: 5 }, headers);
    assert.equal(first.status, 201);
    const again = await postInvoice(h, { amount_eur: 5 }, { ...headers, authorization: `Bearer ${h.key}` });
    assert.equal(again.status, 201);
    assert.equal(again.text, first.text);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    const other = await postInvoice(h, { api_key: h.key, amount_eur: 6 }, headers);
    assert.equal(other.status, 409);
    assert.equal(other.body.error.code, 'idempotency_key_reused');
    const count = await h.store.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('id', '=', first.body.id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 1);
  });

  test("another merchant's identical key is unrelated", async () => {
    const h = harness();
    const other = await h.service.createMerchant({ name: 'Other shop' });
    const { key } = await h.service.createApiKey(other.id);
    const headers = { 'idempotency-key': 'shared-key' };
    const mine = await postInvoice(h, { api_key: h.key, amount_eur: 5 }, headers);
    const theirs = await postInvoice(h, { api_key: key, amount_eur: 7 }, headers);
    assert.equal(mine.status, 201);
    assert.equal(theirs.status, 201);
    assert.notEqual(mine.body.id, theirs.body.id);
    assert.equal(theirs.body.recipient, other.recipient);
  });

  test('concurrent retries with one key create one invoice', async () => {
    const h = harness();
    const headers = { 'idempotency-key': 'burst' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postInvoice(h, { api_key: h.key, amount_eur: 3 }, headers)),
    );
    const ids = new Set(answers.map((a) => a.body.id));
    assert.equal(ids.size, 1);
    for (const a of answers) assert.equal(a.status, 201);
  });

  test('after 24 hours a key may be used again', async () => {
    const h = harness();
    const headers = { 'idempotency-key': 'daily' };
    const first = await postInvoice(h, { api_key: h.key, amount_eur: 5 }, headers);
    h.clock.advanceMinutes(24 * 60 + 1);
    const later = await postInvoice(h, { api_key: h.key, amount_eur: 9 }, headers);
    assert.equal(later.status, 201);
    assert.notEqual(later.body.id, first.body.id);
  });

  test('an invalid key header is refused', async () => {
    const h = harness();
    const response = await postInvoice(h, { api_key: h.key, amount_eur: 5 }, { 'idempotency-key': 'x'.repeat(256) });
    assert.equal(response.status, 400);
    assert.equal(response.body.error.code, 'idempotency_key_invalid');
  });
});

describeEachEngine('rate limiting', (engine) => {
  const harness = useHarness(engine, {
    rateLimits: { createPerMinute: 3, readPerMinute: 2, authFailuresPerMinute: 2 },
  });

  test('creations beyond the merchant limit get 429 with Retry-After', async () => {
    const h = harness();
    for (let i = 0; i < 3; i++) assert.equal((await postInvoice(h, { api_key: h.key, amount_eur: 1 })).status, 201);
    const limited = await postInvoice(h, { api_key: h.key, amount_eur: 1 });
    assert.equal(limited.status, 429);
    assert.equal(limited.body.error.code, 'rate_limited');
    assert.ok(Number(limited.headers['retry-after']) >= 1);
    h.clock.advanceMinutes(1);
    assert.equal((await postInvoice(h, { api_key: h.key, amount_eur: 1 })).status, 201);
  });

  test('reads and failed key checks are limited per client', async () => {
    const h = harness();
    const read = () => h.app.inject({ method: 'GET', url: '/api/invoices/AAAAAAAAAAAAAAAAAAAAAAAA' });
    assert.equal((await read()).statusCode, 404);
    assert.equal((await read()).statusCode, 404);
    const limited = await read();
    assert.equal(limited.statusCode, 429);
    assert.ok(limited.headers['retry-after']);
    for (let i = 0; i < 2; i++)
      assert.equal((await postInvoice(h, { api_key: 'ik_live_wrong', amount_eur: 1 })).status, 401);
    const blocked = await postInvoice(h, { api_key: 'ik_live_wrong', amount_eur: 1 });
    assert.equal(blocked.status, 429);
    assert.equal((await postInvoice(h, { api_key: h.key, amount_eur: 1 })).status, 201, 'a valid key still works');
  });
});
