import { precompiled } from '@svc/common';
import type { InvoicingDb } from './database.js';
import { big, num } from './database.js';
import type { LedgerPaymentTable } from './schema.js';

/** A ledger payment as recorded: credited to an invoice, or kept as unmatched with the reason. */
export interface RecordedPayment {
  ledger: string;
  txId: string;
  opIndex: number;
  to: string;
  amount: bigint;
  asset: string;
  memo: string | null;
  ledgerTime: number;
  invoiceId: string | null;
  unmatchedReason: string | null;
  late: boolean;
  recordedAt: number;
  /** Chain ledgers: the block holding it on the best chain (null while unconfirmed). */
  blockHeight?: number | null;
  blockHash?: string | null;
  /** As last counted (final payments of a memo ledger: 1). */
  confirmations?: number;
  /** Counting stops here: the invoice's required confirmations, at least 1. */
  confirmationsTarget?: number;
  /** When it left the ledger (replaced, or its block undone and the transaction gone); null while it exists. */
  droppedAt?: number | null;
}

export function toRecorded(row: LedgerPaymentTable): RecordedPayment {
  return {
    ledger: row.ledger,
    txId: row.tx_id,
    opIndex: num(row.op_index),
    to: row.to_address,
    amount: big(row.amount),
    asset: row.asset,
    memo: row.memo,
    ledgerTime: num(row.ledger_time),
    invoiceId: row.invoice_id,
    unmatchedReason: row.unmatched_reason,
    late: num(row.late) === 1,
    recordedAt: num(row.recorded_at),
    blockHeight: row.block_height === null || row.block_height === undefined ? null : num(row.block_height),
    blockHash: row.block_hash ?? null,
    confirmations: num(row.confirmations ?? 1),
    confirmationsTarget: num(row.confirmations_target ?? 1),
    droppedAt: row.dropped_at === null || row.dropped_at === undefined ? null : num(row.dropped_at),
  };
}

/**
 * Records a payment unless this (ledger, tx id, operation index) is already recorded. Returns
 * false for a payment seen before: the caller must then change nothing, which is what makes a
 * payment count once however often the watcher sees it.
 */
export async function recordPaymentOnce(db: InvoicingDb, payment: RecordedPayment): Promise<boolean> {
  const result = await db
    .insertInto('ledger_payments')
    .values({
      ledger: payment.ledger,
      tx_id: payment.txId,
      op_index: payment.opIndex,
      to_address: payment.to,
      amount: payment.amount,
      asset: payment.asset,
      memo: payment.memo,
      ledger_time: payment.ledgerTime,
      invoice_id: payment.invoiceId,
      unmatched_reason: payment.unmatchedReason,
      late: payment.late ? 1 : 0,
      recorded_at: payment.recordedAt,
      block_height: payment.blockHeight ?? null,
      block_hash: payment.blockHash ?? null,
      confirmations: payment.confirmations ?? 1,
      confirmations_target: payment.confirmationsTarget ?? 1,
    })
    .onConflict((oc) => oc.columns(['ledger', 'tx_id', 'op_index']).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** The rows of an invoice's payments that still exist, in ledger order. */
export async function paymentRowsOfInvoice(db: InvoicingDb, invoiceId: string): Promise<LedgerPaymentTable[]> {
  const query = precompiled(
    db,
    'payments of invoice',
    (d) =>
      d
        .selectFrom('ledger_payments')
        .selectAll()
        .where('invoice_id', '=', invoiceId)
        .where('dropped_at', 'is', null)
        .orderBy('ledger_time')
        .orderBy('tx_id')
        .orderBy('op_index'),
    [invoiceId],
  );
  return (await db.executeQuery(query)).rows;
}

export async function paymentsOfInvoice(db: InvoicingDb, invoiceId: string): Promise<RecordedPayment[]> {
  return (await paymentRowsOfInvoice(db, invoiceId)).map(toRecorded);
}

/** The payments credited to several invoices at once, by invoice id (each in ledger order). */
export async function paymentsOfInvoices(
  db: InvoicingDb,
  invoiceIds: string[],
): Promise<Map<string, RecordedPayment[]>> {
  const byInvoice = new Map<string, RecordedPayment[]>(invoiceIds.map((id) => [id, []]));
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .selectFrom('ledger_payments')
    .selectAll()
    .where('invoice_id', 'in', invoiceIds)
    .orderBy('ledger_time')
    .orderBy('tx_id')
    .orderBy('op_index')
    .execute();
  for (const row of rows) byInvoice.get(row.invoice_id!)?.push(toRecorded(row));
  return byInvoice;
}

/** Unmatched payments, newest first; to one address when given. */
export async function unmatchedPayments(
  db: InvoicingDb,
  options: { address?: string; limit: number },
): Promise<RecordedPayment[]> {
  let select = db
    .selectFrom('ledger_payments')
    .selectAll()
    .where('invoice_id', 'is', null)
    .where('dropped_at', 'is', null);
  if (options.address) select = select.where('to_address', '=', options.address);
  const rows = await select.orderBy('recorded_at', 'desc').orderBy('tx_id').limit(options.limit).execute();
  return rows.map(toRecorded);
}

export async function readCursor(db: InvoicingDb, ledger: string, address: string): Promise<string | null> {
  const row = await db
    .selectFrom('ledger_cursors')
    .select('cursor')
    .where('ledger', '=', ledger)
    .where('address', '=', address)
    .executeTakeFirst();
  return row?.cursor ?? null;
}

export async function saveCursor(db: InvoicingDb, ledger: string, address: string, cursor: string, now: number) {
  await db
    .insertInto('ledger_cursors')
    .values({ ledger, address, cursor, updated_at: now })
    .onConflict((oc) => oc.columns(['ledger', 'address']).doUpdateSet({ cursor, updated_at: now }))
    .execute();
}
