import { ConfigError } from '@svc/common';
import type { InvoicingConfig } from './config.js';
import { CoreRpcLedger } from './ledger/chain/core-rpc-ledger.js';
import type { Ledger } from './ledger/ledger.js';
import { RpcError } from './ledger/rpc.js';
import { SimulatedLedger } from './ledger/simulated.js';
import { ChainWatcher } from './payments/chain-watcher.js';
import { ExpiryScheduler } from './payments/expiry-scheduler.js';
import { PaymentWatcher } from './payments/watcher.js';
import { FixedRateSource } from './rates/fixed-rate.js';
import type { RateSource } from './rates/rate-source.js';
import { TickerRateSource } from './rates/ticker-rate.js';
import { InvoicingService } from './service/invoicing-service.js';
import { loadServerSecret } from './service/server-secret.js';
import { WebhookDispatcher } from './service/webhook-dispatcher.js';
import { WebhookSender } from './service/webhook-sender.js';
import { listenForInvoiceChanges } from './store/change-notices.js';
import { type InvoicingStore, openInvoicingStore, openReadConnection } from './store/database.js';

/** Opens the configured ledger; a chain node is asked once, so a wrong URL, login or network stops start-up. */
export async function openLedger(config: InvoicingConfig): Promise<Ledger> {
  const ledger = config.ledger;
  if (ledger.kind === 'simulated') return new SimulatedLedger(ledger.file);
  const node = new CoreRpcLedger({ coin: ledger.kind, network: ledger.network, rpc: ledger.rpc });
  try {
    await node.verify();
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    // One line naming the setting to fix.
    const variable =
      error.kind === 'unauthorised'
        ? ledger.rpc.cookieFile
          ? 'INVOICING_RPC_COOKIE_FILE'
          : 'INVOICING_RPC_PASSWORD'
        : error.kind === 'unreachable'
          ? 'INVOICING_RPC_URL'
          : 'INVOICING_NETWORK';
    throw new ConfigError(variable, error.message);
  }
  return node;
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
  const ledger = await openLedger(config);
  const store = await openInvoicingStore(config.database);
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
      defaultConfirmations: config.defaultConfirmations,
      gapLimit: config.gapLimit,
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
  const { ledger } = invoicing;
  const watcherOptions = {
    store: invoicing.store,
    service: invoicing.service,
    intervalMs: invoicing.config.watchIntervalMs,
    onError: (error: unknown) => onError('payment watcher', error),
  };
  const watcher =
    ledger.matching === 'address'
      ? new ChainWatcher({ ...watcherOptions, ledger })
      : new PaymentWatcher({ ...watcherOptions, ledger });
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
    /** What is wrong with the chain node or the watcher's progress (null when fine, and always on a memo ledger). */
    async ledgerProblem(): Promise<string | null> {
      if (!(watcher instanceof ChainWatcher) || ledger.matching !== 'address') return null;
      return (await ledger.health()) ?? watcher.health().problem;
    },
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
    coinDecimals: service.ledger.decimals,
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
