import { randomBytes } from 'node:crypto';
import type { InvoiceChange } from '../domain/invoice.js';
import { type ChangeContext, eventsOfChange, type WebhookEventType } from '../domain/webhook-events.js';
import type { InvoicingDb } from './database.js';
import { num } from './database.js';
import { paymentRowsOfInvoice } from './ledger-payments.js';
import type { InvoiceTable, LedgerPaymentTable } from './schema.js';

/**
 * The transactional outbox of webhook events. Every recorded change of an invoice calls
 * `recordInvoiceEvents` inside its own transaction: the events and one pending delivery per
 * subscribed endpoint commit with the change or not at all, so a crash can neither lose an event
 * nor send one for a change that was rolled back.
 */

/** What an event describes, as stored with it (64-bit values as decimal strings). */
export interface EventSnapshot {
  invoice: InvoiceTable;
  payments: LedgerPaymentTable[];
  timeline: { status: string; at: number }[];
  payment: { tx_id: string; op_index: number; amount: string; ledger_time: number; late: boolean } | null;
}

export function newEventId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

export function newDeliveryId(): string {
  return `whd_${randomBytes(12).toString('base64url')}`;
}

function jsonWithBigints(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v));
}

/** The merchant's enabled endpoints that want `type` (ids). */
async function subscribedEndpoints(
  db: InvoicingDb,
  merchantId: string,
): Promise<{ id: string; types: string[] | null }[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'event_types'])
    .where('merchant_id', '=', merchantId)
    .where('enabled', '=', 1)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    types: r.event_types === null ? null : (JSON.parse(r.event_types) as string[]),
  }));
}

async function nextInvoiceSeq(db: InvoicingDb, invoiceId: string): Promise<number> {
  const last = await db
    .selectFrom('invoice_events')
    .select((eb) => eb.fn.max('invoice_seq').as('seq'))
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
  return last?.seq === null || last?.seq === undefined ? 1 : num(last.seq) + 1;
}

/**
 * Records the events a change of an invoice causes, with a pending delivery to each of the
 * merchant's enabled endpoints that wants them. Call inside the change's transaction, after the
 * invoice, its payments and its timeline are written (the snapshot reads them back). Nothing is
 * written when no endpoint wants the events.
 */
export async function recordInvoiceEvents(
  db: InvoicingDb,
  change: InvoiceChange,
  row: InvoiceTable,
  options: ChangeContext & { now: number },
): Promise<void> {
  const events = eventsOfChange(change, options);
  if (events.length === 0) return;
  const endpoints = await subscribedEndpoints(db, change.invoice.merchantId);
  const wanted = (type: WebhookEventType) => endpoints.filter((e) => e.types === null || e.types.includes(type));
  if (!events.some((event) => wanted(event.type).length > 0)) return;

  const invoiceId = change.invoice.id;
  const snapshot: EventSnapshot = options.created
    ? {
        invoice: row,
        payments: [],
        timeline: change.statusChange ? [{ status: change.statusChange.status, at: change.statusChange.at }] : [],
        payment: null,
      }
    : {
        invoice: row,
        payments: await paymentRowsOfInvoice(db, invoiceId),
        timeline: (
          await db
            .selectFrom('invoice_timeline')
            .select(['status', 'at'])
            .where('invoice_id', '=', invoiceId)
            .orderBy('seq')
            .execute()
        ).map((t) => ({ status: t.status, at: num(t.at) })),
        payment: null,
      };
  let seq = options.created ? 1 : await nextInvoiceSeq(db, invoiceId);
  for (const { type, payment } of events) {
    const targets = wanted(type);
    if (targets.length === 0) continue;
    snapshot.payment = payment && {
      tx_id: payment.txId,
      op_index: payment.opIndex,
      amount: payment.amount.toString(),
      ledger_time: payment.ledgerTime,
      late: payment.late,
    };
    const text = jsonWithBigints(snapshot);
    const eventId = newEventId();
    await db
      .insertInto('invoice_events')
      .values({
        id: eventId,
        merchant_id: change.invoice.merchantId,
        invoice_id: invoiceId,
        invoice_seq: seq,
        type,
        created_at: options.now,
        snapshot: text,
      })
      .execute();
    await db
      .insertInto('webhook_deliveries')
      .values(
        targets.map((endpoint) => ({
          id: newDeliveryId(),
          event_id: eventId,
          endpoint_id: endpoint.id,
          merchant_id: change.invoice.merchantId,
          invoice_id: invoiceId,
          invoice_seq: seq,
          state: 'pending',
          attempt_count: 0,
          next_attempt_at: options.now,
          created_at: options.now,
          finished_at: null,
          last_response_status: null,
        })),
      )
      .execute();
    seq++;
  }
}

/** A test event for one endpoint (no invoice), with its pending delivery; returns the delivery id. */
export async function recordTestEvent(
  db: InvoicingDb,
  input: { merchantId: string; endpointId: string; type: string; now: number },
): Promise<string> {
  const eventId = newEventId();
  await db
    .insertInto('invoice_events')
    .values({
      id: eventId,
      merchant_id: input.merchantId,
      invoice_id: null,
      invoice_seq: 0,
      type: input.type,
      created_at: input.now,
      snapshot: '{}',
    })
    .execute();
  const deliveryId = newDeliveryId();
  await db
    .insertInto('webhook_deliveries')
    .values({
      id: deliveryId,
      event_id: eventId,
      endpoint_id: input.endpointId,
      merchant_id: input.merchantId,
      invoice_id: null,
      invoice_seq: 0,
      state: 'pending',
      attempt_count: 0,
      next_attempt_at: input.now,
      created_at: input.now,
      finished_at: null,
      last_response_status: null,
    })
    .execute();
  return deliveryId;
}
