import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import type { PublicInvoice } from '../src/service/public-invoice.js';
import { getInvoice, type Harness, postInvoice, useHarness } from './harness.js';

describeEachEngine('invoice flows', (engine) => {
  const harness = useHarness(engine);

  async function create(body: Record<string, unknown>) {
    const h = harness();
    const created = await postInvoice(h, { api_key: h.key, ...body });
    assert.equal(created.status, 201, created.text);
    return created.body as { id: string; recipient: string; message: string; expires_at: number; amount_coin: number };
  }

  function pay(h: Harness, invoice: { recipient: string; message: string }, amount: string, time = h.clock.now()) {
    return h.ledger.submitPayment({ to: invoice.recipient, amount, message: invoice.message, time });
  }

  async function read(id: string) {
    const response = await getInvoice(harness(), id);
    assert.equal(response.status, 200, response.text);
    return response.body;
  }

  test('a EUR invoice paid with its message reads as paid', async () => {
    const h = harness();
    const invoice = await create({ amount_eur: 10 });
    assert.equal(invoice.amount_coin, 40);
    const payment = pay(h, invoice, '40');
    await h.watcher.catchUp();
    const body = await read(invoice.id);
    assert.equal(body.status, 'paid');
    assert.equal(body.amount_paid_coin, 40);
    assert.equal(body.amount_due_coin, 0);
    assert.deepEqual(body.payments, [
      {
        tx_id: payment.txId,
        op_index: 0,
        amount_coin: 40,
        at: Math.floor(payment.time / 1000),
        late: false,
        confirmations: 1,
      },
    ]);
    assert.deepEqual(body.flags, { partial: false, overpaid: false, late: false });
    assert.equal(body.paid_at, Math.floor(payment.time / 1000));
    assert.deepEqual(
      body.timeline.map((t: { status: string }) => t.status),
      ['open', 'paid'],
    );
    // Public reads show nothing of the merchant.
    const text = JSON.stringify(body);
    assert.ok(!text.includes(h.merchant.id));
    assert.ok(!text.includes(h.merchant.name));
  });

  test('a partial payment keeps the invoice open with partial set; the rest pays it', async () => {
    const h = harness();
    const invoice = await create({ amount_coin: 10 });
    pay(h, invoice, '3.5');
    await h.watcher.catchUp();
    let body = await read(invoice.id);
    assert.equal(body.status, 'open');
    assert.equal(body.flags.partial, true);
    assert.equal(body.amount_paid_coin, 3.5);
    assert.equal(body.amount_due_coin, 6.5);
    pay(h, invoice, '6.5');
    await h.watcher.catchUp();
    body = await read(invoice.id);
    assert.equal(body.status, 'paid');
    assert.equal(body.flags.partial, false);
    assert.equal(body.payments.length, 2);
  });

  test('an overpayment pays the invoice and sets overpaid', async () => {
    const h = harness();
    const invoice = await create({ amount_coin: 10 });
    pay(h, invoice, '12.25');
    await h.watcher.catchUp();
    const body = await read(invoice.id);
    assert.equal(body.status, 'paid');
    assert.equal(body.flags.overpaid, true);
    assert.equal(body.amount_paid_coin, 12.25);
  });

  test('a payment after expiry is recorded as late and leaves the invoice expired', async () => {
    const h = harness();
    const invoice = await create({ amount_coin: 10, expires_min: 5 });
    h.clock.advanceMinutes(6);
    pay(h, invoice, '10');
    await h.watcher.catchUp();
    const body = await read(invoice.id);
    assert.equal(body.status, 'expired');
    assert.deepEqual(body.flags, { partial: false, overpaid: false, late: true });
    assert.equal(body.amount_paid_coin, 10);
    assert.equal(body.payments[0].late, true);
    assert.equal(body.paid_at, null);
  });

  test('a payment made in time but credited after expiry pays the invoice', async () => {
    const h = harness();
    const invoice = await create({ amount_coin: 10, expires_min: 5 });
    const madeAt = h.clock.now() + 4 * 60_000;
    h.clock.advanceMinutes(10);
    assert.equal(await h.service.expireDueInvoices(), 1);
    assert.equal((await read(invoice.id)).status, 'expired');
    pay(h, invoice, '10', madeAt);
    await h.watcher.catchUp();
    const body = await read(invoice.id);
    assert.equal(body.status, 'paid');
    assert.equal(body.flags.late, false);
    assert.deepEqual(
      body.timeline.map((t: { status: string }) => t.status),
      ['open', 'expired', 'paid'],
    );
  });

  test('payments after the monitoring window, with an unknown message or none are kept as unmatched', async () => {
    const h = harness();
    const invoice = await create({ amount_coin: 10, expires_min: 1 });
    h.ledger.submitPayment({ to: invoice.recipient, amount: '1', message: 'INV-NOTAREALREF', time: h.clock.now() });
    h.ledger.submitPayment({ to: invoice.recipient, amount: '2', message: null, time: h.clock.now() });
    h.ledger.submitPayment({ to: invoice.recipient, amount: '3', message: invoice.message, asset: 'USDC:ISSUER' });
    h.clock.advanceMinutes(1 + 24 * 60 + 1);
    pay(h, invoice, '10');
    await h.watcher.catchUp();
    const unmatched = await h.service.unmatchedPayments(invoice.recipient);
    const reasons = unmatched.map((p) => p.unmatchedReason).sort();
    assert.deepEqual(reasons, ['after_late_window', 'no_message', 'not_native', 'unknown_message']);
    const body = await read(invoice.id);
    assert.equal(body.amount_paid_coin, 0);
    assert.equal(body.status, 'expired');
  });

  test('a message is matched after trimming and upper-casing, and only at its own recipient', async () => {
    const h = harness();
    const invoice = await create({ amount_coin: 2 });
    const other = await h.service.createMerchant({ name: 'Elsewhere' });
    h.ledger.submitPayment({ to: other.recipient, amount: '2', message: invoice.message });
    h.ledger.submitPayment({ to: invoice.recipient, amount: '2', message: `  ${invoice.message.toLowerCase()} ` });
    await h.watcher.catchUp();
    assert.equal((await read(invoice.id)).status, 'paid');
    const elsewhere = await h.service.unmatchedPayments(other.recipient);
    assert.equal(elsewhere.length, 1);
    assert.equal(elsewhere[0]!.unmatchedReason, 'wrong_recipient');
  });

  test('an open invoice keeps being watched at its address after the merchant moves to a new one', async () => {
    const h = harness();
    const other = await h.service.createMerchant({ name: 'Moving shop' });
    const { key } = await h.service.createApiKey(other.id);
    const created = await postInvoice(h, { api_key: key, amount_coin: 3 });
    await h.service.updateMerchant(other.id, { recipient: h.ledger.newAddress() });
    pay(h, created.body, '3');
    await h.watcher.catchUp();
    assert.equal((await read(created.body.id)).status, 'paid');
  });

  test('open invoices expire at their time: by the scheduler and lazily on read', async () => {
    const h = harness();
    const first = await create({ amount_coin: 1, expires_min: 2 });
    const second = await create({ amount_coin: 1, expires_min: 2 });
    h.clock.advanceMinutes(1);
    assert.equal((await read(first.id)).status, 'open');
    h.clock.advanceMinutes(1);
    const lazily = await read(first.id);
    assert.equal(lazily.status, 'expired');
    assert.deepEqual(
      lazily.timeline.map((t: { status: string }) => t.status),
      ['open', 'expired'],
    );
    assert.ok((await h.service.expireDueInvoices()) >= 1);
    const row = await h.store.db
      .selectFrom('invoices')
      .select('status')
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, 'expired');
  });

  test('a payment the ledger has not made final waits until it is', async () => {
    const h = harness();
    const invoice = await create({ amount_coin: 4 });
    const pending = h.ledger.submitPayment({
      to: invoice.recipient,
      amount: '4',
      message: invoice.message,
      final: false,
    });
    await h.watcher.catchUp();
    assert.equal((await read(invoice.id)).status, 'open');
    h.ledger.finalise(pending.txId);
    await h.watcher.catchUp();
    assert.equal((await read(invoice.id)).status, 'paid');
  });

  test('subscribers hear each committed change with the new public view', async () => {
    const h = harness();
    const invoice = await create({ amount_coin: 6 });
    const seen: PublicInvoice[] = [];
    const unsubscribe = h.service.subscribe(invoice.id, (view) => seen.push(view));
    pay(h, invoice, '2');
    await h.watcher.catchUp();
    pay(h, invoice, '4');
    await h.watcher.catchUp();
    unsubscribe();
    pay(h, invoice, '1');
    await h.watcher.catchUp();
    assert.deepEqual(
      seen.map((v) => [v.status, v.amount_paid_coin, v.flags.partial]),
      [
        ['open', '2', true],
        ['paid', '6', false],
      ],
    );
  });

  test('a payment seen twice is credited once', async () => {
    const h = harness();
    const invoice = await create({ amount_coin: 10 });
    const payment = pay(h, invoice, '4');
    await h.service.creditPayments(invoice.recipient, [payment]);
    await h.service.creditPayments(invoice.recipient, [payment]);
    await h.watcher.catchUp();
    const body = await read(invoice.id);
    assert.equal(body.amount_paid_coin, 4);
    assert.equal(body.payments.length, 1);
  });

  test('POST /dev/ledger/payments pays through the simulated ledger and checks its input', async () => {
    const h = harness();
    const invoice = await create({ amount_coin: 1.5 });
    const response = await h.app.inject({
      method: 'POST',
      url: '/dev/ledger/payments',
      headers: { 'content-type': 'application/json' },
      payload: `{"to":"${invoice.recipient}","amount":1.5,"message":"${invoice.message}"}`,
    });
    assert.equal(response.statusCode, 201, response.body);
    assert.match(response.json().tx_id, /^[0-9a-f]{64}$/);
    await h.watcher.catchUp();
    assert.equal((await read(invoice.id)).status, 'paid');
    const bad = await h.app.inject({
      method: 'POST',
      url: '/dev/ledger/payments',
      headers: { 'content-type': 'application/json' },
      payload: '{"to":"SIMNOPE","amount":1}',
    });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().error.param, 'to');
    const cases: [string, string][] = [
      [`{"to":"${invoice.recipient}","amount":1,"message":"${'X'.repeat(29)}"}`, 'message_too_long'],
      [`{"to":"${invoice.recipient}","amount":1,"message":7}`, 'message_invalid'],
      [`{"to":"${invoice.recipient}","amount":0.00000001}`, 'amount_too_precise'],
      [`{"to":"${invoice.recipient}","amount":0.000001}`, 'amount_too_small'],
      [`{"to":"${invoice.recipient}","amount":true}`, 'amount_invalid'],
      [`{"to":"${invoice.recipient}","amount":1,"memo":"x"}`, 'unknown_parameter'],
    ];
    for (const [payload, code] of cases) {
      const response = await h.app.inject({
        method: 'POST',
        url: '/dev/ledger/payments',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      assert.equal(response.statusCode, 400, payload);
      assert.equal(response.json().error.code, code, payload);
    }
  });
});
