import { createHash } from 'node:crypto';
import { InvoicingError, invalidRequest, notFound } from '../domain/errors.js';
import {
  expireIfDue,
  type Invoice,
  isDueToExpire,
  openInvoice,
  type PriceRequest,
  parsePrice,
  priceInvoice,
  type TimelineEntry,
} from '../domain/invoice.js';
import { newApiKeyId, newInvoiceId, newMerchantId, newOrderReference } from '../domain/references.js';
import type { AccountKey, ChainBlock, ChainOutput, Ledger, LedgerPayment } from '../ledger/ledger.js';
import { applyBlock, applyMempool, type ChainCreditOptions, undoBlocksAbove } from '../payments/chain-crediting.js';
import { creditLedgerPayment } from '../payments/crediting.js';
import type { RateSource } from '../rates/rate-source.js';
import {
  type ApiKeyInfo,
  findApiKeyByHash,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  touchApiKey,
} from '../store/api-keys.js';
import type { FollowedBlock } from '../store/chain-ledger.js';
import {
  ConcurrentWriteError,
  type InvoicingDb,
  type InvoicingStore,
  inTransaction,
  isUniqueViolation,
  type ReadConnection,
  readTogether,
} from '../store/database.js';
import { GroupCommit } from '../store/group-commit.js';
import {
  deleteIdempotentResponsesBefore,
  findIdempotentResponse,
  saveIdempotentResponse,
} from '../store/idempotency.js';
import {
  findInvoice,
  findInvoiceForUpdate,
  type InvoiceListQuery,
  insertInvoice,
  listInvoices,
  listInvoiceVersions,
  listOpenInvoicesDue,
  readTimeline,
  saveInvoiceChange,
} from '../store/invoices.js';
import { paymentsOfInvoice, type RecordedPayment, saveCursor, unmatchedPayments } from '../store/ledger-payments.js';
import {
  findMerchant,
  insertMerchant,
  listMerchants,
  type Merchant,
  type MerchantSettings,
  takeAddressIndex,
  updateMerchant,
} from '../store/merchants.js';
import { hashApiKey, keyDigest, looksLikeApiKey, newApiKey, shownPrefix } from './api-key-secrets.js';
import { InvoiceEvents, type InvoiceListener } from './invoice-events.js';
import { invoiceCsvLines, ListedViewCache } from './invoice-listing.js';
import { merchantInvoiceJson, type PublicInvoice, publicInvoiceJson, toPublicInvoice } from './public-invoice.js';
import { type CachedView, PublicViewCache } from './public-view-cache.js';
import { WebhookService } from './webhook-service.js';

export interface ServiceSettings {
  /** Public address of the service: pay_url is `<baseUrl>/pay/<id>`. */
  baseUrl: string;
  referencePrefix: string;
  maxAmountEurCents: bigint;
  /** Expiry of new merchants' invoices when neither the request nor the merchant says otherwise. */
  defaultExpiryMin: number;
  lateWindowMin: number;
  /** Confirmations new merchants require on a chain ledger (0, 1, 2 or 6); 1 when left out. */
  defaultConfirmations?: number;
  /** Chain ledgers: unused addresses in a row after the last paid one before earlier unused ones are given again. */
  gapLimit?: number;
  /** Webhook endpoints may be on loopback, private or link-local addresses and plain http. */
  webhookAllowPrivate?: boolean;
}

/** The gap limit of BIP 44 wallets: they stop looking after 20 unused addresses in a row. */
export const DEFAULT_GAP_LIMIT = 20;

export interface ServiceOptions {
  store: InvoicingStore;
  /** Where committed data is read outside transactions (a read-only connection on SQLite); the store by default. */
  reader?: ReadConnection;
  ledger: Ledger;
  rates: RateSource;
  secret: Buffer;
  settings: ServiceSettings;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
}

export interface CreateInvoiceRequest {
  amount: PriceRequest;
  /** 1..1440; the merchant's default when left out. */
  expiresMin?: number;
  /** The merchant's metadata as JSON object text (checked by the caller: at most 4 KiB). */
  metadata?: string;
}

export interface CreateMerchantRequest {
  name: string;
  /** Ledger address (memo ledgers); with the simulated ledger a new address is made when left out. */
  recipient?: string;
  /** Chain ledgers: the account's extended public key or `wpkh(<xpub>/0/*)` descriptor. */
  accountKey?: string;
  settings?: Partial<MerchantSettings>;
}

