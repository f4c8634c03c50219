import { type Invoice, isInTime, settleInvoice } from '../domain/invoice.js';
import type { ChangeCause } from '../domain/webhook-events.js';
import type { ChainBlock, ChainOutput } from '../ledger/ledger.js';
import {
  countConfirmations,
  dropPayment,
  type FollowedBlock,
  findPaymentsOfTransactions,
  forgetBlocksAbove,
  livePaymentsOfInvoices,
  placePayment,
  saveFollowedBlock,
  unconfirmAbove,
  unconfirmedPayments,
} from '../store/chain-ledger.js';
import type { InvoicingDb } from '../store/database.js';
import { findInvoicesForUpdate, saveInvoiceChange } from '../store/invoices.js';
import { type RecordedPayment, recordPaymentOnce } from '../store/ledger-payments.js';
import { markAddressUsed } from '../store/merchants.js';

/**
 * Crediting on a chain ledger: outputs paying an invoice's own address are recorded once (the
 * transaction id and output index are the key), placed in their block or in the mempool, counted
 * up in confirmations, and dropped when they leave the ledger. Every change of an invoice is
 * computed again from its payments that still exist (`settleInvoice`), so a payment that leaves
 * and comes back is never counted twice. Every function runs inside the caller's transaction and
 * returns the ids of the invoices it changed.
 *
 * A payment credited to an invoice (first seen, or back after it had left the ledger) and a
 * payment that leaves the ledger are the causes of the change they bring, so the webhook events
 * `invoice.payment_received` and `invoice.payment_reverted` are written with the change, in the
 * same transaction. A payment that only moves (mempool to block, or back to the mempool when its
 * block is undone) or gains confirmations causes no payment event; the status it leads to does.
 */
export interface ChainCreditOptions {
  ledger: string;
  now: number;
  lateWindowMs: number;
}

/** The invoices touched in one pass, each with the payments credited to it or undone, in order. */
class TouchedInvoices {
  readonly causes = new Map<string, ChangeCause[]>();

  add(invoiceId: string | null | undefined, cause?: ChangeCause['kind'], payment?: RecordedPayment): void {
    if (!invoiceId) return;
    let list = this.causes.get(invoiceId);
    if (!list) {
      list = [];
      this.causes.set(invoiceId, list);
    }
    if (cause && payment) {
      list.push({
        kind: cause,
        payment: {
          txId: payment.txId,
          opIndex: payment.opIndex,
          amount: payment.amount,
          ledgerTime: payment.ledgerTime,
          late: payment.late,
        },
      });
    }
  }

  addAll(invoiceIds: Iterable<string>): void {
    for (const id of invoiceIds) this.add(id);
  }
}

/** Records the outputs paying invoice addresses (others are ignored) and places them; returns the invoices touched. */
async function recordOutputs(
  trx: InvoicingDb,
  outputs: ChainOutput[],
  placement: { block: FollowedBlock | null; time: number },
  options: ChainCreditOptions,
  touched: TouchedInvoices,
): Promise<void> {
  if (outputs.length === 0) return;
  const invoices = new Map<string, Invoice>();
  const recipients = [...new Set(outputs.map((o) => o.address))];
  // An address given again (gap limit) belongs to its newest invoice.
  const found = await findInvoicesForUpdate(trx, { recipients });
  for (const invoice of found.sort((a, b) => a.createdAt - b.createdAt)) invoices.set(invoice.recipient, invoice);
  const paying = outputs.filter((o) => invoices.has(o.address));
  const recorded = await findPaymentsOfTransactions(trx, options.ledger, [...new Set(paying.map((o) => o.txId))]);
  for (const output of paying) {
    const invoice = invoices.get(output.address)!;
    const confirmations = placement.block ? 1 : 0;
    const known = recorded.get(`${output.txId}:${output.vout}`);
    if (known) {
      if (known.blockHash === (placement.block?.hash ?? null) && !known.droppedAt) continue;
      // Seen in the mempool while recorded in a block: a reorganisation the block pass has not seen yet.
      if (!placement.block && known.blockHeight !== null && !known.droppedAt) continue;
      await placePayment(
        trx,
        options.ledger,
        known,
        placement.block,
        Math.min(confirmations, known.confirmationsTarget ?? 1),
      );
      // Back after it had left the ledger: credited again (its leaving was announced).
      touched.add(known.invoiceId, known.droppedAt ? 'payment_credited' : undefined, known);
      continue;
    }
    const afterWindow = placement.time > invoice.expiresAt * 1000 + options.lateWindowMs;
    const payment: RecordedPayment = {
      ledger: options.ledger,
      txId: output.txId,
      opIndex: output.vout,
      to: output.address,
      amount: output.amount,
      asset: 'native',
      memo: null,
      ledgerTime: placement.time,
      invoiceId: afterWindow ? null : invoice.id,
      unmatchedReason: afterWindow ? 'after_late_window' : null,
      late: !afterWindow && !isInTime(invoice, placement.time),
      recordedAt: options.now,
      blockHeight: placement.block?.height ?? null,
      blockHash: placement.block?.hash ?? null,
      confirmations,
      confirmationsTarget: Math.max(1, invoice.confirmationsRequired),
    };
    const fresh = await recordPaymentOnce(trx, payment);
    if (fresh) touched.add(payment.invoiceId, 'payment_credited', payment);
  }
}

