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

/** One event of a change, with the payment it is about (null for a status event without a cause). */
export interface ChangeEvent {
  type: WebhookEventType;
  payment: PaymentConcerned | null;
}

/** What a recorded change is, beyond the invoice's new state. */
export interface ChangeContext {
  /** The invoice was created by this change. */
  created?: boolean;
  /** The payments credited to the invoice or undone by the change, in order. */
  causes?: readonly ChangeCause[];
  /** `amountPaid` before the change; left out, the amount after it less the payments it credited. */
  amountPaidBefore?: bigint;
}

/**
 * The events of one recorded change, in the order a receiver should see them: each payment
 * credited or undone (in the order given), then the status it led to (carrying the last payment
 * concerned), then `invoice.paid_late` when late payments complete the amount of an expired
 * invoice. An invoice that returns to `open` (its payment left a chain ledger) causes only the
 * `invoice.payment_reverted` of that payment; `invoice.created` is sent once, on creation.
 */
export function eventsOfChange(change: InvoiceChange, context: ChangeContext = {}): ChangeEvent[] {
  const causes = context.causes ?? [];
  const events: ChangeEvent[] = causes.map((cause) => ({
    type: cause.kind === 'payment_credited' ? 'invoice.payment_received' : 'invoice.payment_reverted',
    payment: cause.payment,
  }));
  const last = causes.at(-1)?.payment ?? null;
  const next = change.statusChange?.status;
  const status = next === 'open' && !context.created ? undefined : next ? STATUS_EVENTS[next] : undefined;
  if (status) events.push({ type: status, payment: last });
  const credited = causes.filter((c) => c.kind === 'payment_credited');
  const before =
    context.amountPaidBefore ?? credited.reduce((sum, c) => sum - c.payment.amount, change.invoice.amountPaid);
  const required = amountRequired(change.invoice);
  if (
    change.invoice.status === 'expired' &&
    change.invoice.flags.late &&
    before < required &&
    change.invoice.amountPaid >= required
  ) {
    events.push({ type: 'invoice.paid_late', payment: last });
  }
  return events;
}
