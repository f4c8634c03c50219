import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { getInvoice, postInvoice, useHarness } from './harness.js';

describeEachEngine('invoice flows', (engine) => {
  const harness = useHarness(engine);

  async function create(body: Record<string, unknown>) {
    const h = harness();
    const created = await postInvoice(h, { api_key: h.key, ...body });
    assert.equal(created.status, 201, created.text);
    return created.body;
  }

  test('a EUR invoice paid with its message reads as paid', async () => {
    const h = harness();
    const invoice = await create({ amount_eur: 10 });
    assert.equal(invoice.status, 'open');
    assert.equal(invoice.amount_coin, 40);
    h.ledger.submitPayment({ to: invoice.recipient, amount: '40', message: invoice.message, time: h.clock.now() });
    await h.watcher.catchUp();
    const read = await getInvoice(h, invoice.id);
    assert.equal(read.status, 200);
    assert.equal(read.body.status, 'paid');
    assert.equal(read.body.amount_paid_coin, 40);
    assert.equal(read.body.amount_due_coin, 0);
    assert.equal(read.body.payments.length, 1);
    assert.deepEqual(read.body.flags, { partial: false, overpaid: false, late: false });
    assert.deepEqual(
      read.body.timeline.map((t: { status: string }) => t.status),
      ['open', 'paid'],
    );
  });
});
