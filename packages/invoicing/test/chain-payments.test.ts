import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useChainHarness } from './support/chain-harness.js';

/** Payments on a real Litecoin Core regtest chain, from the mempool to the required confirmations. */
describeEachEngine('chain ledger payments', (engine) => {
  const harness = useChainHarness(engine);

  test('an exact payment is processing from the mempool and paid once mined', { timeout: 120_000 }, async () => {
    const h = harness();
    const invoice = await h.invoice('0.5');
    assert.match(invoice.recipient, /^rltc1q[02-9ac-hj-np-z]{38}$/);
    assert.equal(invoice.confirmations_required, 1);
    const txId = await h.node.wallet.call<string>('sendtoaddress', [invoice.recipient, '0.5']);
    const pending = await h.waitFor(invoice.id, (v) => v.status === 'processing', 'processing');
    assert.equal(pending.amount_pending_coin, 0.5);
    assert.equal(pending.amount_paid_coin, 0);
    assert.equal(pending.amount_due_coin, 0);
    assert.deepEqual(
      pending.payments.map((p) => [p.tx_id, p.amount_coin, p.confirmations]),
      [[txId, 0.5, 0]],
    );
    await h.node.mine(1);
    const paid = await h.waitFor(invoice.id, (v) => v.status === 'paid', 'paid');
    assert.equal(paid.amount_paid_coin, 0.5);
    assert.equal(paid.amount_pending_coin, 0);
    assert.equal(paid.payments[0]!.confirmations, 1);
    assert.deepEqual(
      paid.timeline.map((t) => t.status),
      ['open', 'processing', 'paid'],
    );
  });

  test('with two confirmations required the invoice stays processing after the first', {
    timeout: 120_000,
  }, async () => {
    const h = harness();
    await h.service.updateMerchant(h.merchant.id, { settings: { confirmations: 2 } });
    try {
      const invoice = await h.invoice('0.25');
      assert.equal(invoice.confirmations_required, 2);
      await h.node.wallet.call('sendtoaddress', [invoice.recipient, '0.25']);
      await h.waitFor(invoice.id, (v) => v.status === 'processing', 'processing');
      await h.node.mine(1);
      const one = await h.waitFor(invoice.id, (v) => v.payments[0]?.confirmations === 1, 'one confirmation');
      assert.equal(one.status, 'processing');
      await h.node.mine(1);
      const paid = await h.waitFor(invoice.id, (v) => v.status === 'paid', 'paid');
      assert.equal(paid.payments[0]!.confirmations, 2);
    } finally {
      await h.service.updateMerchant(h.merchant.id, { settings: { confirmations: 1 } });
    }
  });

  test('a partial payment then a top-up pays the invoice', { timeout: 120_000 }, async () => {
    const h = harness();
    const invoice = await h.invoice('1');
    await h.node.wallet.call('sendtoaddress', [invoice.recipient, '0.4']);
    const partial = await h.waitFor(invoice.id, (v) => v.payments.length === 1, 'the first payment');
    assert.equal(partial.status, 'open');
    assert.equal(partial.flags.partial, true);
    assert.equal(partial.amount_due_coin, 0.6);
    await h.node.mine(1);
    const confirmed = await h.waitFor(invoice.id, (v) => v.amount_paid_coin === 0.4, 'the first payment confirmed');
    assert.equal(confirmed.status, 'open');
    await h.node.wallet.call('sendtoaddress', [invoice.recipient, '0.6']);
    await h.waitFor(invoice.id, (v) => v.status === 'processing', 'processing');
    await h.node.mine(1);
    const paid = await h.waitFor(invoice.id, (v) => v.status === 'paid', 'paid');
    assert.equal(paid.amount_paid_coin, 1);
    assert.equal(paid.flags.partial, false);
    assert.equal(paid.payments.length, 2);
  });

  test('an overpayment pays the invoice and is flagged', { timeout: 120_000 }, async () => {
    const h = harness();
    const invoice = await h.invoice('0.3');
    await h.node.wallet.call('sendtoaddress', [invoice.recipient, '0.45']);
    await h.waitFor(invoice.id, (v) => v.status === 'processing', 'processing');
    await h.node.mine(1);
    const paid = await h.waitFor(invoice.id, (v) => v.status === 'paid', 'paid');
    assert.equal(paid.amount_paid_coin, 0.45);
    assert.equal(paid.flags.overpaid, true);
  });

  test('a payment after expiry within the late window is credited and flagged late', { timeout: 120_000 }, async () => {
    const h = harness();
    const invoice = await h.invoice('0.2', 1);
    h.clockOffsetMs = 2 * 60_000;
    try {
      await h.waitFor(invoice.id, (v) => v.status === 'expired', 'expired');
      await h.node.wallet.call('sendtoaddress', [invoice.recipient, '0.2']);
      const late = await h.waitFor(invoice.id, (v) => v.payments.length === 1, 'the late payment');
      assert.equal(late.payments[0]!.late, true);
      await h.node.mine(1);
      const confirmed = await h.waitFor(invoice.id, (v) => v.amount_paid_coin === 0.2, 'confirmed');
      assert.equal(confirmed.status, 'expired');
      assert.equal(confirmed.flags.late, true);
    } finally {
      h.clockOffsetMs = 0;
    }
  });

  test('two invoices of one merchant paid in one transaction are both paid', { timeout: 120_000 }, async () => {
    const h = harness();
    const first = await h.invoice('0.11');
    const second = await h.invoice('0.22');
    assert.notEqual(first.recipient, second.recipient);
    const txId = await h.node.wallet.call<string>('sendmany', [
      '',
      { [first.recipient]: '0.11', [second.recipient]: '0.22' },
    ]);
    await h.node.mine(1);
    const a = await h.waitFor(first.id, (v) => v.status === 'paid', 'the first paid');
    const b = await h.waitFor(second.id, (v) => v.status === 'paid', 'the second paid');
    assert.equal(a.payments[0]!.tx_id, txId);
    assert.equal(b.payments[0]!.tx_id, txId);
    assert.notEqual(a.payments[0]!.op_index, b.payments[0]!.op_index);
    assert.equal(a.amount_paid_coin, 0.11);
    assert.equal(b.amount_paid_coin, 0.22);
  });

  test('a payment to an address that is no invoice’s is ignored', { timeout: 120_000 }, async () => {
    const h = harness();
    const invoice = await h.invoice('0.1');
    const foreign = await h.node.wallet.call<string>('getnewaddress', ['', 'bech32']);
    const txId = await h.node.wallet.call<string>('sendtoaddress', [foreign, '0.1']);
    const [block] = await h.node.mine(1);
    const height = (await h.node.rpc.call<{ height: number }>('getblock', [block])).height;
    // Once the watcher has followed the block, nothing of that transaction is recorded anywhere.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const followed = await h.store.db
        .selectFrom('chain_blocks')
        .select('height')
        .where('height', '=', height)
        .executeTakeFirst();
      if (followed) break;
      if (Date.now() > deadline) throw new Error('the watcher did not follow the block');
      h.watcher.poke();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const recorded = await h.store.db.selectFrom('ledger_payments').select('tx_id').where('tx_id', '=', txId).execute();
    assert.deepEqual(recorded, []);
    const view = await h.read(invoice.id);
    assert.equal(view.status, 'open');
    assert.deepEqual(view.payments, []);
  });
});
