import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { type ChainHarness, useChainHarness } from './support/chain-harness.js';
import { payWithFreshlyMaturedCoin } from './support/raw-transactions.js';
import { type ReceivedWebhook, WebhookReceiver } from './support/webhook-receiver.js';

/**
 * Webhooks of a chain ledger: each payment credited to an invoice is an `invoice.payment_received`
 * and a payment that leaves the ledger an `invoice.payment_reverted`, written with the change
 * they cause and received, signed, by a real HTTP receiver.
 */
describeEachEngine('chain ledger webhooks', (engine) => {
  const harness = useChainHarness(engine, { webhooks: true });
  const receiver = new WebhookReceiver();
  before(() => receiver.start());
  after(() => receiver.stop());

  /** An endpoint for every event type at `path`, made through the API with the merchant's key. */
  async function endpoint(h: ChainHarness, path: string) {
    const { key } = await h.service.createApiKey(h.merchant.id);
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/webhook-endpoints',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: `${receiver.url}${path}` }),
    });
    assert.equal(response.statusCode, 201, response.body);
    receiver.route(path, response.json().secret);
  }

  /** The verified events of one invoice at `path`, in arrival order (each once per webhook-id). */
  function eventsOf(path: string, invoiceId: string): ReceivedWebhook[] {
    const seen = new Set<string>();
    return receiver.at(path).filter((r) => {
      assert.ok(r.verified, `a webhook at ${path} failed its signature check: ${r.body}`);
      if (r.verified.data.invoice.id !== invoiceId) return false;
      const id = String(r.headers['webhook-id']);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  }

  async function waitForEvents(path: string, invoiceId: string, check: (types: string[]) => boolean, what: string) {
    await receiver.waitFor(() => check(eventsOf(path, invoiceId).map((e) => e.verified!.type)), 60_000, what);
    return eventsOf(path, invoiceId);
  }

  test('each payment credited sends invoice.payment_received with the payment, then the status it led to', {
    timeout: 180_000,
  }, async () => {
    const h = harness();
    await endpoint(h, '/payments');
    const invoice = await h.invoice('0.3');
    const first = await h.node.wallet.call<string>('sendtoaddress', [invoice.recipient, '0.1']);
    await h.waitFor(invoice.id, (v) => v.payments.length === 1, 'the first payment');
    const second = await h.node.wallet.call<string>('sendtoaddress', [invoice.recipient, '0.2']);
    await h.waitFor(invoice.id, (v) => v.status === 'processing', 'processing');
    await h.node.mine(1);
    await h.waitFor(invoice.id, (v) => v.status === 'paid', 'paid');

    const events = await waitForEvents('/payments', invoice.id, (t) => t.includes('invoice.paid'), 'invoice.paid');
    assert.deepEqual(
      events.map((e) => e.verified!.type),
      ['invoice.created', 'invoice.payment_received', 'invoice.payment_received', 'invoice.processing', 'invoice.paid'],
    );
    const received = events.filter((e) => e.verified!.type === 'invoice.payment_received');
    assert.deepEqual(
      received.map((e) => [e.verified!.data.payment.tx_id, e.verified!.data.payment.amount_coin]),
      [
        [first, 0.1],
        [second, 0.2],
      ],
    );
    // The payment's own snapshot of the invoice: the first payment leaves it open and partial.
    assert.equal(received[0]!.verified!.data.invoice.status, 'open');
    assert.equal(received[0]!.verified!.data.invoice.amount_pending_coin, 0.1);
    const paid = events.at(-1)!.verified!.data.invoice;
    assert.equal(paid.amount_paid_coin, 0.3);
    // The invoice as GET /api/invoices/:id showed it then: both payments with their confirmation.
    assert.deepEqual(
      paid.payments.map((p: { confirmations: number }) => p.confirmations),
      [1, 1],
    );
    assert.equal(new Set(events.map((e) => e.headers['webhook-id'])).size, events.length);
  });

  test('a payment undone by a reorganisation sends invoice.payment_reverted, and its return invoice.payment_received', {
    timeout: 180_000,
  }, async () => {
    const h = harness();
    await endpoint(h, '/reorg');
    const invoice = await h.invoice('0.5');
    const { txId, parent, paying } = await payWithFreshlyMaturedCoin(h, invoice.recipient, '0.5');
    await h.waitFor(invoice.id, (v) => v.status === 'paid', 'paid');
    await waitForEvents('/reorg', invoice.id, (t) => t.includes('invoice.paid'), 'invoice.paid');

    await h.node.rpc.call('invalidateblock', [paying]);
    await h.waitFor(invoice.id, (v) => v.status === 'processing', 'processing after the block was undone');
    await h.node.rpc.call('invalidateblock', [parent]);
    await h.waitFor(invoice.id, (v) => v.status === 'open', 'open after the payment left the ledger');
    const reverted = await waitForEvents(
      '/reorg',
      invoice.id,
      (t) => t.includes('invoice.payment_reverted'),
      'invoice.payment_reverted',
    );
    const revert = reverted.find((e) => e.verified!.type === 'invoice.payment_reverted')!;
    assert.equal(revert.verified!.data.payment.tx_id, txId);
    assert.equal(revert.verified!.data.payment.amount_coin, 0.5);
    assert.equal(revert.verified!.data.invoice.status, 'open');
    assert.deepEqual(revert.verified!.data.invoice.payments, []);

    await h.node.rpc.call('reconsiderblock', [parent]);
    await h.waitFor(invoice.id, (v) => v.status === 'paid', 'paid again');
    const events = await waitForEvents(
      '/reorg',
      invoice.id,
      (t) => t.filter((type) => type === 'invoice.paid').length === 2,
      'the second invoice.paid',
    );
    const types = events.map((e) => e.verified!.type).join(' ');
    // The first sighting may be in the mempool or straight in the block; returning to open sends
    // only the reverted payment, never a second invoice.created.
    assert.match(
      types,
      /^invoice\.created invoice\.payment_received (invoice\.processing )?invoice\.paid invoice\.processing invoice\.payment_reverted invoice\.payment_received (invoice\.processing )?invoice\.paid$/,
    );
    for (const event of events.filter((e) => e.verified!.type.startsWith('invoice.payment_'))) {
      assert.equal(event.verified!.data.payment.tx_id, txId);
    }
  });
});