export interface MerchantChanges {
  name?: string;
  recipient?: string;
  accountKey?: string;
  settings?: Partial<MerchantSettings>;
}

/** The confirmations a merchant may require on a chain ledger. */
export const CONFIRMATION_CHOICES = [0, 1, 2, 6] as const;

export interface IdempotentAnswer {
  statusCode: number;
  /** The JSON text of the answer (the first one, when replayed). */
  body: string;
  replayed: boolean;
  invoiceId: string;
}

export interface AuthenticatedKey {
  merchantId: string;
  keyId: string;
  /**
   * The reader's data version the key was checked at (SQLite): the request's other reads may use
   * it instead of reading it again (see `listInvoicesJson`).
   */
  dataVersion?: number;
}

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_EXPIRES_MIN = 1440;
/** The last-use time of a key is written at most this often, so that checking a key stays a read. */
const KEY_TOUCH_INTERVAL_MS = 60_000;
/** Bound of the checked-keys cache (cleared when full). */
const MAX_CHECKED_KEYS = 10_000;

/**
 * The invoicing service's operations, shared by the HTTP API, the checkout page, the portal, the
 * CLI and the watcher. It holds no HTTP concerns; rules live in the domain functions it calls.
 */
export class InvoicingService {
  readonly events: InvoiceEvents;
  readonly ledger: Ledger;
  readonly settings: ServiceSettings;
  private readonly store: InvoicingStore;
  private readonly reader: InvoicingDb;
  /** Rendered public views of unchanged invoices (SQLite only). */
  private readonly viewCache: PublicViewCache | undefined;
  private readonly rates: RateSource;
  private readonly secret: Buffer;
  private readonly accounts = new Map<string, AccountKey>();
  /** Creations and other small writes, grouped into shared commits on SQLite. */
  readonly writes: GroupCommit;
  readonly now: () => number;
  /** The merchants' webhook endpoints and deliveries. */
  readonly webhooks: WebhookService;
  /** Rendered merchant views of listed invoices, by their change counter. */
  private readonly listedViews: ListedViewCache;
  /** SQLite's reader: changes whenever anything was committed to the database, by any process. */
  private readonly dataVersion: (() => number) | undefined;
  /**
   * Active keys by `keyDigest`, each with its stored hash and the data version it was read at: a
   * key is looked up again only after something was committed (a revocation is a commit,
   * whichever process makes it), and its keyed hash is computed once.
   */
  private readonly checkedKeys = new Map<string, { hash: string; found: ApiKeyInfo; dataVersion: number }>();

  constructor(options: ServiceOptions) {
    this.store = options.store;
    this.reader = options.reader?.db ?? options.store.db;
    const { dataVersion, invoiceVersion } = options.reader ?? {};
    this.viewCache = dataVersion && invoiceVersion ? new PublicViewCache({ dataVersion, invoiceVersion }) : undefined;
    this.listedViews = new ListedViewCache(dataVersion);
    this.dataVersion = dataVersion;
    this.ledger = options.ledger;
    this.rates = options.rates;
    this.secret = options.secret;
    this.settings = options.settings;
    this.now = options.now ?? Date.now;
    this.writes = new GroupCommit(options.store);
    this.events = new InvoiceEvents((id) => this.getPublicInvoice(id));
    this.webhooks = new WebhookService({
      store: this.store,
      reader: this.reader,
      serverSecret: this.secret,
      allowPrivate: options.settings.webhookAllowPrivate ?? false,
      now: this.now,
    });
  }

  /** Committed data, for reads outside a transaction. */
  private get db(): InvoicingDb {
    return this.reader;
  }

  // ---- merchants ---------------------------------------------------------------------------

  /** The normalised descriptor of an account key, checked by the ledger (network, script type). */
  private checkAccountKey(text: string): string {
    if (this.ledger.matching !== 'address') {
      throw invalidRequest(
        'account_key_unsupported',
        'this ledger pays merchant addresses, not account keys',
        'account_key',
      );
    }
    const parsed = this.ledger.parseAccountKey(text);
    if (typeof parsed === 'string')
      throw invalidRequest('account_key_invalid', `account key: ${parsed}`, 'account_key');
    return parsed.descriptor;
  }

