import {
  amountDue,
  type Invoice,
  type InvoiceFlags,
  type InvoiceStatus,
  type TimelineEntry,
} from '../domain/invoice.js';
import { formatCoin, formatEur, formatRate } from '../domain/money.js';
import type { RecordedPayment } from '../store/ledger-payments.js';

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
  /** Received but still short of the required confirmations. */
  amount_pending_coin: string;
  amount_due_coin: string;
  /** Confirmations a payment needs before it counts as paid (0 on ledgers whose payments are final when seen). */
  confirmations_required: number;
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
  /** 0 while unconfirmed; counted up to the invoice's required confirmations (at least 1). */
  confirmations: number;
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
  coinDecimals?: number,
): PublicInvoice {
  const coin = (minor: bigint) => formatCoin(minor, coinDecimals);
  return {
    id: invoice.id,
    status: invoice.status,
    order_ref: invoice.orderRef,
    amount_coin: coin(invoice.amountCoin),
    amount_eur: formatEur(invoice.amountEur),
    eur_per_coin: formatRate(invoice.rate),
    pay_url: payUrl(baseUrl, invoice.id),
    recipient: invoice.recipient,
    message: invoice.message,
    expires_at: invoice.expiresAt,
    amount_paid_coin: coin(invoice.amountPaid),
    amount_pending_coin: coin(invoice.amountPending),
    amount_due_coin: coin(amountDue(invoice)),
    confirmations_required: invoice.confirmationsRequired,
    payments: payments.map((p) => ({
      tx_id: p.txId,
      op_index: p.opIndex,
      amount_coin: coin(p.amount),
      at: seconds(p.ledgerTime),
      late: p.late,
      confirmations: p.confirmations ?? 1,
    })),
    flags: { ...invoice.flags },
    paid_at: invoice.paidAt === null ? null : seconds(invoice.paidAt),
    timeline: timeline.map((t) => ({ status: t.status, at: seconds(t.at) })),
  };
}

const str = JSON.stringify;

/**
 * The exact JSON text of GET /api/invoices/:id: decimal amounts as JSON numbers written from
 * their exact decimal text, never through a float. Written by hand because it is the hottest
 * path of the service; the field order is the documented one.
 */
export function publicInvoiceJson(view: PublicInvoice): string {
  const payments = view.payments
    .map(
      (p) =>
        `{"tx_id":${str(p.tx_id)},"op_index":${p.op_index},"amount_coin":${p.amount_coin},"at":${p.at},"late":${p.late},"confirmations":${p.confirmations}}`,
    )
    .join(',');
  const timeline = view.timeline.map((t) => `{"status":${str(t.status)},"at":${t.at}}`).join(',');
  const { partial, overpaid, late } = view.flags;
  return (
    `{"id":${str(view.id)},"status":${str(view.status)},"order_ref":${str(view.order_ref)},` +
    `"amount_coin":${view.amount_coin},"amount_eur":${view.amount_eur},"eur_per_coin":${view.eur_per_coin},` +
    `"pay_url":${str(view.pay_url)},"recipient":${str(view.recipient)},"message":${str(view.message)},` +
    `"expires_at":${view.expires_at},"amount_paid_coin":${view.amount_paid_coin},` +
    `"amount_pending_coin":${view.amount_pending_coin},"amount_due_coin":${view.amount_due_coin},` +
    `"confirmations_required":${view.confirmations_required},"payments":[${payments}],` +
    `"flags":{"partial":${partial},"overpaid":${overpaid},"late":${late}},` +
    `"paid_at":${view.paid_at === null ? 'null' : view.paid_at},"timeline":[${timeline}]}`
  );
}

/** The invoice as its merchant reads it: the public view and the merchant's own `metadata` (or null). */
export function merchantInvoiceJson(view: PublicInvoice, metadata: string | null): string {
  return `${publicInvoiceJson(view).slice(0, -1)},"metadata":${metadata ?? 'null'}}`;
}
