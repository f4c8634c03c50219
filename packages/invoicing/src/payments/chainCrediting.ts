import { type Invoice, isInTime, settleInvoice } from '../domain/invoice.js';
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
} from '../store/chainLedger.js';
import type { InvoicingDb } from '../store/database.js';
import { findInvoicesForUpdate, saveInvoiceChange } from '../store/invoices.js';
import { recordPaymentOnce } from '../store/ledgerPayments.js';
import { markAddressUsed } from '../store/merchants.js';

/**
 * Crediting on a chain ledger: outputs paying an invoice's own address are recorded once (the
 * transaction id and output index are the key), placed in their block or in the mempool, counted
 * up in confirmations, and dropped when they leave the ledger. Every change of an invoice is
 * computed again from its payments that still exist (`settleInvoice`), so a payment that leaves
 * and comes back is never counted twice. Every function runs inside the caller's transaction and
 * returns the ids of the invoices it changed.
 */
export interface ChainCreditOptions {
  ledger: string;
  now: number;
  lateWindowMs: number;
}

/** Records the outputs paying invoice addresses (others are ignored) and places them; returns the invoices touched. */
async function recordOutputs(
  trx: InvoicingDb,
  outputs: ChainOutput[],
  placement: { block: FollowedBlock | null; time: number },
  options: ChainCreditOptions,
): Promise<Set<string>> {
  const touched = new Set<string>();
  if (outputs.length === 0) return touched;
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
      if (known.invoiceId) touched.add(known.invoiceId);
      continue;
    }
    const afterWindow = placement.time > invoice.expiresAt * 1000 + options.lateWindowMs;
    await recordPaymentOnce(trx, {
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
    });
    if (!afterWindow) touched.add(invoice.id);
  }
  return touched;
}

/** Computes the invoices again from their payments that still exist and stores what changed. */
export async function settleInvoices(trx: InvoicingDb, ids: Iterable<string>, now: number): Promise<string[]> {
  const changed: string[] = [];
  const sorted = [...new Set(ids)].sort();
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
    await saveInvoiceChange(trx, change, { now });
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
  const touched = await recordOutputs(trx, block.outputs, { block: followed, time: block.time }, options);
  for (const id of await countConfirmations(trx, options.ledger, block.height)) touched.add(id);
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
  const touched = await unconfirmAbove(trx, options.ledger, fork.height);
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
  const touched = await recordOutputs(trx, outputs, { block: null, time: options.now }, options);
  if (mempool) {
    for (const payment of await unconfirmedPayments(trx, options.ledger)) {
      if (mempool.has(payment.txId)) continue;
      await dropPayment(trx, options.ledger, payment, options.now);
      if (payment.invoiceId) touched.add(payment.invoiceId);
    }
  }
  return settleInvoices(trx, touched, options.now);
}
