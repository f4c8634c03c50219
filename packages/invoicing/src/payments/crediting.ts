import { applyPayment, isInTime } from '../domain/invoice.js';
import { normaliseMessage } from '../domain/references.js';
import type { LedgerPayment } from '../ledger/ledger.js';
import type { InvoicingDb } from '../store/database.js';
import { findInvoiceForUpdate, saveInvoiceChange } from '../store/invoices.js';
import { recordPaymentOnce } from '../store/ledger-payments.js';

export type UnmatchedReason = 'no_message' | 'unknown_message' | 'not_native' | 'wrong_recipient' | 'after_late_window';

/**
 * Records one final ledger payment and credits the invoice it matches, inside the caller's
 * transaction. A payment matches when it is in the native coin, its memo equals an invoice's
 * message after normalisation (trim, upper-case), it went to that invoice's recipient, and its
 * ledger time is before the end of the late window. Anything else is kept as unmatched with the
 * reason. Returns the credited invoice id, or null (unmatched, or seen before).
 */
export async function creditLedgerPayment(
  trx: InvoicingDb,
  ledger: string,
  payment: LedgerPayment,
  options: { now: number; lateWindowMs: number },
): Promise<string | null> {
  let reason: UnmatchedReason | null = null;
  const invoice =
    payment.memo === null ? undefined : await findInvoiceForUpdate(trx, { message: normaliseMessage(payment.memo) });
  if (payment.asset !== 'native') reason = 'not_native';
  else if (payment.memo === null || payment.memo.trim() === '') reason = 'no_message';
  else if (!invoice) reason = 'unknown_message';
  else if (invoice.recipient !== payment.to) reason = 'wrong_recipient';
  else if (payment.time > invoice.expiresAt * 1000 + options.lateWindowMs) reason = 'after_late_window';

  const credited = reason === null && invoice ? invoice : null;
  const fresh = await recordPaymentOnce(trx, {
    ledger,
    txId: payment.txId,
    opIndex: payment.opIndex,
    to: payment.to,
    amount: payment.amount,
    asset: payment.asset,
    memo: payment.memo,
    ledgerTime: payment.time,
    invoiceId: credited?.id ?? null,
    unmatchedReason: reason,
    late: credited ? !isInTime(credited, payment.time) : false,
    recordedAt: options.now,
  });
  if (!fresh || !credited) return null;
  await saveInvoiceChange(
    trx,
    applyPayment(credited, { amount: payment.amount, ledgerTime: payment.time }, options.now),
    {
      now: options.now,
      causes: [
        {
          kind: 'payment_credited',
          payment: {
            txId: payment.txId,
            opIndex: payment.opIndex,
            amount: payment.amount,
            ledgerTime: payment.time,
            late: !isInTime(credited, payment.time),
          },
        },
      ],
    },
  );
  return credited.id;
}
