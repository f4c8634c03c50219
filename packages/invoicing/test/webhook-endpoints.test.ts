import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { type Harness, useHarness } from './harness.js';

describeEachEngine('webhook endpoints', (engine) => {
  // Without INVOICING_WEBHOOK_ALLOW_PRIVATE: only https URLs of public addresses.
  const harness = useHarness(engine);

  async function api(h: Harness, method: string, url: string, body?: unknown, key = h.key) {
    const response = await h.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json(), text: response.body };
  }

  for (const [what, url, code] of [
    ['plain http', 'http://shop.example/hooks', 'url_not_https'],
    ['a loopback address', 'https://127.0.0.1/hooks', 'url_private_address'],
    ['a name of a loopback address', 'https://localhost/hooks', 'url_private_address'],
    ['a private address', 'https://10.1.2.3/hooks', 'url_private_address'],
    ['a link-local address', 'https://169.254.169.254/latest', 'url_private_address'],
    ['an IPv6 loopback', 'https://[::1]/hooks', 'url_private_address'],
    ['an IPv4-mapped private address', 'https://[::ffff:192.168.1.1]/hooks', 'url_private_address'],
    ['a malformed URL', 'not a url', 'url_invalid'],
    ['a URL with a password', 'https://user:pw@shop.example/hooks', 'url_invalid'],
    ['a number', 42, 'url_invalid'],
  ] as const) {
    test(`an endpoint URL that is ${what} is refused with ${code}`, async () => {
      const answer = await api(harness(), 'POST', '/api/webhook-endpoints', { url });
      assert.equal(answer.status, 400, answer.text);
      assert.equal(answer.body.error.code, code);
      assert.equal(answer.body.error.param, 'url');
      assert.ok(answer.body.error.message.length > 10);
    });
  }

  test('unknown event types and unknown fields are refused; a key is required', async () => {
    const h = harness();
    const wrongType = await api(h, 'POST', '/api/webhook-endpoints', {
      url: 'https://93.184.215.14/hooks',
      events: ['invoice.paid', 'invoice.refunded'],
    });
    assert.equal(wrongType.status, 400);
    assert.equal(wrongType.body.error.code, 'events_invalid');
    assert.match(wrongType.body.error.message, /invoice\.refunded/);
    const empty = await api(h, 'POST', '/api/webhook-endpoints', { url: 'https://93.184.215.14/h', events: [] });
    assert.equal(empty.body.error.code, 'events_invalid');
    const unknown = await api(h, 'POST', '/api/webhook-endpoints', { url: 'https://93.184.215.14/h', colour: 'red' });
    assert.equal(unknown.body.error.code, 'unknown_parameter');
    const noKey = await h.app.inject({ method: 'GET', url: '/api/webhook-endpoints' });
    assert.equal(noKey.statusCode, 401);
    assert.equal(noKey.json().error.code, 'missing_api_key');
  });

  test('an endpoint is created with its secret shown once, listed, changed and deleted; the secret is stored sealed', async () => {
    const h = harness();
    const created = await api(h, 'POST', '/api/webhook-endpoints', {
      url: 'https://93.184.215.14/hooks',
      events: ['invoice.paid', 'invoice.created'],
      description: 'shop backend',
    });
    assert.equal(created.status, 201, created.text);
    const { id, secret } = created.body;
    assert.match(id, /^we_/);
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.deepEqual(created.body.events, ['invoice.created', 'invoice.paid']);
    assert.equal(created.body.enabled, true);

    const listed = await api(h, 'GET', '/api/webhook-endpoints');
    assert.equal(listed.status, 200);
    assert.ok(!listed.text.includes(secret.slice(6)), 'the secret is never listed');
    assert.ok(listed.body.data.some((e: { id: string }) => e.id === id));

    const row = await h.store.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.ok(
      !Object.values(row).map(String).join(' ').includes(secret.slice(6)),
      'the database holds no clear secret',
    );
    assert.equal(h.service.webhooks.secrets.open(row.secret_sealed), secret);

    const changed = await api(h, 'PATCH', `/api/webhook-endpoints/${id}`, { enabled: false, events: null });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.enabled, false);
    assert.equal(changed.body.events.length, 7, 'null means every event type');
    const badUrl = await api(h, 'PATCH', `/api/webhook-endpoints/${id}`, { url: 'http://93.184.215.14/' });
    assert.equal(badUrl.body.error.code, 'url_not_https');

    const other = await h.service.createMerchant({ name: 'Other shop' });
    const { key: otherKey } = await h.service.createApiKey(other.id);
    const foreign = await api(h, 'GET', `/api/webhook-endpoints/${id}`, undefined, otherKey);
    assert.equal(foreign.status, 404, 'another merchant cannot see it');
    assert.equal(foreign.body.error.code, 'resource_missing');

    const deleted = await api(h, 'DELETE', `/api/webhook-endpoints/${id}`);
    assert.deepEqual(deleted.body, { id, deleted: true });
    assert.equal((await api(h, 'GET', `/api/webhook-endpoints/${id}`)).status, 404);
  });
});
