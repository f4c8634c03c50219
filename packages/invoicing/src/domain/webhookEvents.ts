import { amountRequired, type InvoiceChange } from './invoice.js';

/**
 * The events a merchant's webhook endpoints can receive, and which of them a recorded change of
 * an invoice causes. Pure: the store calls it where every change of an invoice is saved, so each
 * state change (today's and those a ledger with confirmations or reorganisations adds) emits its
 * events in the transaction that records it.
 */
export const WEBHOOK_EVENT_TYPES = [
  'invoice.created',
  'invoice.payment_received',
  'invoice.processing',
  'invoice.paid',
  'invoice.expired',
  'invoice.paid_late',
  'invoice.payment_reverted',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event the portal's and the API's "send test event" sends; never caused by an invoice. */
export const TEST_EVENT_TYPE = 'webhook.test';

export function isWebhookEventType(text: string): text is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(text);
}

/** A ledger payment a change is about. */
export interface PaymentConcerned {
  txId: string;
  opIndex: number;
  amount: bigint;
  /** Ledger time (ms). */
  ledgerTime: number;
  late: boolean;
}

/** Why an invoice changed, beyond its new state: a payment credited, or one the ledger undid. */
export type ChangeCause =
  | { kind: 'payment_credited'; payment: PaymentConcerned }
  | { kind: 'payment_reverted'; payment: PaymentConcerned };

/** Status names mapped to the event their arrival causes. */
const STATUS_EVENTS: Record<string, WebhookEventType | undefined> = {
  open: 'invoice.created',
  processing: 'invoice.processing',
  paid: 'invoice.paid',
  expired: 'invoice.expired',
};

/**
 * The events of one recorded change, in the order a receiver should see them: the payment first,
 * then the status it led to, then `invoice.paid_late` when a late payment completes the amount of
 * an expired invoice.
 */
export function eventsOfChange(change: InvoiceChange, cause?: ChangeCause): WebhookEventType[] {
  const types: WebhookEventType[] = [];
  if (cause?.kind === 'payment_credited') types.push('invoice.payment_received');
  if (cause?.kind === 'payment_reverted') types.push('invoice.payment_reverted');
  const status = change.statusChange ? STATUS_EVENTS[change.statusChange.status] : undefined;
  if (status) types.push(status);
  if (cause?.kind === 'payment_credited' && cause.payment.late && change.invoice.status === 'expired') {
    const required = amountRequired(change.invoice);
    const before = change.invoice.amountPaid - cause.payment.amount;
    if (before < required && change.invoice.amountPaid >= required) types.push('invoice.paid_late');
  }
  return types;
}