  private checkRecipient(recipient: string): void {
    const problem = this.ledger.validateAddress(recipient);
    if (problem) throw invalidRequest('recipient_invalid', `recipient: ${problem}`, 'recipient');
  }

  private checkSettings(settings: Partial<MerchantSettings>): void {
    const { defaultExpiryMin, toleranceBp, confirmations } = settings;
    if (confirmations !== undefined && !(CONFIRMATION_CHOICES as readonly number[]).includes(confirmations)) {
      throw invalidRequest(
        'confirmations_invalid',
        `the required confirmations must be one of ${CONFIRMATION_CHOICES.join(', ')}`,
        'confirmations',
      );
    }
    if (
      defaultExpiryMin !== undefined &&
      (!Number.isInteger(defaultExpiryMin) || defaultExpiryMin < 1 || defaultExpiryMin > MAX_EXPIRES_MIN)
    ) {
      throw invalidRequest(
        'expiry_invalid',
        `the default expiry must be a whole number of minutes from 1 to ${MAX_EXPIRES_MIN}`,
        'default_expiry_min',
      );
    }
    if (toleranceBp !== undefined && (!Number.isInteger(toleranceBp) || toleranceBp < 0 || toleranceBp > 5000)) {
      throw invalidRequest(
        'tolerance_invalid',
        'the payment tolerance must be from 0 to 50 percent, with at most 2 decimals',
        'tolerance_percent',
      );
    }
  }

  async createMerchant(request: CreateMerchantRequest): Promise<Merchant> {
    const name = request.name.trim();
    if (name === '' || name.length > 200)
      throw invalidRequest('name_invalid', 'the name must have 1 to 200 characters', 'name');
    let recipient = request.recipient?.trim() ?? '';
    let accountKey: string | null = null;
    if (this.ledger.matching === 'address') {
      // Every invoice gets an address of its own, derived from the account key.
      if (request.accountKey?.trim()) accountKey = this.checkAccountKey(request.accountKey);
      recipient = '';
    } else {
      if (recipient === '') {
        if (!this.ledger.newAddress) {
          throw invalidRequest('recipient_missing', 'a recipient address is required', 'recipient');
        }
        recipient = this.ledger.newAddress();
      }
      this.checkRecipient(recipient);
    }
    const settings: MerchantSettings = {
      defaultExpiryMin: request.settings?.defaultExpiryMin ?? this.settings.defaultExpiryMin,
      toleranceBp: request.settings?.toleranceBp ?? 0,
      confirmations: request.settings?.confirmations ?? this.settings.defaultConfirmations ?? 1,
    };
    this.checkSettings(settings);
    const merchant: Merchant = { id: newMerchantId(), name, recipient, accountKey, settings, createdAt: this.now() };
    await inTransaction(this.store, (trx) => insertMerchant(trx, merchant));
    return merchant;
  }

  getMerchant(id: string): Promise<Merchant | undefined> {
    return findMerchant(this.db, id);
  }

  listMerchants(): Promise<Merchant[]> {
    return listMerchants(this.db);
  }

  /** Changes a merchant's name, recipient address (validated by the ledger) or settings. */
  async updateMerchant(id: string, changes: MerchantChanges): Promise<Merchant> {
    if (changes.name !== undefined && (changes.name.trim() === '' || changes.name.length > 200)) {
      throw invalidRequest('name_invalid', 'the name must have 1 to 200 characters', 'name');
    }
    if (changes.recipient !== undefined) this.checkRecipient(changes.recipient.trim());
    const accountKey = changes.accountKey === undefined ? undefined : this.checkAccountKey(changes.accountKey);
    if (changes.settings) this.checkSettings(changes.settings);
    const found = await inTransaction(this.store, (trx) =>
      updateMerchant(trx, id, {
        ...changes,
        name: changes.name?.trim(),
        recipient: changes.recipient?.trim(),
        accountKey,
      }),
    );
    if (!found) throw notFound(`no merchant with id ${id}`);
    return (await this.getMerchant(id))!;
  }

  // ---- API keys ----------------------------------------------------------------------------

