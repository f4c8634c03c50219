import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useChainHarness } from './support/chain-harness.js';

/** Addresses handed out past the gap limit, and given again once their invoices ended unpaid. */
describeEachEngine('chain ledger gap limit', (engine) => {
  const harness = useChainHarness(engine, { gapLimit: 3 });

  test('past the gap limit the address of an invoice that ended unpaid is given again, and pays the new invoice', {
    timeout: 120_000,
  }, async () => {
    const h = harness();
    const account = h.ledger.parseAccountKey(h.xpub);
    assert.ok(typeof account !== 'string');
    const first = await h.invoice('0.1', 1);
    const second = await h.invoice('0.1', 60);
    const third = await h.invoice('0.1', 1);
    assert.deepEqual(
      [first.recipient, second.recipient, third.recipient],
      [account.addressAt(0), account.addressAt(1), account.addressAt(2)],
    );
    // Three unused addresses in a row, none ended: the next index is taken.
    const fourth = await h.invoice('0.1', 60);
    assert.equal(fourth.recipient, account.addressAt(3));

    // A day and more later the first and third invoices ended unpaid, past their late window.
    h.clockOffsetMs = (24 * 60 + 5) * 60_000;
    try {
      await h.service.expireDueInvoices();
      const fifth = await h.invoice('0.2', 60);
      assert.equal(fifth.recipient, first.recipient, 'the first unused address is given again');
      const sixth = await h.invoice('0.2', 60);
      assert.equal(sixth.recipient, third.recipient);
      const seventh = await h.invoice('0.2', 60);
      assert.equal(seventh.recipient, account.addressAt(4), 'nothing else ended: the next index');

      await h.node.wallet.call('sendtoaddress', [fifth.recipient, '0.2']);
      await h.node.mine(1);
      const paid = await h.waitFor(fifth.id, (v) => v.status === 'paid', 'the new invoice paid');
      assert.equal(paid.amount_paid_coin, 0.2);
      const old = await h.read(first.id);
      assert.equal(old.status, 'expired');
      assert.deepEqual(old.payments, []);
    } finally {
      h.clockOffsetMs = 0;
    }
  });
});
