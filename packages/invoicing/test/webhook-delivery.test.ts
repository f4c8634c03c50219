import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { type Harness, useHarness } from './harness.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

/** Short waits between attempts, so the retries of the specification's schedule happen within a test. */
const QUICK_RETRIES = [100, 100, 100, 100, 100];

describeEachEngine('webhook delivery', (engine) => {
  const harness = useHarness(engine, { webhooks: { timeoutMs: 3000, retryScheduleMs: QUICK_RETRIES } });
  const receiver = new WebhookReceiver();
  before(() => receiver.start());
  after(() => receiver.stop());

  /** A merchant of its own with an API key, so each test's endpoints see only its own invoices. */
  async function shop(h: Harness) {
    const merchant = await h.service.createMerchant({ name: 'Webhook shop' });
    const { key } = await h.service.createApiKey(merchant.id);
    return { merchant, key };
  }

  async function api(h: Harness, key: string, method: string, url: string, body?: unknown) {
    const response = await h.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json(), text: response.body };
  }

  async function addEndpoint(h: Harness, key: string, path: string, answer?: Parameters<WebhookReceiver['answer']>[1]) {
    const created = await api(h, key, 'POST', '/api/webhook-endpoints', { url: `${receiver.url}${path}` });
    assert.equal(created.status, 201, created.text);
    assert.match(created.body.secret, /^whsec_/);
    receiver.route(path, created.body.secret, answer);
    return created.body as { id: string; secret: string };
  }

  /** Waits until the endpoint's newest delivery is in `state`; returns it. */
  async function deliveryIn(h: Harness, key: string, endpointId: string, state: string) {
    for (let i = 0; i < 500; i++) {
      const listed = (await api(h, key, 'GET', `/api/webhook-endpoints/${endpointId}/deliveries`)).body;
      if (listed.data[0]?.state === state) return listed.data[0];
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no delivery of ${endpointId} reached ${state}`);
  }

  async function createInvoice(h: Harness, key: string, body: Record<string, unknown>) {
    const created = await api(h, key, 'POST', '/api/invoices', body);
    assert.equal(created.status, 201, created.text);
    return created.body as { id: string; recipient: string; message: string; expires_at: number };
  }

  test('every state change of an invoice life arrives signed, with a stable id across retries, in order', async () => {
    const h = harness();
    const { key } = await shop(h);
    // Every webhook's first request fails, so each one is retried once.
    const seen = new Set<string>();
    const path = '/life';
    await addEndpoint(h, key, path);
    const firstFails = (_count: number, headers: { [name: string]: unknown }) => {
      const id = String(headers['webhook-id']);
      if (seen.has(id)) return { status: 200 };
      seen.add(id);
      return { status: 500 };
    };
    receiver.answer(path, firstFails);

    const paidOne = await createInvoice(h, key, { amount_coin: 10, metadata: { order: 'A-1' } });
    const lateOne = await createInvoice(h, key, { amount_coin: 5, expires_min: 1 });
    h.ledger.submitPayment({ to: paidOne.recipient, amount: '4', message: paidOne.message });
    await h.watcher.catchUp();
    h.ledger.submitPayment({ to: paidOne.recipient, amount: '6', message: paidOne.message });
    await h.watcher.catchUp();
    const delivered = () => receiver.at(path).filter((r) => r.answered === 200);
    // The clock jumps ahead only once nothing is in flight (a jump past a lease resends, by design).
    await receiver.waitFor(() => delivered().length === 5, 30_000, 'the first five events');
    h.clock.advanceMinutes(2);
    await h.service.expireDueInvoices();
    h.ledger.submitPayment({ to: lateOne.recipient, amount: '5', message: lateOne.message, time: h.clock.now() });
    await h.watcher.catchUp();

    const expected = new Map([
      [paidOne.id, ['invoice.created', 'invoice.payment_received', 'invoice.payment_received', 'invoice.paid']],
      [lateOne.id, ['invoice.created', 'invoice.expired', 'invoice.payment_received', 'invoice.paid_late']],
    ]);
    await receiver.waitFor(() => delivered().length === 8, 30_000, 'eight delivered events');

    const all = receiver.at(path);
    for (const request of all) {
      assert.ok(request.verified, `the signature of ${request.headers['webhook-id']} verifies`);
      assert.match(String(request.headers['webhook-id']), /^msg_/);
    }
    const byId = new Map<string, typeof all>();
    for (const r of all)
      byId.set(String(r.headers['webhook-id']), [...(byId.get(String(r.headers['webhook-id'])) ?? []), r]);
    assert.equal(byId.size, 8);
    for (const [id, copies] of byId) {
      assert.ok(copies.length >= 2, `${id} was retried after its first failure`);
      assert.ok(
        copies.every((c) => c.body === copies[0]!.body),
        'every retry carries the same body',
      );
    }
    for (const [invoiceId, types] of expected) {
      const order = delivered()
        .filter((r) => r.verified!.data.invoice.id === invoiceId)
        .map((r) => r.verified!.type);
      assert.deepEqual(order, types);
    }
    const paid = delivered().find((r) => r.verified!.type === 'invoice.paid')!.verified!;
    assert.equal(paid.data.invoice.status, 'paid');
    assert.equal(paid.data.invoice.amount_paid_coin, 10);
    assert.equal(paid.data.payment.amount_coin, 6);
    assert.deepEqual(paid.data.metadata, { order: 'A-1' });
    const late = delivered().find((r) => r.verified!.type === 'invoice.paid_late')!.verified!;
    assert.equal(late.data.invoice.status, 'expired');
    assert.equal(late.data.invoice.flags.late, true);
    assert.equal(late.data.payment.late, true);
  });

  test('an endpoint answering 500 twice and then 200 has the event on the third attempt', async () => {
    const h = harness();
    const { key } = await shop(h);
    const endpoint = await addEndpoint(h, key, '/flaky', (count) => ({ status: count <= 2 ? 500 : 200 }));
    await createInvoice(h, key, { amount_eur: 1 });
    await receiver.waitFor(() => receiver.at('/flaky').length === 3);
    const ids = new Set(receiver.at('/flaky').map((r) => r.headers['webhook-id']));
    assert.equal(ids.size, 1, 'the same webhook-id on every attempt');
    const delivery = await deliveryIn(h, key, endpoint.id, 'delivered');
    assert.equal(delivery.attempt_count, 3);
    assert.deepEqual(
      delivery.attempts.map((a: { response_status: number }) => a.response_status),
      [500, 500, 200],
    );
    assert.equal(delivery.attempts[0].response_body, 'ok');
  });

  test('Retry-After of a 503 puts the next attempt that far off', async () => {
    const h = harness();
    const { key } = await shop(h);
    const endpoint = await addEndpoint(h, key, '/busy', () => ({ status: 503, headers: { 'retry-after': '120' } }));
    await createInvoice(h, key, { amount_eur: 1 });
    await receiver.waitFor(() => receiver.at('/busy').length === 1);
    let delivery: any;
    for (let i = 0; i < 200 && !(delivery?.attempt_count >= 1); i++) {
      delivery = (await api(h, key, 'GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`)).body.data[0];
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(delivery.state, 'pending');
    assert.equal(delivery.attempts[0].response_status, 503);
    const wait = delivery.next_attempt_at - delivery.attempts[0].at;
    assert.ok(wait >= 119 && wait <= 121, `the next attempt is 120 s later (${wait})`);
  });

  test('a 410 Gone disables the endpoint and nothing more is sent to it', async () => {
    const h = harness();
    const { key } = await shop(h);
    const endpoint = await addEndpoint(h, key, '/gone', () => ({ status: 410 }));
    await createInvoice(h, key, { amount_eur: 1 });
    await receiver.waitFor(() => receiver.at('/gone').length === 1);
    let shown: any;
    for (let i = 0; i < 100; i++) {
      shown = (await api(h, key, 'GET', `/api/webhook-endpoints/${endpoint.id}`)).body;
      if (!shown.enabled) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(shown.enabled, false);
    assert.match(shown.disabled_reason, /410/);
    await createInvoice(h, key, { amount_eur: 2 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(receiver.at('/gone').length, 1);
  });

  test('an endpoint that never answers times out without delaying another endpoint', async () => {
    const h = harness();
    const { key } = await shop(h);
    const silent = await addEndpoint(h, key, '/silent', () => 'never');
    await addEndpoint(h, key, '/fast');
    const count = 20;
    for (let i = 0; i < count; i++) await createInvoice(h, key, { amount_eur: 1 });
    await receiver.waitFor(() => receiver.at('/fast').length >= count, 20_000, 'the fast endpoint to have every event');
    const firstSilent = receiver.at('/silent')[0];
    assert.ok(firstSilent, 'the silent endpoint was tried');
    const lastFast = Math.max(...receiver.at('/fast').map((r) => r.at));
    assert.ok(
      lastFast < firstSilent.at + 3000,
      'the fast endpoint had every event before the silent one timed out even once',
    );
    let attempts: any[] = [];
    for (let i = 0; i < 300 && attempts.length === 0; i++) {
      const listed = (await api(h, key, 'GET', `/api/webhook-endpoints/${silent.id}/deliveries`)).body;
      attempts = listed.data.flatMap((d: { attempts: unknown[] }) => d.attempts);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.match(attempts[0].error, /no complete answer within 3 s/);
    assert.equal(attempts[0].response_status, null);
  });

  test('after a secret rotation both secrets sign during the overlap; a test event reaches the endpoint', async () => {
    const h = harness();
    const { key } = await shop(h);
    const endpoint = await addEndpoint(h, key, '/rotating');
    const rotated = await api(h, key, 'POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`);
    assert.equal(rotated.status, 200, rotated.text);
    assert.notEqual(rotated.body.secret, endpoint.secret);
    assert.ok(rotated.body.previous_secret_expires_at > Date.now() / 1000);
    const test = await api(h, key, 'POST', `/api/webhook-endpoints/${endpoint.id}/test`);
    assert.equal(test.status, 202, test.text);
    await receiver.waitFor(() => receiver.at('/rotating').length === 1);
    const request = receiver.at('/rotating')[0]!;
    assert.equal(request.verified?.type, 'webhook.test', 'verified with the old secret');
    await deliveryIn(h, key, endpoint.id, 'delivered');
    receiver.route('/rotating', rotated.body.secret);
    const again = await api(h, key, 'POST', `/api/webhook-deliveries/${test.body.delivery_id}/redeliver`);
    assert.equal(again.status, 202, again.text);
    await receiver.waitFor(() => receiver.at('/rotating').length === 2);
    const second = receiver.at('/rotating')[1]!;
    assert.equal(second.verified?.type, 'webhook.test', 'verified with the new secret');
    assert.equal(second.headers['webhook-id'], request.headers['webhook-id']);
    assert.equal(String(second.headers['webhook-signature']).split(' ').length, 2);
  });
});