  /** Makes a key for the merchant. The key itself is in the answer only: it is stored as a keyed hash. */
  async createApiKey(merchantId: string): Promise<{ key: string; info: ApiKeyInfo }> {
    if (!(await this.getMerchant(merchantId))) throw notFound(`no merchant with id ${merchantId}`);
    const key = newApiKey();
    const info: ApiKeyInfo = {
      id: newApiKeyId(),
      merchantId,
      prefix: shownPrefix(key),
      createdAt: this.now(),
      lastUsedAt: null,
      revokedAt: null,
    };
    await inTransaction(this.store, (trx) => insertApiKey(trx, { ...info, hash: hashApiKey(this.secret, key) }));
    return { key, info };
  }

  listApiKeys(merchantId: string): Promise<ApiKeyInfo[]> {
    return listApiKeys(this.db, merchantId);
  }

  /** Revokes one of the merchant's keys; false when it has no such active key. */
  revokeApiKey(merchantId: string, keyId: string): Promise<boolean> {
    return inTransaction(this.store, (trx) => revokeApiKey(trx, merchantId, keyId, this.now()));
  }

  private async findActiveKey(key: string, dataVersion: number | undefined): Promise<ApiKeyInfo | undefined> {
    const digest = keyDigest(key);
    const known = this.checkedKeys.get(digest);
    if (known && known.dataVersion === dataVersion) return known.found;
    const hash = known?.hash ?? hashApiKey(this.secret, key);
    const found = await findApiKeyByHash(this.db, hash);
    if (!found || found.revokedAt !== null) {
      this.checkedKeys.delete(digest);
      return undefined;
    }
    if (dataVersion !== undefined) {
      if (this.checkedKeys.size >= MAX_CHECKED_KEYS) this.checkedKeys.clear();
      this.checkedKeys.set(digest, { hash, found, dataVersion });
    }
    return found;
  }

  /** The merchant a key belongs to, or null for a malformed, unknown or revoked key. */
  async authenticate(key: string): Promise<AuthenticatedKey | null> {
    if (!looksLikeApiKey(key)) return null;
    const dataVersion = this.dataVersion?.();
    const found = await this.findActiveKey(key, dataVersion);
    if (!found) return null;
    const now = this.now();
    if (found.lastUsedAt === null || now - found.lastUsedAt >= KEY_TOUCH_INTERVAL_MS) {
      // Recorded alongside other writes; a lost last-use time is harmless. Noted on the kept key
      // at once, so the checks made before the write commits do not queue writes of their own.
      found.lastUsedAt = now;
      this.writes.run((trx) => touchApiKey(trx, found.id, now)).catch(() => {});
    }
    return { merchantId: found.merchantId, keyId: found.id, dataVersion };
  }

  // ---- invoices ----------------------------------------------------------------------------

  private async prepareInvoice(merchantId: string, request: CreateInvoiceRequest) {
    const merchant = await this.getMerchant(merchantId);
    if (!merchant) throw notFound(`no merchant with id ${merchantId}`);
    const expiresMin = request.expiresMin ?? merchant.settings.defaultExpiryMin;
    if (!Number.isInteger(expiresMin) || expiresMin < 1 || expiresMin > MAX_EXPIRES_MIN) {
      throw invalidRequest(
        'expires_min_out_of_range',
        `expires_min must be a whole number from 1 to ${MAX_EXPIRES_MIN}`,
        'expires_min',
      );
    }
    // Validate the amount before asking for a rate, so a bad request never waits on the ticker.
    const ledger = this.ledger;
    const accountKey = ledger.matching === 'address' ? this.accountOf(merchant) : undefined;
    const limits = {
      maxEurCents: this.settings.maxAmountEurCents,
      minCoinMinor: ledger.minimumAmount,
      coinDecimals: ledger.decimals,
    };
    parsePrice(request.amount, ledger.decimals);
    const rate = await this.rates.current();
    const amounts = priceInvoice(request.amount, rate, limits);
    // Runs inside the invoice's transaction: a chain ledger's address index is taken there.
    return async (trx: InvoicingDb) => {
      let recipient = merchant.recipient;
      let addressIndex: number | null = null;
      if (accountKey) {
        const choice = await takeAddressIndex(trx, merchantId, {
          gapLimit: this.settings.gapLimit ?? DEFAULT_GAP_LIMIT,
          endedBefore: this.now() - this.settings.lateWindowMin * 60_000,
        });
        addressIndex = choice.index;
        recipient = choice.reused ?? accountKey.addressAt(addressIndex);
      }
      return openInvoice({
        id: newInvoiceId(),
        merchantId,
        orderRef: newOrderReference(this.settings.referencePrefix),
        recipient,
        addressIndex,
        pricedIn: request.amount.currency,
        ...amounts,
        rate,
        toleranceBp: merchant.settings.toleranceBp,
        confirmationsRequired: ledger.matching === 'address' ? merchant.settings.confirmations : 0,
        expiresMin,
        now: this.now(),
        metadata: request.metadata ?? null,
      });
    };
  }

