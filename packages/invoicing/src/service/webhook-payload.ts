import type { InvoiceStatus } from '../domain/invoice.js';
import { formatCoin } from '../domain/money.js';
import { toInvoice } from '../store/invoices.js';
import { toRecorded } from '../store/ledger-payments.js';
import type { EventSnapshot } from '../store/webhook-outbox.js';
import { publicInvoiceJson, toPublicInvoice } from './public-invoice.js';

const str = JSON.stringify;

/**
 * The body of a webhook: `{type, timestamp, data}`. For an invoice event `data` holds the invoice
 * as GET /api/invoices/:id showed it when the event happened, the payment concerned (or null) and
 * the merchant's metadata (or null). The same event always renders to the same bytes, so every
 * retry carries the same body.
 */
export function renderEventBody(
  event: { id: string; type: string; createdAt: number; snapshot: string; endpointId: string },
  baseUrl: string,
  coinDecimals?: number,
): string {
  const head = `{"type":${str(event.type)},"timestamp":${str(new Date(event.createdAt).toISOString())},"data":`;
  const snapshot = JSON.parse(event.snapshot) as Partial<EventSnapshot>;
  if (!snapshot.invoice) {
    return `${head}{"endpoint_id":${str(event.endpointId)},"message":"a test event sent from the merchant portal or the API"}}`;
  }
  const invoice = toInvoice(snapshot.invoice);
  const view = toPublicInvoice(
    invoice,
    (snapshot.payments ?? []).map(toRecorded),
    (snapshot.timeline ?? []).map((t) => ({ status: t.status as InvoiceStatus, at: t.at })),
    baseUrl,
    coinDecimals,
  );
  const p = snapshot.payment;
  const payment = p
    ? `{"tx_id":${str(p.tx_id)},"op_index":${p.op_index},"amount_coin":${formatCoin(BigInt(p.amount), coinDecimals)},"at":${Math.floor(p.ledger_time / 1000)},"late":${p.late}}`
    : 'null';
  return `${head}{"invoice":${publicInvoiceJson(view)},"payment":${payment},"metadata":${invoice.metadata ?? 'null'}}}`;
}
