import type { Invoice } from '../domain/invoice.js';
import { amountDue } from '../domain/invoice.js';
import { formatCoin, formatEur, formatRate } from '../domain/money.js';
import type { InvoicingDb } from '../store/database.js';
import {
  findInvoiceVersions,
  type InvoiceListQuery,
  type ListedInvoice,
  listInvoices,
  readTimelines,
} from '../store/invoices.js';
import { paymentsOfInvoices } from '../store/ledger-payments.js';
import { merchantInvoiceJson, toPublicInvoice } from './public-invoice.js';

/**
 * A merchant's invoices for the API's list and the CSV export: pages read by keyset (newest
 * first), each page's payments and timelines read in one query each.
 */
export async function renderInvoicePage(
  db: InvoicingDb,
  invoices: Invoice[],
  baseUrl: string,
  coinDecimals?: number,
): Promise<string[]> {
  const ids = invoices.map((i) => i.id);
  const [payments, timelines] = await Promise.all([paymentsOfInvoices(db, ids), readTimelines(db, ids)]);
  return invoices.map((invoice) =>
    merchantInvoiceJson(
      toPublicInvoice(invoice, payments.get(invoice.id) ?? [], timelines.get(invoice.id) ?? [], baseUrl, coinDecimals),
      invoice.metadata,
    ),
  );
}

/** A kept list answer and what it was made from. */
interface KeptAnswer {
  /** The page's invoices and change counters, `id:version,…`. */
  signature: string;
  body: Buffer;
  /** The reader's data version read before the page, when the engine has one (SQLite). */
  dataVersion: number | undefined;
  /** When the first open invoice of the page falls due (ms): the answer is not reused from then on. */
  validUntil: number;
}

/**
 * Rendered merchant views of listed invoices, reused while an invoice's change counter stays the
 * same (every change of an invoice, its payments or its timeline moves the counter, whichever
 * process makes it). Only the invoices whose view is missing or stale are read in full. Bounded:
 * the oldest entries leave first.
 */
export class ListedViewCache {
  private readonly views = new Map<string, { version: number; json: string }>();
  /** Whole answers by query: reused while the page holds the same invoices at the same versions. */
  private readonly answers = new Map<string, KeptAnswer>();
  private answerBytes = 0;

  /**
   * `dataVersion` (SQLite's reader): a number that changes whenever anything was committed to the
   * database since it was last read, by any connection or process. While it stays the same a kept
   * answer is served without reading the page again.
   */
  constructor(
    private readonly dataVersion?: () => number,
    private readonly capacity = 20_000,
    private readonly answerCapacityBytes = 16 * 1024 * 1024,
  ) {}

  /** The reader's data version now; read it before the page, and pass it to `renderList`. */
  currentDataVersion(): number | undefined {
    return this.dataVersion?.();
  }

  /**
   * The answer kept for this query when nothing at all was committed since its page was read and
   * none of its open invoices has fallen due since (`now` in ms): no query is needed then.
   * `dataVersion`: the reader's data version when the caller has just read it for the same
   * request (its key check); read here otherwise.
   */
  unchangedAnswer(query: InvoiceListQuery, now: number, dataVersion?: number): Buffer | undefined {
    if (!this.dataVersion) return undefined;
    const known = this.answers.get(answerKey(query));
    if (!known || known.dataVersion === undefined || now >= known.validUntil) return undefined;
    return known.dataVersion === (dataVersion ?? this.dataVersion()) ? known.body : undefined;
  }

  /**
   * The list answer (`{"object":"list","data":[…],"has_more":…}`) of a page read with one row
   * more than `query.limit`, as bytes: the same page of the same invoice versions answers the
   * bytes made last time, so a repeated list costs the page's read and no rendering or encoding.
   * `dataVersion` is the reader's data version read before the page.
   */
  async renderList(
    db: InvoicingDb,
    page: ListedInvoice[],
    query: InvoiceListQuery,
    options: { baseUrl: string; coinDecimals?: number; dataVersion: number | undefined },
  ): Promise<Buffer> {
    const key = answerKey(query);
    const signature = page.map((p) => `${p.id}:${p.version}`).join(',');
    const validUntil = page.reduce(
      (soonest, p) => (p.status === 'open' ? Math.min(soonest, p.expiresAt * 1000) : soonest),
      Number.POSITIVE_INFINITY,
    );
    const known = this.answers.get(key);
    if (known?.signature === signature) {
      known.dataVersion = options.dataVersion;
      known.validUntil = validUntil;
      return known.body;
    }
    const hasMore = page.length > query.limit;
    const data = await this.render(db, page.slice(0, query.limit), options.baseUrl, options.coinDecimals);
    const body = Buffer.from(`{"object":"list","data":[${data.join(',')}],"has_more":${hasMore}}`);
    if (known) this.forgetAnswer(key, known.body);
    this.answers.set(key, { signature, body, dataVersion: options.dataVersion, validUntil });
    this.answerBytes += body.length;
    while (this.answerBytes > this.answerCapacityBytes) {
      const [oldest, entry] = this.answers.entries().next().value!;
      this.forgetAnswer(oldest, entry.body);
    }
    return body;
  }

