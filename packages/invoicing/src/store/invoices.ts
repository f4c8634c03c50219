import { precompiled } from '@svc/common';
import type { Invoice, InvoiceChange, InvoiceStatus, TimelineEntry } from '../domain/invoice.js';
import type { Currency } from '../domain/money.js';
import type { ChangeContext } from '../domain/webhook-events.js';
import { announceInvoiceChange } from './change-notices.js';
import type { InvoicingDb } from './database.js';
import { big, needsRowLocks, num } from './database.js';
import type { InvoiceTable } from './schema.js';
import { recordInvoiceEvents } from './webhook-outbox.js';

export function toInvoice(row: InvoiceTable): Invoice {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    status: row.status as InvoiceStatus,
    orderRef: row.order_ref,
    message: row.message,
    recipient: row.recipient,
    addressIndex: row.address_index === null || row.address_index === undefined ? null : num(row.address_index),
    pricedIn: row.priced_in as Currency,
    amountCoin: big(row.amount_coin),
    amountEur: big(row.amount_eur),
    rate: big(row.rate),
    rateSource: row.rate_source,
    rateAt: num(row.rate_at),
    toleranceBp: num(row.tolerance_bp),
    createdAt: num(row.created_at),
    expiresAt: num(row.expires_at),
    paidAt: row.paid_at === null ? null : num(row.paid_at),
    confirmationsRequired: num(row.confirmations_required ?? 0),
    amountPaid: big(row.amount_paid),
    amountPending: big(row.amount_pending ?? 0),
    amountPaidInTime: big(row.amount_paid_in_time),
    flags: {
      partial: num(row.flag_partial) === 1,
      overpaid: num(row.flag_overpaid) === 1,
      late: num(row.flag_late) === 1,
    },
    metadata: row.metadata ?? null,
  };
}

export function toRow(invoice: Invoice): InvoiceTable {
  return {
    id: invoice.id,
    merchant_id: invoice.merchantId,
    status: invoice.status,
    order_ref: invoice.orderRef,
    message: invoice.message,
    recipient: invoice.recipient,
    priced_in: invoice.pricedIn,
    amount_coin: invoice.amountCoin,
    amount_eur: invoice.amountEur,
    rate: invoice.rate,
    rate_source: invoice.rateSource,
    rate_at: invoice.rateAt,
    tolerance_bp: invoice.toleranceBp,
    created_at: invoice.createdAt,
    expires_at: invoice.expiresAt,
    paid_at: invoice.paidAt,
    amount_paid: invoice.amountPaid,
    amount_paid_in_time: invoice.amountPaidInTime,
    flag_partial: invoice.flags.partial ? 1 : 0,
    flag_overpaid: invoice.flags.overpaid ? 1 : 0,
    flag_late: invoice.flags.late ? 1 : 0,
    address_index: invoice.addressIndex,
    confirmations_required: invoice.confirmationsRequired,
    amount_pending: invoice.amountPending,
    metadata: invoice.metadata,
  };
}

async function appendTimeline(db: InvoicingDb, invoiceId: string, entry: TimelineEntry): Promise<void> {
  const last = await db
    .selectFrom('invoice_timeline')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
  const seq = last?.seq === null || last?.seq === undefined ? 1 : num(last.seq) + 1;
  await db
    .insertInto('invoice_timeline')
    .values({ invoice_id: invoiceId, seq, status: entry.status, at: entry.at })
    .execute();
}

/** Stores a new invoice, its first timeline entry and its `invoice.created` event (call inside a transaction). */
export async function insertInvoice(db: InvoicingDb, change: InvoiceChange): Promise<void> {
  // The hottest write of the service: compiled once, run with the row's values in key order.
  const row = toRow(change.invoice);
  await db.executeQuery(
    precompiled(db, 'insert invoice', (d) => d.insertInto('invoices').values(row), Object.values(row)),
  );
  if (change.statusChange) {
    const entry = {
      invoice_id: change.invoice.id,
      seq: 1,
      status: change.statusChange.status,
      at: change.statusChange.at,
    };
    await db.executeQuery(
      precompiled(
        db,
        'insert first timeline entry',
        (d) => d.insertInto('invoice_timeline').values(entry),
        Object.values(entry),
      ),
    );
  }
  await recordInvoiceEvents(db, change, row, { now: change.invoice.createdAt, created: true });
}

