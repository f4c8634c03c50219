import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { TestEngine } from '@svc/common/testing';
import { useTestDatabase } from '@svc/common/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { RateLimitConfig } from '../src/config.js';
import { SimulatedLedger } from '../src/ledger/simulated.js';
import { PaymentWatcher } from '../src/payments/watcher.js';
import { FixedRateSource } from '../src/rates/fixed-rate.js';
import { parseRate, type RateSource } from '../src/rates/rate-source.js';
import { startWebhookDispatcher } from '../src/runtime.js';
import { InvoicingService } from '../src/service/invoicing-service.js';
import {
  type InvoicingStore,
  openReadConnection,
  prepareInvoicingStore,
  type ReadConnection,
} from '../src/store/database.js';
import type { Merchant } from '../src/store/merchants.js';
import type { InvoicingDatabase } from '../src/store/schema.js';

/** A clock tests move by hand. */
export class TestClock {
  constructor(public ms = Date.UTC(2030, 0, 1, 12, 0, 0)) {}
  now = () => this.ms;
  advanceMinutes(minutes: number) {
    this.ms += minutes * 60_000;
  }
}

/** A clock that runs with real time and that tests can still move ahead. */
export class LiveClock extends TestClock {
  private offset = 0;
  constructor() {
    super(Date.now());
  }
  override now = () => Date.now() + this.offset;
  override advanceMinutes(minutes: number) {
    this.offset += minutes * 60_000;
  }
}

export interface Harness {
  store: InvoicingStore;
  ledger: SimulatedLedger;
  service: InvoicingService;
  app: FastifyInstance;
  clock: TestClock;
  watcher: PaymentWatcher;
  merchant: Merchant;
  /** An active API key of `merchant`. */
  key: string;
}

export interface HarnessOptions {
  rateLimits?: RateLimitConfig;
  /** The rate source, or a function giving it once the suite's own `before` hooks have run. */
  rates?: RateSource | (() => RateSource);
  maxAmountEurCents?: bigint;
  /** Runs the webhook sender (on a clock that follows real time), allowing endpoints on 127.0.0.1. */
  webhooks?: { timeoutMs?: number; retryScheduleMs?: number[] };
}

export const TEST_BASE_URL = 'https://pay.example.test';

/** Inside a describe: a migrated database on the engine, a simulated ledger, the service and its app. */
export function useHarness(engine: TestEngine, options: HarnessOptions = {}): () => Harness {
  const database = useTestDatabase<InvoicingDatabase>(engine, prepareInvoicingStore);
  let harness: Harness | undefined;
  let dir = '';
  let reader: ReadConnection | undefined;
  let webhooks: { stop(): Promise<void> } | undefined;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'invoicing-test-'));
    const store = database();
    const clock = options.webhooks ? new LiveClock() : new TestClock();
    const ledger = new SimulatedLedger(join(dir, 'ledger.sqlite'));
    reader = openReadConnection(store);
    const service = new InvoicingService({
      store,
      reader,
      ledger,
      rates:
        typeof options.rates === 'function'
          ? options.rates()
          : (options.rates ?? new FixedRateSource(parseRate('0.25')!)),
      secret: Buffer.from('test-secret-test-secret-test-secret'),
      settings: {
        baseUrl: TEST_BASE_URL,
        referencePrefix: 'INV',
        maxAmountEurCents: options.maxAmountEurCents ?? 100_000_000n,
        defaultExpiryMin: 15,
        lateWindowMin: 1440,
        webhookAllowPrivate: options.webhooks !== undefined,
      },
      now: clock.now,
    });
    if (options.webhooks) {
      webhooks = startWebhookDispatcher(store, service, {
        allowPrivate: true,
        timeoutMs: options.webhooks.timeoutMs ?? 15_000,
        pollIntervalMs: 50,
        retryScheduleMs: options.webhooks.retryScheduleMs,
      });
    }
    const app = await buildApp({ store, service, rateLimits: options.rateLimits });
    const watcher = new PaymentWatcher({ store, ledger, service, intervalMs: 1000, pageSize: 3 });
    const merchant = await service.createMerchant({ name: 'Test shop' });
    const { key } = await service.createApiKey(merchant.id);
    harness = { store, ledger, service, app, clock, watcher, merchant, key };
  });
  after(async () => {
    await webhooks?.stop();
    await harness?.app.close();
    await harness?.ledger.close();
    await reader?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!harness) throw new Error('the harness is not ready');
    return harness;
  };
}

/** POSTs a JSON body (given as text, to control every byte) to /api/invoices. */
export async function postInvoice(
  h: Harness,
  body: string | Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/invoices',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });
  return { status: response.statusCode, headers: response.headers, body: response.json(), text: response.body };
}

export async function getInvoice(h: Harness, id: string) {
  const response = await h.app.inject({ method: 'GET', url: `/api/invoices/${id}` });
  return { status: response.statusCode, headers: response.headers, body: response.json(), text: response.body };
}
