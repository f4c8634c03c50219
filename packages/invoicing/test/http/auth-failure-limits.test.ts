import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { ADDRESS_FAILURE_FACTOR } from '../../src/http/auth-failure-limiter.js';
import { type Harness, useHarness } from '../harness.js';

const perMinute = 3;

function create(h: Harness, key: string, remoteAddress: string) {
  return h.app.inject({
    method: 'POST',
    url: '/api/invoices',
    remoteAddress,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    payload: '{"amount_eur":1}',
  });
}

const randomKey = () => `ik_live_${randomBytes(24).toString('base64url')}`;

describeEachEngine('failed API key checks are limited per address and key prefix', (engine) => {
  const harness = useHarness(engine, {
    rateLimits: { createPerMinute: 0, readPerMinute: 0, authFailuresPerMinute: perMinute },
  });

  test('a client retrying a wrong key is refused while a valid key from the same address works', async () => {
    const h = harness();
    const wrong = `${h.key.slice(0, 12)}${'x'.repeat(h.key.length - 12)}`;
    for (let i = 0; i < perMinute; i++) assert.equal((await create(h, wrong, '203.0.113.7')).statusCode, 401);
    const refused = await create(h, wrong, '203.0.113.7');
    assert.equal(refused.statusCode, 429, refused.body);
    assert.equal(refused.json().error.code, 'rate_limited');
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    const other = await h.service.createMerchant({ name: 'Neighbour' });
    const otherKey = (await h.service.createApiKey(other.id)).key;
    assert.equal((await create(h, otherKey, '203.0.113.7')).statusCode, 201, 'another key from that address');
    assert.equal((await create(h, wrong, '198.51.100.2')).statusCode, 401, 'the same key from elsewhere is checked');
    h.clock.advanceMinutes(1);
    assert.equal((await create(h, wrong, '203.0.113.7')).statusCode, 401, 'a minute later it is checked again');
  });

  test('one address trying many keys (a shared proxy address) does not lock out the merchants using it', async () => {
    const h = harness();
    const proxy = '192.0.2.1';
    // The merchant has used its key through the proxy before the attack.
    assert.equal((await create(h, h.key, proxy)).statusCode, 201);
    let refusedAt = -1;
    for (let i = 0; i < perMinute * ADDRESS_FAILURE_FACTOR + 5; i++) {
      const status = (await create(h, randomKey(), proxy)).statusCode;
      if (status === 429) {
        refusedAt = i;
        break;
      }
      assert.equal(status, 401);
    }
    assert.equal(refusedAt, perMinute * ADDRESS_FAILURE_FACTOR, 'new keys from the address are refused at last');
    assert.equal((await create(h, randomKey(), proxy)).statusCode, 429);
    assert.equal((await create(h, h.key, proxy)).statusCode, 201, 'the merchant’s key still works through the proxy');
    assert.equal((await create(h, h.key, '198.51.100.9')).statusCode, 201, 'and from anywhere else');
    assert.equal((await create(h, randomKey(), '198.51.100.9')).statusCode, 401, 'other addresses are not limited');
  });

  test('an unreadable Authorization header counts as a failure of its own', async () => {
    const h = harness();
    const broken = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/invoices',
        remoteAddress: '203.0.113.50',
        headers: { 'content-type': 'application/json', authorization: 'Basic abc' },
        payload: '{"amount_eur":1}',
      });
    for (let i = 0; i < perMinute; i++) assert.equal((await broken()).statusCode, 401);
    assert.equal((await broken()).statusCode, 429);
    assert.equal((await create(h, h.key, '203.0.113.50')).statusCode, 201);
  });
});

describeEachEngine('reads are limited per key, or per address without one', (engine) => {
  const readsPerMinute = 3;
  const harness = useHarness(engine, {
    rateLimits: { createPerMinute: 0, readPerMinute: readsPerMinute, authFailuresPerMinute: perMinute },
  });

  function read(h: Harness, id: string, remoteAddress: string, key?: string) {
    const headers: Record<string, string> = key === undefined ? {} : { authorization: `Bearer ${key}` };
    return h.app.inject({ method: 'GET', url: `/api/invoices/${id}`, remoteAddress, headers });
  }

  test("a client using up its address's reads does not stop a merchant's keyed reads from that address", async () => {
    const h = harness();
    const proxy = '192.0.2.9';
    const invoice = (await create(h, h.key, proxy)).json();
    for (let i = 0; i < readsPerMinute; i++) assert.equal((await read(h, invoice.id, proxy)).statusCode, 200);
    const limited = await read(h, invoice.id, proxy);
    assert.equal(limited.statusCode, 429, 'a public read from that address waits');
    assert.equal(limited.json().error.code, 'rate_limited');
    const own = await read(h, invoice.id, proxy, h.key);
    assert.equal(own.statusCode, 200, 'the merchant reads with its key');
    assert.equal(own.json().metadata, null);
    // The merchant's reads have a limit of their own, per key.
    for (let i = 1; i < readsPerMinute; i++) assert.equal((await read(h, invoice.id, proxy, h.key)).statusCode, 200);
    assert.equal((await read(h, invoice.id, proxy, h.key)).statusCode, 429);
    const secondKey = (await h.service.createApiKey(h.merchant.id)).key;
    assert.equal((await read(h, invoice.id, proxy, secondKey)).statusCode, 200, 'another key has its own reads');
    const wrong = await read(h, invoice.id, proxy, randomKey());
    assert.equal(wrong.statusCode, 401, 'a wrong key is refused, not read publicly');
  });
});