/** Computes the invoices again from their payments that still exist and stores what changed. */
async function settleInvoices(trx: InvoicingDb, touched: TouchedInvoices, now: number): Promise<string[]> {
  const changed: string[] = [];
  const sorted = [...touched.causes.keys()].sort();
  if (sorted.length === 0) return changed;
  const invoices = await findInvoicesForUpdate(trx, { ids: sorted });
  const payments = await livePaymentsOfInvoices(trx, sorted);
  for (const invoice of invoices) {
    const live = payments.get(invoice.id) ?? [];
    const change = settleInvoice(
      invoice,
      live.map((p) => ({ amount: p.amount, ledgerTime: p.ledgerTime, confirmations: p.confirmations ?? 0 })),
      now,
    );
    await saveInvoiceChange(trx, change, {
      now,
      causes: touched.causes.get(invoice.id),
      amountPaidBefore: invoice.amountPaid,
    });
    if (live.length > 0 && invoice.addressIndex !== null) {
      await markAddressUsed(trx, invoice.merchantId, invoice.addressIndex);
    }
    changed.push(invoice.id);
  }
  return changed;
}

/** Applies a block that extends the followed chain: its payments, the confirmations it adds, and the cursor. */
export async function applyBlock(trx: InvoicingDb, block: ChainBlock, options: ChainCreditOptions): Promise<string[]> {
  const followed = { height: block.height, hash: block.hash };
  const touched = new TouchedInvoices();
  await recordOutputs(trx, block.outputs, { block: followed, time: block.time }, options, touched);
  touched.addAll(await countConfirmations(trx, options.ledger, block.height));
  await saveFollowedBlock(trx, options.ledger, followed, options.now);
  return settleInvoices(trx, touched, options.now);
}

/**
 * Undoes the followed blocks above the fork: their payments become unconfirmed (the mempool pass
 * then keeps or drops them), and the fork becomes the followed tip.
 */
export async function undoBlocksAbove(
  trx: InvoicingDb,
  fork: FollowedBlock,
  options: ChainCreditOptions,
): Promise<string[]> {
  const touched = new TouchedInvoices();
  touched.addAll(await unconfirmAbove(trx, options.ledger, fork.height));
  await forgetBlocksAbove(trx, options.ledger, fork.height - 1);
  await saveFollowedBlock(trx, options.ledger, fork, options.now);
  return settleInvoices(trx, touched, options.now);
}

/**
 * Records payments seen in the mempool, and, when `mempool` is the whole mempool at the followed
 * tip, drops the unconfirmed payments that are no longer in it (replaced, double spent, or gone
 * with an undone block).
 */
export async function applyMempool(
  trx: InvoicingDb,
  outputs: ChainOutput[],
  mempool: Set<string> | null,
  options: ChainCreditOptions,
): Promise<string[]> {
  const touched = new TouchedInvoices();
  await recordOutputs(trx, outputs, { block: null, time: options.now }, options, touched);
  if (mempool) {
    for (const payment of await unconfirmedPayments(trx, options.ledger)) {
      if (mempool.has(payment.txId)) continue;
      await dropPayment(trx, options.ledger, payment, options.now);
      touched.add(payment.invoiceId, 'payment_reverted', payment);
    }
  }
  return settleInvoices(trx, touched, options.now);
}