/**
 * Stores an invoice's new state, appends its status change, if any, and records the webhook events
 * the change causes (call inside a transaction). This is where every change of an invoice is
 * recorded: `causes` name the payments credited or undone by it (in order), `amountPaidBefore`
 * the amount paid before it when that is not the new amount less the payments credited, `now`
 * when it happened.
 */
export async function saveInvoiceChange(
  db: InvoicingDb,
  change: InvoiceChange,
  context: Omit<ChangeContext, 'created'> & { now?: number } = {},
): Promise<void> {
  const row = toRow(change.invoice);
  const {
    id,
    merchant_id: _m,
    order_ref: _o,
    message: _msg,
    created_at: _c,
    address_index: _a,
    confirmations_required: _r,
    ...changed
  } = row;
  await db
    .updateTable('invoices')
    .set((eb) => ({ ...changed, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
  if (change.statusChange) await appendTimeline(db, id, change.statusChange);
  await recordInvoiceEvents(db, change, row, {
    now: context.now ?? change.statusChange?.at ?? Date.now(),
    causes: context.causes,
    amountPaidBefore: context.amountPaidBefore,
  });
  await announceInvoiceChange(db, id);
}

export async function findInvoice(db: InvoicingDb, id: string): Promise<Invoice | undefined> {
  const query = precompiled(db, 'invoice by id', (d) => d.selectFrom('invoices').selectAll().where('id', '=', id), [
    id,
  ]);
  const [row] = (await db.executeQuery(query)).rows;
  return row ? toInvoice(row) : undefined;
}

/**
 * Reads an invoice to change it (inside a transaction): by id or by message, locked against
 * concurrent changes until the transaction ends.
 */
export async function findInvoiceForUpdate(
  trx: InvoicingDb,
  by: { id: string } | { message: string },
): Promise<Invoice | undefined> {
  let select = trx.selectFrom('invoices').selectAll();
  select = 'id' in by ? select.where('id', '=', by.id) : select.where('message', '=', by.message);
  if (needsRowLocks(trx)) select = select.forUpdate();
  const row = await select.executeTakeFirst();
  return row ? toInvoice(row) : undefined;
}

export async function readTimeline(db: InvoicingDb, invoiceId: string): Promise<TimelineEntry[]> {
  const query = precompiled(
    db,
    'timeline of invoice',
    (d) => d.selectFrom('invoice_timeline').select(['status', 'at']).where('invoice_id', '=', invoiceId).orderBy('seq'),
    [invoiceId],
  );
  const { rows } = await db.executeQuery(query);
  return rows.map((r) => ({ status: r.status as InvoiceStatus, at: num(r.at) }));
}

/** Ids of open invoices whose expiry time (Unix seconds) is at or before `nowSeconds`. */
export async function listOpenInvoicesDue(db: InvoicingDb, nowSeconds: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('invoices')
    .select('id')
    .where('status', '=', 'open')
    .where('expires_at', '<=', nowSeconds)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export interface InvoiceListQuery {
  merchantId: string;
  status?: InvoiceStatus;
  /** Part of an order reference, matched case-insensitively. */
  search?: string;
  /** Exactly this order reference. */
  orderRef?: string;
  /** Created at or after / before this time (ms). */
  createdFrom?: number;
  createdBefore?: number;
  limit: number;
  /** Continue after this invoice (the last one of the previous page). */
  after?: { createdAt: number; id: string };
}

const LIST_FILTERS = ['status', 'search', 'orderRef', 'createdFrom', 'createdBefore', 'after'] as const;

function likePattern(search: string): string {
  return `%${search.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listQuery(db: InvoicingDb, query: InvoiceListQuery) {
  let select = db.selectFrom('invoices').where('merchant_id', '=', query.merchantId);
  if (query.status) select = select.where('status', '=', query.status);
  if (query.search) {
    const pattern = likePattern(query.search);
    select = select.where((eb) => eb('order_ref', 'like', eb.val(pattern)));
  }
  if (query.orderRef !== undefined) select = select.where('order_ref', '=', query.orderRef);
  if (query.createdFrom !== undefined) select = select.where('created_at', '>=', query.createdFrom);
  if (query.createdBefore !== undefined) select = select.where('created_at', '<', query.createdBefore);
  if (query.after) {
    const { createdAt, id } = query.after;
    select = select.where((eb) =>
      eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]),
    );
  }
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit);
}

/** A merchant's invoices, newest first, one page at a time (keyset paging). */
export async function listInvoices(db: InvoicingDb, query: InvoiceListQuery): Promise<Invoice[]> {
  return (await listQuery(db, query).selectAll().execute()).map(toInvoice);
}

/** An invoice of a listed page as far as a cache of rendered views needs it. */
export interface ListedInvoice {
  id: string;
  /** The change counter: it moves with every change of the invoice, its payments or its timeline. */
  version: number;
  status: InvoiceStatus;
  /** Unix seconds. */
  expiresAt: number;
}

/**
 * The same page as `listInvoices`, reading only what tells whether a rendered view is still
 * current (five columns rather than every column of every row: most of a list request's database
 * time is spent turning columns into values).
 */
export async function listInvoiceVersions(db: InvoicingDb, query: InvoiceListQuery): Promise<ListedInvoice[]> {
  // Compiled once per shape (which filters are present), named after that shape; the parameters
  // in the order `listQuery` adds them (checked against the compiled query the first time).
  const present = LIST_FILTERS.filter((f) => query[f] !== undefined && query[f] !== '');
  const parameters: unknown[] = [query.merchantId];
  for (const filter of present) {
    if (filter === 'search') parameters.push(likePattern(query.search!));
    else if (filter === 'after') parameters.push(query.after!.createdAt, query.after!.createdAt, query.after!.id);
    else parameters.push(query[filter]);
  }
  parameters.push(query.limit);
  const compiled = precompiled(
    db,
    `invoice list versions: ${present.join(', ') || 'merchant only'}`,
    (d) => listQuery(d, query).select(['id', 'version', 'status', 'expires_at']),
    parameters,
  );
  const { rows } = await db.executeQuery(compiled);
  return rows.map((row) => ({
    id: row.id,
    version: num(row.version ?? 0),
    status: row.status as InvoiceStatus,
    expiresAt: num(row.expires_at),
  }));
}

/** Invoices by id with their change counters (any order; unknown ids are left out). */
export async function findInvoiceVersions(
  db: InvoicingDb,
  ids: string[],
): Promise<{ invoice: Invoice; version: number }[]> {
  const found: { invoice: Invoice; version: number }[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('invoices')
      .selectAll()
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) found.push({ invoice: toInvoice(row), version: num(row.version ?? 0) });
  }
  return found;
}

/** The timelines of several invoices at once, by invoice id. */
export async function readTimelines(db: InvoicingDb, invoiceIds: string[]): Promise<Map<string, TimelineEntry[]>> {
  const byInvoice = new Map<string, TimelineEntry[]>(invoiceIds.map((id) => [id, []]));
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .selectFrom('invoice_timeline')
    .select(['invoice_id', 'status', 'at'])
    .where('invoice_id', 'in', invoiceIds)
    .orderBy('invoice_id')
    .orderBy('seq')
    .execute();
  for (const r of rows) byInvoice.get(r.invoice_id)?.push({ status: r.status as InvoiceStatus, at: num(r.at) });
  return byInvoice;
}

/**
 * Invoices by their recipient address (chain ledgers give every invoice an address of its own) or
 * by id, locked against concurrent changes until the transaction ends.
 */
export async function findInvoicesForUpdate(
  db: InvoicingDb,
  by: { recipients: string[] } | { ids: string[] },
): Promise<Invoice[]> {
  const keys = 'ids' in by ? by.ids : by.recipients;
  const found: Invoice[] = [];
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = keys.slice(i, i + 500);
    let select = db.selectFrom('invoices').selectAll();
    select = 'ids' in by ? select.where('id', 'in', chunk) : select.where('recipient', 'in', chunk);
    if (needsRowLocks(db)) select = select.orderBy('id').forUpdate();
    found.push(...(await select.execute()).map(toInvoice));
  }
  return found;
}
