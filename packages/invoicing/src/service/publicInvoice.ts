import { LosslessNumber, stringify } from 'lossless-json';
import {
  amountDue,
  type Invoice,
  type InvoiceFlags,
  type InvoiceStatus,
  type TimelineEntry,
} from '../domain/invoice.js';
import { formatCoin, formatEur, formatRate } from '../domain/money.js';
import type { RecordedPayment } from '../store/ledgerPayments.js';

/**
 * What anyone holding an invoice id may see: the spec's ten fields, what is paid and due, the
 * payments, flags and the status history. Nothing about the merchant or its keys. Decimal amounts
 * are exact decimal strings here and exact JSON numbers in `publicInvoiceJson`.
 */
export interface PublicInvoice {
  id: string;
  status: InvoiceStatus;
  order_ref: string;
  amount_coin: string;
  amount_eur: string;
  eur_per_coin: string;
  pay_url: string;
  recipient: string;
  message: string;
  /** Unix seconds. */
  expires_at: number;
  amount_paid_coin: string;
  amount_due_coin: string;
  payments: PublicPayment[];
  flags: InvoiceFlags;
  /** Unix seconds (ledger time of the completing payment), or null. */
  paid_at: number | null;
  timeline: PublicTimelineEntry[];
}

export interface PublicPayment {
  tx_id: string;
  op_index: number;
  amount_coin: string;
  /** Ledger time, Unix seconds. */
  at: number;
  late: boolean;
}

export interface PublicTimelineEntry {
  status: InvoiceStatus;
  /** Unix seconds. */
  at: number;
}

function seconds(ms: number): number {
  return Math.floor(ms / 1000);
}

export function payUrl(baseUrl: string, id: string): string {
  return `${baseUrl}/pay/${encodeURIComponent(id)}`;
}

export function toPublicInvoice(
  invoice: Invoice,
  payments: RecordedPayment[],
  timeline: TimelineEntry[],
  baseUrl: string,
): PublicInvoice {
  return {
    id: invoice.id,
    status: invoice.status,
    order_ref: invoice.orderRef,
    amount_coin: formatCoin(invoice.amountCoin),
    amount_eur: formatEur(invoice.amountEur),
    eur_per_coin: formatRate(invoice.rate),
    pay_url: payUrl(baseUrl, invoice.id),
    recipient: invoice.recipient,
    message: invoice.message,
    expires_at: invoice.expiresAt,
    amount_paid_coin: formatCoin(invoice.amountPaid),
    amount_due_coin: formatCoin(amountDue(invoice)),
    payments: payments.map((p) => ({
      tx_id: p.txId,
      op_index: p.opIndex,
      amount_coin: formatCoin(p.amount),
      at: seconds(p.ledgerTime),
      late: p.late,
    })),
    flags: { ...invoice.flags },
    paid_at: invoice.paidAt === null ? null : seconds(invoice.paidAt),
    timeline: timeline.map((t) => ({ status: t.status, at: seconds(t.at) })),
  };
}

const n = (text: string) => new LosslessNumber(text);

/** The exact JSON text of GET /api/invoices/:id: decimal amounts as numbers, never through a float. */
export function publicInvoiceJson(view: PublicInvoice): string {
  const json = stringify({
    ...view,
    amount_coin: n(view.amount_coin),
    amount_eur: n(view.amount_eur),
    eur_per_coin: n(view.eur_per_coin),
    amount_paid_coin: n(view.amount_paid_coin),
    amount_due_coin: n(view.amount_due_coin),
    payments: view.payments.map((p) => ({ ...p, amount_coin: n(p.amount_coin) })),
  });
  if (json === undefined) throw new Error('an invoice view did not serialise');
  return json;
}