  private forgetAnswer(key: string, body: Buffer): void {
    this.answers.delete(key);
    this.answerBytes -= body.length;
  }

  async render(db: InvoicingDb, page: ListedInvoice[], baseUrl: string, coinDecimals?: number): Promise<string[]> {
    const stale = page.filter((p) => this.views.get(p.id)?.version !== p.version);
    if (stale.length > 0) {
      // Read again in full, each with its counter as of this read (a change made since the page
      // was read shows, and is labelled, as the newer version).
      const read = await findInvoiceVersions(
        db,
        stale.map((p) => p.id),
      );
      const fresh = await renderInvoicePage(
        db,
        read.map((r) => r.invoice),
        baseUrl,
        coinDecimals,
      );
      read.forEach(({ invoice, version }, i) => {
        this.views.delete(invoice.id);
        this.views.set(invoice.id, { version, json: fresh[i]! });
      });
      while (this.views.size > this.capacity) this.views.delete(this.views.keys().next().value!);
    }
    return page.flatMap((p) => {
      const view = this.views.get(p.id);
      return view ? [view.json] : [];
    });
  }
}

/**
 * The kept answers' key: every field of the query, unambiguously (ids, statuses and numbers hold no
 * `|`; the texts a client chooses are prefixed by their length). Half the cost of a JSON array.
 */
function answerKey(query: InvoiceListQuery): string {
  const { after } = query;
  return `${query.merchantId}|${query.status ?? ''}|${text(query.search)}|${text(query.orderRef)}|${query.createdFrom ?? ''}|${query.createdBefore ?? ''}|${query.limit}|${after ? `${after.createdAt}|${after.id}` : ''}`;
}

function text(value: string | undefined): string {
  return value === undefined ? '' : `${value.length}:${value}`;
}

export const CSV_COLUMNS = [
  'id',
  'order_ref',
  'status',
  'created_at',
  'expires_at',
  'priced_in',
  'amount_coin',
  'amount_eur',
  'eur_per_coin',
  'amount_paid_coin',
  'amount_due_coin',
  'partial',
  'overpaid',
  'late',
  'paid_at',
  'payment_tx_ids',
  'metadata',
];

function iso(ms: number | null): string {
  return ms === null ? '' : new Date(ms).toISOString();
}

/**
 * One CSV field: quoted when it holds a separator, quote or line break; a text a spreadsheet
 * would run as a formula (starting with = + - @ or a tab) is prefixed with an apostrophe.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The export's lines, a page of invoices at a time, so any number of invoices streams in constant memory. */
export async function* invoiceCsvLines(
  db: InvoicingDb,
  query: Omit<InvoiceListQuery, 'limit' | 'after'>,
  coinDecimals?: number,
  pageSize = 500,
): AsyncGenerator<string> {
  const coin = (minor: bigint) => formatCoin(minor, coinDecimals);
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  let after: InvoiceListQuery['after'];
  for (;;) {
    const page = await listInvoices(db, { ...query, limit: pageSize, after });
    if (page.length === 0) return;
    const payments = await paymentsOfInvoices(
      db,
      page.map((i) => i.id),
    );
    let chunk = '';
    for (const invoice of page) {
      const txIds = (payments.get(invoice.id) ?? []).map((p) => `${p.txId}:${p.opIndex}`).join(' ');
      const fields = [
        invoice.id,
        invoice.orderRef,
        invoice.status,
        iso(invoice.createdAt),
        iso(invoice.expiresAt * 1000),
        invoice.pricedIn,
        coin(invoice.amountCoin),
        formatEur(invoice.amountEur),
        formatRate(invoice.rate),
        coin(invoice.amountPaid),
        coin(amountDue(invoice)),
        String(invoice.flags.partial),
        String(invoice.flags.overpaid),
        String(invoice.flags.late),
        iso(invoice.paidAt),
        txIds,
        invoice.metadata ?? '',
      ];
      chunk += `${fields.map(csvField).join(',')}\r\n`;
    }
    yield chunk;
    if (page.length < pageSize) return;
    const last = page[page.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