  /** The merchant's parsed account key (cached by descriptor: deriving the chain node once). */
  private accountOf(merchant: Merchant): AccountKey {
    if (this.ledger.matching !== 'address') throw new Error('only chain ledgers derive addresses');
    if (!merchant.accountKey) {
      throw new InvoicingError(
        409,
        'invalid_request_error',
        'account_key_missing',
        'the merchant has no extended public key yet; set one in the portal settings or with `merchant set --account-key`',
      );
    }
    let account = this.accounts.get(merchant.accountKey);
    if (!account) {
      const parsed = this.ledger.parseAccountKey(merchant.accountKey);
      if (typeof parsed === 'string') throw new Error(`the stored account key of ${merchant.id} is invalid: ${parsed}`);
      account = parsed;
      if (this.accounts.size > 10_000) this.accounts.clear();
      this.accounts.set(merchant.accountKey, account);
    }
    return account;
  }

  /** Retries once more on the (astronomically rare) clash of a new order reference or id. */
  private async withFreshReferences<T>(attempt: () => Promise<T>): Promise<T> {
    for (let i = 0; ; i++) {
      try {
        return await attempt();
      } catch (error) {
        if (!isUniqueViolation(error) || i >= 4) throw error;
      }
    }
  }

  /** Creates an invoice for the merchant and returns its public view (as GET /api/invoices/:id shows it). */
  async createInvoice(merchantId: string, request: CreateInvoiceRequest): Promise<PublicInvoice> {
    const make = await this.prepareInvoice(merchantId, request);
    const change = await this.withFreshReferences(() =>
      this.writes.run(async (trx) => {
        const next = await make(trx);
        await insertInvoice(trx, next);
        return next;
      }),
    );
    void this.events.changed([change.invoice.id]);
    return toPublicInvoice(change.invoice, [], [change.statusChange!], this.settings.baseUrl, this.ledger.decimals);
  }

  /**
   * Creates an invoice under an idempotency key of the merchant: the same key with the same
   * request (by `requestHash`) within 24 h replays the first answer; with another request it is
   * refused with 409. The key's record is written in the invoice's own transaction.
   */
  async createInvoiceIdempotently(
    merchantId: string,
    request: CreateInvoiceRequest,
    idempotencyKey: string,
    requestHash: string,
  ): Promise<IdempotentAnswer> {
    const earlier = await this.storedAnswer(this.db, merchantId, idempotencyKey, requestHash);
    if (earlier) return earlier;
    const make = await this.prepareInvoice(merchantId, request);
    const outcome = await this.withFreshReferences(() =>
      this.writes.run(async (trx) => {
        const raced = await this.storedAnswer(trx, merchantId, idempotencyKey, requestHash);
        if (raced) return raced;
        const change = await make(trx);
        await insertInvoice(trx, change);
        const body = merchantInvoiceJson(
          toPublicInvoice(change.invoice, [], [change.statusChange!], this.settings.baseUrl, this.ledger.decimals),
          change.invoice.metadata,
        );
        const now = this.now();
        const saved = await saveIdempotentResponse(
          trx,
          merchantId,
          idempotencyKey,
          { requestHash, statusCode: 201, body, createdAt: now },
          now - IDEMPOTENCY_WINDOW_MS,
        );
        if (!saved) throw new ConcurrentWriteError('a concurrent request used the same Idempotency-Key');
        return { statusCode: 201, body, replayed: false, invoiceId: change.invoice.id };
      }),
    );
    if (!outcome.replayed) void this.events.changed([outcome.invoiceId]);
    return outcome;
  }

