import type { InvoicingConfig } from './config.js';
import type { Ledger } from './ledger/ledger.js';
import { SimulatedLedger } from './ledger/simulated.js';
import { ExpiryScheduler } from './payments/expiryScheduler.js';
import { PaymentWatcher } from './payments/watcher.js';
import { FixedRateSource } from './rates/fixedRate.js';
import type { RateSource } from './rates/rateSource.js';
import { TickerRateSource } from './rates/tickerRate.js';
import { InvoicingService } from './service/invoicingService.js';
import { loadServerSecret } from './service/serverSecret.js';
import { WebhookDispatcher } from './service/webhookDispatcher.js';
import { WebhookSender } from './service/webhookSender.js';
import { listenForInvoiceChanges } from './store/changeNotices.js';
import { type InvoicingStore, openInvoicingStore, openReadConnection } from './store/database.js';

export function openLedger(config: InvoicingConfig): Ledger {
  switch (config.ledger.kind) {
    case 'simulated':
      return new SimulatedLedger(config.ledger.file);
  }
}

export function createRateSource(config: InvoicingConfig): RateSource {
  return config.rates.source === 'fixed'
    ? new FixedRateSource(config.rates.eurPerCoin)
    : new TickerRateSource({ url: config.rates.url, pair: config.rates.pair });
}

export interface Invoicing {
  config: InvoicingConfig;
  store: InvoicingStore;
  ledger: Ledger;
  service: InvoicingService;
  close(): Promise<void>;
}

/** Opens the database and the ledger and builds the service (no background work). */
export async function openInvoicing(config: InvoicingConfig, now?: () => number): Promise<Invoicing> {
  const store = await openInvoicingStore(config.database);
  const ledger = openLedger(config);
  const reader = openReadConnection(store);
  const service = new InvoicingService({
    store,
    reader,
    ledger,
    rates: createRateSource(config),
    secret: loadServerSecret(config.secret, config.dataDir),
    settings: {
      baseUrl: config.baseUrl,
      referencePrefix: config.referencePrefix,
      maxAmountEurCents: config.maxAmountEurCents,
      defaultExpiryMin: config.defaultExpiryMin,
      lateWindowMin: config.lateWindowMin,
      webhookAllowPrivate: config.webhooks.allowPrivate,
    },
    now,
  });
  return {
    config,
    store,
    ledger,
    service,
    async close() {
      await ledger.close();
      await reader.close();
      await store.close();
    },
  };
}

/**
 * The background work of a serving process: the payment watcher, the expiry scheduler and (on
 * PostgreSQL) the listener for changes made by other instances.
 */
export async function startBackgroundWork(invoicing: Invoicing, onError: (what: string, error: unknown) => void) {
  const watcher = new PaymentWatcher({
    store: invoicing.store,
    ledger: invoicing.ledger,
    service: invoicing.service,
    intervalMs: invoicing.config.watchIntervalMs,
    onError: (error) => onError('payment watcher', error),
  });
  const scheduler = new ExpiryScheduler({
    service: invoicing.service,
    intervalMs: invoicing.config.expiryIntervalMs,
    onError: (error) => onError('expiry scheduler', error),
  });
  const changes = await listenForInvoiceChanges(invoicing.store, (id) => void invoicing.service.events.changed([id]), {
    onError: (error) => onError('change listener', error),
  });
  const webhooks = startWebhookDispatcher(invoicing.store, invoicing.service, {
    ...invoicing.config.webhooks,
    onError: (error) => onError('webhook sender', error),
  });
  watcher.start();
  scheduler.start();
  return {
    watcher,
    scheduler,
    webhooks,
    async stop() {
      await scheduler.stop();
      await watcher.stop();
      await webhooks.stop();
      await changes.stop();
    },
  };
}

/**
 * Starts sending the webhook outbox: woken by every committed change of an invoice and by deliveries
 * queued by hand, and polling for those other instances write.
 */
export function startWebhookDispatcher(
  store: InvoicingStore,
  service: InvoicingService,
  options: {
    allowPrivate: boolean;
    timeoutMs: number;
    pollIntervalMs: number;
    retryScheduleMs?: number[];
    onError?: (error: unknown) => void;
  },
) {
  const sender = new WebhookSender({ timeoutMs: options.timeoutMs, allowPrivate: options.allowPrivate });
  const dispatcher = new WebhookDispatcher({
    store,
    write: (work) => service.writes.run(work),
    secrets: service.webhooks.secrets,
    sender,
    baseUrl: service.settings.baseUrl,
    now: service.now,
    timeoutMs: options.timeoutMs,
    pollIntervalMs: options.pollIntervalMs,
    retryScheduleMs: options.retryScheduleMs,
    onError: options.onError,
  });
  const unsubscribe = service.events.onAny(() => dispatcher.poke());
  service.webhooks.onQueued = () => dispatcher.poke();
  dispatcher.start();
  return {
    dispatcher,
    async stop() {
      unsubscribe();
      service.webhooks.onQueued = () => {};
      await dispatcher.stop();
      sender.close();
    },
  };
}
