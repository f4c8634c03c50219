import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Invoice, openInvoice, type SeenPayment, settleInvoice } from '../src/domain/invoice.js';

/** An invoice of `amount` minor units created at time 0, valid 10 minutes, needing `confirmations`. */
function invoice(amount: bigint, confirmations: number, toleranceBp = 0): Invoice {
  return openInvoice({
    id: 'c'.repeat(24),
    merchantId: 'm',
    orderRef: 'INV-0000000000X',
    recipient: 'rltc1qexample',
    addressIndex: 0,
    pricedIn: 'coin',
    amountCoin: amount,
    amountEur: 0n,
    rate: { eurPerCoin: 1n, source: 'fixed', at: 0 },
    toleranceBp,
    confirmationsRequired: confirmations,
    expiresMin: 10,
    now: 0,
  }).invoice;
}

const minute = 60_000;
const seen = (amount: bigint, confirmations: number, ledgerTime = minute): SeenPayment => ({
  amount,
  ledgerTime,
  confirmations,
});

test('a payment short of its confirmations makes the invoice processing, then paid', () => {
  const start = invoice(1000n, 2);
  const pending = settleInvoice(start, [seen(1000n, 0)], minute);
  assert.equal(pending.invoice.status, 'processing');
  assert.equal(pending.invoice.amountPending, 1000n);
  assert.equal(pending.invoice.amountPaid, 0n);
  assert.deepEqual(pending.statusChange, { status: 'processing', at: minute });
  const one = settleInvoice(pending.invoice, [seen(1000n, 1)], 2 * minute);
  assert.equal(one.invoice.status, 'processing');
  assert.equal(one.statusChange, null);
  const paid = settleInvoice(one.invoice, [seen(1000n, 2)], 3 * minute);
  assert.equal(paid.invoice.status, 'paid');
  assert.equal(paid.invoice.paidAt, minute);
  assert.equal(paid.invoice.amountPaid, 1000n);
  assert.equal(paid.invoice.amountPending, 0n);
});

test('with no confirmations required a payment seen in the mempool pays at once', () => {
  const paid = settleInvoice(invoice(1000n, 0), [seen(1000n, 0)], minute);
  assert.equal(paid.invoice.status, 'paid');
});

test('a payment that leaves the ledger reopens the invoice, or expires it after its time', () => {
  const paid = settleInvoice(invoice(1000n, 1), [seen(1000n, 1)], minute).invoice;
  const reopened = settleInvoice(paid, [], 2 * minute);
  assert.equal(reopened.invoice.status, 'open');
  assert.equal(reopened.invoice.paidAt, null);
  assert.equal(reopened.invoice.amountPaid, 0n);
  assert.equal(reopened.invoice.flags.partial, false);
  // Processing past the expiry stays processing (the payment was made in time), and expires once it leaves.
  const processing = settleInvoice(invoice(1000n, 1), [seen(1000n, 0)], minute).invoice;
  assert.equal(settleInvoice(processing, [seen(1000n, 0)], 20 * minute).invoice.status, 'processing');
  assert.equal(settleInvoice(processing, [], 20 * minute).invoice.status, 'expired');
});

test('partial, over- and late payments on a chain: pending amounts count towards partial and overpaid', () => {
  const partial = settleInvoice(invoice(1000n, 1), [seen(400n, 0)], minute).invoice;
  assert.equal(partial.status, 'open');
  assert.equal(partial.flags.partial, true);
  const over = settleInvoice(invoice(1000n, 1), [seen(1500n, 1)], minute).invoice;
  assert.equal(over.status, 'paid');
  assert.equal(over.flags.overpaid, true);
  const late = settleInvoice(invoice(1000n, 1), [seen(1000n, 1, 11 * minute)], 12 * minute).invoice;
  assert.equal(late.status, 'expired');
  assert.equal(late.flags.late, true);
  assert.equal(late.amountPaid, 1000n);
  const tolerated = settleInvoice(invoice(1000n, 1, 100), [seen(990n, 1)], minute).invoice;
  assert.equal(tolerated.status, 'paid');
});