  private async storedAnswer(
    db: InvoicingDb,
    merchantId: string,
    key: string,
    requestHash: string,
  ): Promise<IdempotentAnswer | undefined> {
    const stored = await findIdempotentResponse(db, merchantId, key);
    if (!stored || this.now() - stored.createdAt > IDEMPOTENCY_WINDOW_MS) return undefined;
    if (stored.requestHash !== requestHash) {
      throw new InvoicingError(
        409,
        'idempotency_error',
        'idempotency_key_reused',
        'this Idempotency-Key was already used with a different request; use a new key for a new request',
      );
    }
    const invoiceId = (JSON.parse(stored.body) as { id: string }).id;
    return { statusCode: stored.statusCode, body: stored.body, replayed: true, invoiceId };
  }

  /** The full record of an invoice, for its merchant (portal); expired on read when its time is up. */
  async getInvoice(id: string): Promise<Invoice | undefined> {
    const invoice = await findInvoice(this.db, id);
    if (invoice && isDueToExpire(invoice, this.now())) {
      await this.expireInvoice(id);
      return findInvoice(this.db, id);
    }
    return invoice;
  }

  /** The public view of an invoice (exactly what GET /api/invoices/:id answers), or undefined. */
  async getPublicInvoice(id: string): Promise<PublicInvoice | undefined> {
    return (await this.readPublicInvoice(id))?.view;
  }

  /** The JSON text of GET /api/invoices/:id, or undefined for an unknown id. */
  async getPublicInvoiceJson(id: string): Promise<string | undefined> {
    return (await this.readPublicInvoice(id))?.json;
  }

  private async readPublicInvoice(id: string): Promise<CachedView | undefined> {
    const cached = this.viewCache?.get(id, this.now());
    if (cached) return cached;
    const versions = this.viewCache?.versionsBeforeRead(id);
    let read = await this.readInvoiceWithPayments(id);
    if (read && isDueToExpire(read.invoice, this.now())) {
      await this.expireInvoice(id);
      read = await this.readInvoiceWithPayments(id);
    }
    if (!read) return undefined;
    const { invoice, payments, timeline } = read;
    const view = toPublicInvoice(invoice, payments, timeline, this.settings.baseUrl, this.ledger.decimals);
    const rendered = { view, json: publicInvoiceJson(view) };
    if (versions) this.viewCache?.set(id, versions, rendered);
    return rendered;
  }

  /**
   * An invoice with its payments and timeline, read on one snapshot: read apart, a payment
   * committed between the reads would show beside the invoice as it was before it (a payment
   * listed while the amounts and flags do not count it yet).
   */
  private readInvoiceWithPayments(
    id: string,
  ): Promise<{ invoice: Invoice; payments: RecordedPayment[]; timeline: TimelineEntry[] } | undefined> {
    return readTogether(this.db, async (db) => {
      const invoice = await findInvoice(db, id);
      if (!invoice) return undefined;
      return { invoice, payments: await paymentsOfInvoice(db, id), timeline: await readTimeline(db, id) };
    });
  }

  paymentsOfInvoice(id: string): Promise<RecordedPayment[]> {
    return paymentsOfInvoice(this.db, id);
  }

  listInvoices(query: InvoiceListQuery): Promise<Invoice[]> {
    return listInvoices(this.db, query);
  }

  /**
   * A page of the merchant's invoices as the API answers it (`{"object":"list","data":[…],
   * "has_more":…}`, each invoice the JSON of its public view with the merchant's metadata), newest
   * first, as bytes; invoices whose time is up are expired first. `checkedAt`: the data version
   * this request already read (its key check's), so that an unchanged page costs no second read of it.
   */
  async listInvoicesJson(query: InvoiceListQuery, checkedAt?: number): Promise<Buffer> {
    const unchanged = this.listedViews.unchangedAnswer(query, this.now(), checkedAt);
    if (unchanged) return unchanged;
    const pageQuery = { ...query, limit: query.limit + 1 };
    let dataVersion = this.listedViews.currentDataVersion();
    let page = await listInvoiceVersions(this.db, pageQuery);
    const overdue = page.filter((p) => isDueToExpire(p, this.now()));
    if (overdue.length > 0) {
      for (const invoice of overdue) await this.expireInvoice(invoice.id);
      dataVersion = this.listedViews.currentDataVersion();
      page = await listInvoiceVersions(this.db, pageQuery);
    }
    return this.listedViews.renderList(this.db, page, query, {
      baseUrl: this.settings.baseUrl,
      coinDecimals: this.ledger.decimals,
      dataVersion,
    });
  }

