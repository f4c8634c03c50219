import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useChainHarness } from './support/chain-harness.js';
import { payWithFreshlyMaturedCoin, type RawTransaction, sendRaw } from './support/raw-transactions.js';

describeEachEngine('chain ledger reorganisations and double spends', (engine) => {
  const harness = useChainHarness(engine);

  test('a payment undone by a reorganisation reopens the invoice, and counts once when mined again', {
    timeout: 180_000,
  }, async () => {
    const h = harness();
    const invoice = await h.invoice('0.5');
    const { txId, parent, paying } = await payWithFreshlyMaturedCoin(h, invoice.recipient, '0.5');
    const paid = await h.waitFor(invoice.id, (v) => v.status === 'paid', 'paid');
    assert.equal(paid.payments[0]!.tx_id, txId);

    // The paying block undone: the payment is back in the mempool, unconfirmed.
    await h.node.rpc.call('invalidateblock', [paying]);
    const back = await h.waitFor(invoice.id, (v) => v.status === 'processing', 'processing after the block was undone');
    assert.equal(back.payments[0]!.confirmations, 0);
    assert.equal(back.amount_paid_coin, 0);
    assert.equal(back.amount_pending_coin, 0.5);

    // One block deeper: the payment's coin is immature again and the payment is gone.
    await h.node.rpc.call('invalidateblock', [parent]);
    const open = await h.waitFor(invoice.id, (v) => v.status === 'open', 'open after the payment left the ledger');
    assert.deepEqual(open.payments, []);
    assert.equal(open.amount_pending_coin, 0);

    // Both blocks back: the same transaction is mined again, and counted once.
    await h.node.rpc.call('reconsiderblock', [parent]);
    const again = await h.waitFor(invoice.id, (v) => v.status === 'paid', 'paid again');
    assert.equal(again.amount_paid_coin, 0.5);
    assert.deepEqual(
      again.payments.map((p) => [p.tx_id, p.confirmations]),
      [[txId, 1]],
    );
    // Every step is in the timeline (the first mempool sighting may be missed: the block came at once).
    const steps = again.timeline.map((t) => t.status).join(' ');
    assert.match(steps, /^open (processing )?paid processing open (processing )?paid$/);
    const rows = await h.store.db.selectFrom('ledger_payments').selectAll().where('tx_id', '=', txId).execute();
    assert.equal(rows.length, 1);
  });

  test('a payment replaced by one to another address (RBF) is processing, then open', {
    timeout: 120_000,
  }, async () => {
    const h = harness();
    const invoice = await h.invoice('0.3');
    const txId = await h.node.wallet.call<string>('sendtoaddress', [invoice.recipient, '0.3']);
    await h.waitFor(invoice.id, (v) => v.status === 'processing', 'processing');

    const original = await h.node.rpc.call<RawTransaction>('getrawtransaction', [txId, true]);
    const fee = (await h.node.wallet.call<{ fee: string | number }>('gettransaction', [txId])).fee;
    const spent = original.vout.reduce((sum, out) => sum + BigInt(out.value.replace('.', '')), 0n);
    const inputs = spent + BigInt(Math.round(Math.abs(Number(fee)) * 1e8));
    const elsewhere = await h.node.wallet.call<string>('getnewaddress', ['', 'bech32']);
    const keep = inputs - 1_000_000n;
    const replacement = await sendRaw(
      h.node.wallet,
      original.vin.map((i) => ({ txid: i.txid, vout: i.vout })),
      { [elsewhere]: `${keep / 10n ** 8n}.${(keep % 10n ** 8n).toString().padStart(8, '0')}` },
    );
    assert.notEqual(replacement, txId);
    const open = await h.waitFor(invoice.id, (v) => v.status === 'open', 'open after the replacement');
    assert.deepEqual(open.payments, []);
    await h.node.mine(1);
    await h.waitFor(invoice.id, (v) => v.status === 'open' && v.payments.length === 0, 'still open once mined');
    assert.deepEqual(
      (await h.read(invoice.id)).timeline.map((t) => t.status),
      ['open', 'processing', 'open'],
    );
  });

  test('a fee bump replaces the payment and the replacement pays the invoice once', { timeout: 120_000 }, async () => {
    const h = harness();
    const invoice = await h.invoice('0.2');
    const txId = await h.node.wallet.call<string>('sendtoaddress', [invoice.recipient, '0.2']);
    await h.waitFor(invoice.id, (v) => v.payments[0]?.tx_id === txId, 'the first payment');
    const bumped = await h.node.wallet.call<{ txid: string }>('bumpfee', [txId]);
    const processing = await h.waitFor(invoice.id, (v) => v.payments[0]?.tx_id === bumped.txid, 'the replacement');
    assert.equal(processing.status, 'processing');
    assert.equal(processing.payments.length, 1);
    await h.node.mine(1);
    const paid = await h.waitFor(invoice.id, (v) => v.status === 'paid', 'paid');
    assert.deepEqual(
      paid.payments.map((p) => p.tx_id),
      [bumped.txid],
    );
    assert.equal(paid.amount_paid_coin, 0.2);
  });
});
