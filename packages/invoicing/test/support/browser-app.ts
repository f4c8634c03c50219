import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { SimulatedLedger } from '../../src/ledger/simulated.js';
import { PaymentWatcher } from '../../src/payments/watcher.js';
import { FixedRateSource } from '../../src/rates/fixed-rate.js';
import { parseRate } from '../../src/rates/rate-source.js';
import { startWebhookDispatcher } from '../../src/runtime.js';
import { InvoicingService } from '../../src/service/invoicing-service.js';
import { type InvoicingStore, openInvoicingStore } from '../../src/store/database.js';
import { freePort } from './ports.js';

/**
 * The whole service as a browser meets it: listening on a local port, SQLite, the simulated
 * ledger and a running payment watcher. Its clock is the real one plus `clockOffsetMs`, so a test
 * can let time pass (expiry) without waiting.
 */
export interface BrowserApp {
  url: string;
  app: FastifyInstance;
  store: InvoicingStore;
  ledger: SimulatedLedger;
  service: InvoicingService;
  clockOffsetMs: number;
  close(): Promise<void>;
}

export async function startBrowserApp(): Promise<BrowserApp> {
  const dir = mkdtempSync(join(tmpdir(), 'invoicing-browser-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const store = await openInvoicingStore({ engine: 'sqlite', file: join(dir, 'invoicing.sqlite') });
  const ledger = new SimulatedLedger(join(dir, 'ledger.sqlite'));
  const running = {} as BrowserApp;
  const service = new InvoicingService({
    store,
    ledger,
    rates: new FixedRateSource(parseRate('0.8125')!),
    secret: Buffer.from('browser-test-secret-browser-test-secret'),
    settings: {
      baseUrl: url,
      referencePrefix: 'INV',
      maxAmountEurCents: 100_000_000n,
      defaultExpiryMin: 15,
      lateWindowMin: 1440,
      // The tests' webhook receiver listens on 127.0.0.1.
      webhookAllowPrivate: true,
    },
    now: () => Date.now() + running.clockOffsetMs,
  });
  const app = await buildApp({ store, service });
  const watcher = new PaymentWatcher({ store, ledger, service, intervalMs: 250 });
  await app.listen({ host: '127.0.0.1', port });
  watcher.start();
  const webhooks = startWebhookDispatcher(store, service, {
    allowPrivate: true,
    timeoutMs: 5000,
    pollIntervalMs: 100,
    retryScheduleMs: [200, 200],
  });
  Object.assign(running, {
    url,
    app,
    store,
    ledger,
    service,
    clockOffsetMs: 0,
    async close() {
      await watcher.stop();
      await webhooks.stop();
      await app.close();
      await ledger.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
  return running;
}