  /** The merchant's invoices as CSV lines (header first), read page by page. */
  exportInvoicesCsv(query: Omit<InvoiceListQuery, 'limit' | 'after'>): AsyncGenerator<string> {
    return invoiceCsvLines(this.db, query, this.ledger.decimals);
  }

  /** Calls `listener` with the public view after every committed change of the invoice. */
  subscribe(invoiceId: string, listener: InvoiceListener): () => void {
    return this.events.subscribe(invoiceId, listener);
  }

  /** Payments to `address` (or to any address) that matched no invoice, newest first. */
  unmatchedPayments(address?: string, limit = 100): Promise<RecordedPayment[]> {
    return unmatchedPayments(this.db, { address, limit });
  }

  // ---- settlement --------------------------------------------------------------------------

  /** Expires the invoice if it is open and due; true when it did. */
  async expireInvoice(id: string): Promise<boolean> {
    const expired = await inTransaction(this.store, async (trx) => {
      const invoice = await findInvoiceForUpdate(trx, { id });
      const change = invoice ? expireIfDue(invoice, this.now()) : null;
      if (change) await saveInvoiceChange(trx, change, { now: this.now() });
      return change !== null;
    });
    if (expired) await this.events.changed([id]);
    return expired;
  }

  /** Expires every open invoice whose time is up; returns how many. */
  async expireDueInvoices(batch = 200): Promise<number> {
    let count = 0;
    for (;;) {
      const ids = await listOpenInvoicesDue(this.db, Math.floor(this.now() / 1000), batch);
      for (const id of ids) if (await this.expireInvoice(id)) count++;
      if (ids.length < batch) return count;
    }
  }

  /** Forgets idempotency records older than their 24 h window. */
  forgetOldIdempotencyKeys(): Promise<number> {
    return inTransaction(this.store, (trx) => deleteIdempotentResponsesBefore(trx, this.now() - IDEMPOTENCY_WINDOW_MS));
  }

  /**
   * Records a page of final ledger payments to `address` and saves the position after the last
   * one, all in one transaction: either every payment of the page and the new cursor are stored,
   * or nothing is. Returns the ids of the invoices credited.
   */
  async creditPayments(address: string, payments: LedgerPayment[]): Promise<string[]> {
    if (payments.length === 0) return [];
    const credited = await inTransaction(this.store, async (trx) => {
      const ids: string[] = [];
      const now = this.now();
      for (const payment of payments) {
        const id = await creditLedgerPayment(trx, this.ledger.name, payment, {
          now,
          lateWindowMs: this.settings.lateWindowMin * 60_000,
        });
        if (id) ids.push(id);
      }
      await saveCursor(trx, this.ledger.name, address, payments[payments.length - 1]!.cursor, now);
      return ids;
    });
    await this.events.changed(credited);
    return credited;
  }

  private chainOptions(): ChainCreditOptions {
    return { ledger: this.ledger.name, now: this.now(), lateWindowMs: this.settings.lateWindowMin * 60_000 };
  }

  /** Chain ledgers: applies the next block of the best chain and moves the followed tip to it, in one transaction. */
  async applyChainBlock(block: ChainBlock): Promise<string[]> {
    const changed = await inTransaction(this.store, (trx) => applyBlock(trx, block, this.chainOptions()));
    await this.events.changed(changed);
    return changed;
  }

  /**
   * Chain ledgers: undoes the followed blocks above the fork (a reorganisation) and makes the fork
   * the followed tip, in one transaction.
   */
  async undoChainBlocksAbove(fork: FollowedBlock): Promise<string[]> {
    const changed = await inTransaction(this.store, (trx) => undoBlocksAbove(trx, fork, this.chainOptions()));
    await this.events.changed(changed);
    return changed;
  }

  /**
   * Chain ledgers: records payments seen in the mempool; with the whole mempool at the followed
   * tip (`mempool`), drops the unconfirmed payments no longer in it.
   */
  async applyChainMempool(outputs: ChainOutput[], mempool: Set<string> | null): Promise<string[]> {
    const changed = await inTransaction(this.store, (trx) => applyMempool(trx, outputs, mempool, this.chainOptions()));
    await this.events.changed(changed);
    return changed;
  }
}

/** A stable fingerprint of a creation request, for comparing idempotent retries. */
export function fingerprint(canonical: string): string {
  return createHash('sha256').update(canonical).digest('hex');
}
