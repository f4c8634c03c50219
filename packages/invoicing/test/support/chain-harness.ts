import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import { HDKey } from '@scure/bip32';
import type { TestEngine } from '@svc/common/testing';
import { useTestDatabase } from '@svc/common/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { CoreRpcLedger } from '../../src/ledger/chain/core-rpc-ledger.js';
import { ChainWatcher } from '../../src/payments/chain-watcher.js';
import { FixedRateSource } from '../../src/rates/fixed-rate.js';
import { parseRate } from '../../src/rates/rate-source.js';
import { startWebhookDispatcher } from '../../src/runtime.js';
import { InvoicingService } from '../../src/service/invoicing-service.js';
import { type InvoicingStore, prepareInvoicingStore } from '../../src/store/database.js';
import type { Merchant } from '../../src/store/merchants.js';
import type { InvoicingDatabase } from '../../src/store/schema.js';
import { type RegtestNode, startRegtestNode } from './litecoind.js';

/** BIP 32 versions of test networks (tpub/tprv), which Litecoin Core uses in regtest. */
export const TEST_VERSIONS = { private: 0x04358394, public: 0x043587cf };

/**
 * A merchant's wallet account as its own wallet software would hold it: the test keeps the seed
 * and gives the service only the account's extended public key.
 */
export function testAccount(seed = randomBytes(32)) {
  const account = HDKey.fromMasterSeed(seed, TEST_VERSIONS).derive("m/84'/1'/0'");
  return { xpub: account.publicExtendedKey, account };
}

export interface ChainHarness {
  node: RegtestNode;
  ledger: CoreRpcLedger;
  store: InvoicingStore;
  service: InvoicingService;
  app: FastifyInstance;
  watcher: ChainWatcher;
  merchant: Merchant;
  xpub: string;
  /** What the watcher failed with (it retries); a test may expect none. */
  watcherErrors: unknown[];
  /** Added to the real clock: lets an invoice expire without waiting. */
  clockOffsetMs: number;
  /** Creates an invoice of the merchant for `amount` coin (valid `expiresMin` minutes). */
  invoice(amount: string, expiresMin?: number): Promise<PublicView>;
  /** GET /api/invoices/:id, parsed. */
  read(id: string): Promise<PublicView>;
  /** Waits until the invoice's public view satisfies `check` (the watcher is poked meanwhile). */
  waitFor(id: string, check: (view: PublicView) => boolean, what: string): Promise<PublicView>;
}

export interface PublicView {
  id: string;
  status: string;
  recipient: string;
  message: string;
  amount_coin: number;
  amount_paid_coin: number;
  amount_pending_coin: number;
  amount_due_coin: number;
  confirmations_required: number;
  payments: { tx_id: string; op_index: number; amount_coin: number; confirmations: number; late: boolean }[];
  flags: { partial: boolean; overpaid: boolean; late: boolean };
  timeline: { status: string; at: number }[];
  paid_at: number | null;
}

/**
 * Inside a describe: a regtest litecoind, a migrated database on the engine, the service on it and
 * a running chain watcher; with `webhooks`, the webhook sender too (endpoints on 127.0.0.1 allowed).
 */
export function useChainHarness(
  engine: TestEngine,
  options: { confirmations?: number; gapLimit?: number; webhooks?: boolean } = {},
): () => ChainHarness {
  const database = useTestDatabase<InvoicingDatabase>(engine, prepareInvoicingStore);
  let harness: ChainHarness | undefined;
  let node: RegtestNode | undefined;
  let webhooks: { stop(): Promise<void> } | undefined;
  before(async () => {
    node = await startRegtestNode();
    const store = database();
    const ledger = new CoreRpcLedger({
      coin: 'litecoin',
      network: 'regtest',
      rpc: { url: node.url, user: node.user, password: node.password },
    });
    await ledger.verify();
    const running = { clockOffsetMs: 0, watcherErrors: [] as unknown[] } as unknown as ChainHarness;
    const service = new InvoicingService({
      store,
      ledger,
      rates: new FixedRateSource(parseRate('80')!),
      secret: Buffer.from('chain-test-secret-chain-test-secret'),
      settings: {
        baseUrl: 'https://pay.example.test',
        referencePrefix: 'INV',
        maxAmountEurCents: 100_000_000n,
        defaultExpiryMin: 15,
        lateWindowMin: 1440,
        defaultConfirmations: options.confirmations ?? 1,
        gapLimit: options.gapLimit,
        webhookAllowPrivate: options.webhooks === true,
      },
      now: () => Date.now() + running.clockOffsetMs,
    });
    if (options.webhooks) {
      webhooks = startWebhookDispatcher(store, service, { allowPrivate: true, timeoutMs: 5000, pollIntervalMs: 50 });
    }
    const app = await buildApp({ store, service });
    const watcher = new ChainWatcher({
      store,
      ledger,
      service,
      intervalMs: 100,
      onError: (error) => {
        running.watcherErrors.push(error);
        if (process.env.CHAIN_TEST_DEBUG) console.error('watcher:', error);
      },
    });
    const { xpub } = testAccount();
    const merchant = await service.createMerchant({ name: 'Chain shop', accountKey: xpub });
    watcher.start();
    const read = async (id: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/invoices/${id}` });
      if (response.statusCode !== 200)
        throw new Error(`GET /api/invoices/${id}: ${response.statusCode} ${response.body}`);
      return response.json() as PublicView;
    };
    Object.assign(running, {
      node,
      ledger,
      store,
      service,
      app,
      watcher,
      merchant,
      xpub,
      read,
      async invoice(amount: string, expiresMin = 30) {
        const created = await service.createInvoice(merchant.id, {
          amount: { currency: 'coin', value: amount },
          expiresMin,
        });
        return read(created.id);
      },
      async waitFor(id: string, check: (view: PublicView) => boolean, what: string) {
        const deadline = Date.now() + 30_000;
        let view = await read(id);
        while (!check(view)) {
          if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(view)}`);
          watcher.poke();
          await new Promise((resolve) => setTimeout(resolve, 50));
          view = await read(id);
        }
        return view;
      },
    });
    harness = running;
  });
  after(async () => {
    await harness?.watcher.stop();
    await webhooks?.stop();
    await harness?.app.close();
    await node?.stop();
  });
  return () => {
    if (!harness) throw new Error('the chain harness is not ready');
    return harness;
  };
}
