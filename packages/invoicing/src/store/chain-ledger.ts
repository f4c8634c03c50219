import { sql } from 'kysely';
import type { InvoicingDb } from './database.js';
import { num } from './database.js';
import { type RecordedPayment, toRecorded } from './ledger-payments.js';

/**
 * What the watcher of a chain ledger keeps: the blocks it followed (height and hash, to notice a
 * reorganisation) and where each payment stands (its block, confirmations, or gone). Every
 * function runs inside the caller's transaction.
 */
export interface FollowedBlock {
  height: number;
  hash: string;
}

/** How many followed blocks are kept; a reorganisation deeper than this cannot be undone exactly. */
export const KEPT_BLOCKS = 1000;

export async function lastFollowedBlock(db: InvoicingDb, ledger: string): Promise<FollowedBlock | undefined> {
  const row = await db
    .selectFrom('chain_blocks')
    .select(['height', 'hash'])
    .where('ledger', '=', ledger)
    .orderBy('height', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { height: num(row.height), hash: row.hash } : undefined;
}

/** The followed blocks from `fromHeight` up, highest first. */
export async function followedBlocksFrom(
  db: InvoicingDb,
  ledger: string,
  fromHeight: number,
): Promise<FollowedBlock[]> {
  const rows = await db
    .selectFrom('chain_blocks')
    .select(['height', 'hash'])
    .where('ledger', '=', ledger)
    .where('height', '>=', fromHeight)
    .orderBy('height', 'desc')
    .execute();
  return rows.map((r) => ({ height: num(r.height), hash: r.hash }));
}

export async function saveFollowedBlock(db: InvoicingDb, ledger: string, block: FollowedBlock, now: number) {
  await db
    .insertInto('chain_blocks')
    .values({ ledger, height: block.height, hash: block.hash, recorded_at: now })
    .execute();
  await db
    .deleteFrom('chain_blocks')
    .where('ledger', '=', ledger)
    .where('height', '<=', block.height - KEPT_BLOCKS)
    .execute();
}

/** Forgets the followed blocks above `height` (they left the best chain). */
export async function forgetBlocksAbove(db: InvoicingDb, ledger: string, height: number) {
  await db.deleteFrom('chain_blocks').where('ledger', '=', ledger).where('height', '>', height).execute();
}

/** The recorded payments of these transactions, keyed `txId:opIndex`. */
export async function findPaymentsOfTransactions(
  db: InvoicingDb,
  ledger: string,
  txIds: string[],
): Promise<Map<string, RecordedPayment>> {
  const found = new Map<string, RecordedPayment>();
  for (let i = 0; i < txIds.length; i += 500) {
    const rows = await db
      .selectFrom('ledger_payments')
      .selectAll()
      .where('ledger', '=', ledger)
      .where('tx_id', 'in', txIds.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(`${row.tx_id}:${num(row.op_index)}`, toRecorded(row));
  }
  return found;
}

/** Places a recorded payment in a block (or back in the mempool with `block` null); it exists again if it was gone. */
export async function placePayment(
  db: InvoicingDb,
  ledger: string,
  payment: Pick<RecordedPayment, 'txId' | 'opIndex'>,
  block: FollowedBlock | null,
  confirmations: number,
) {
  await db
    .updateTable('ledger_payments')
    .set({
      block_height: block?.height ?? null,
      block_hash: block?.hash ?? null,
      confirmations,
      dropped_at: null,
    })
    .where('ledger', '=', ledger)
    .where('tx_id', '=', payment.txId)
    .where('op_index', '=', payment.opIndex)
    .execute();
}

/** Payments in blocks above `height` become unconfirmed again; returns the invoices they were credited to. */
export async function unconfirmAbove(db: InvoicingDb, ledger: string, height: number): Promise<string[]> {
  const rows = await db
    .updateTable('ledger_payments')
    .set({ block_height: null, block_hash: null, confirmations: 0 })
    .where('ledger', '=', ledger)
    .where('block_height', '>', height)
    .returning('invoice_id')
    .execute();
  return rows.flatMap((r) => (r.invoice_id ? [r.invoice_id] : []));
}

/** Unconfirmed payments that still exist. */
export async function unconfirmedPayments(db: InvoicingDb, ledger: string): Promise<RecordedPayment[]> {
  const rows = await db
    .selectFrom('ledger_payments')
    .selectAll()
    .where('ledger', '=', ledger)
    .where('block_height', 'is', null)
    .where('dropped_at', 'is', null)
    .execute();
  return rows.map(toRecorded);
}

export async function dropPayment(db: InvoicingDb, ledger: string, payment: RecordedPayment, now: number) {
  await db
    .updateTable('ledger_payments')
    .set({ dropped_at: now, confirmations: 0 })
    .where('ledger', '=', ledger)
    .where('tx_id', '=', payment.txId)
    .where('op_index', '=', payment.opIndex)
    .execute();
}

/**
 * Counts the confirmations of payments in the last blocks that have not reached their target yet,
 * with `tip` the best chain's height; returns the invoices whose payments changed.
 */
export async function countConfirmations(db: InvoicingDb, ledger: string, tip: number): Promise<string[]> {
  const rows = await db
    .updateTable('ledger_payments')
    .set({
      confirmations: sql<number>`case when ${tip + 1} - block_height > confirmations_target then confirmations_target else ${tip + 1} - block_height end`,
    })
    .where('ledger', '=', ledger)
    .where('block_height', '>', tip - 6)
    .whereRef('confirmations', '<', 'confirmations_target')
    .where('dropped_at', 'is', null)
    .returning('invoice_id')
    .execute();
  return rows.flatMap((r) => (r.invoice_id ? [r.invoice_id] : []));
}

/** The payments credited to these invoices that still exist, by invoice, for settling them again. */
export async function livePaymentsOfInvoices(
  db: InvoicingDb,
  invoiceIds: string[],
): Promise<Map<string, RecordedPayment[]>> {
  const byInvoice = new Map<string, RecordedPayment[]>();
  for (let i = 0; i < invoiceIds.length; i += 500) {
    const rows = await db
      .selectFrom('ledger_payments')
      .selectAll()
      .where('invoice_id', 'in', invoiceIds.slice(i, i + 500))
      .where('dropped_at', 'is', null)
      .execute();
    for (const row of rows) {
      const payment = toRecorded(row);
      const list = byInvoice.get(payment.invoiceId!) ?? [];
      list.push(payment);
      byInvoice.set(payment.invoiceId!, list);
    }
  }
  return byInvoice;
}
