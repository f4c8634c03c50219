import type { LedgerPayment, MemoLedger } from '../ledger/ledger.js';
import type { InvoicingStore } from '../store/database.js';
import { readCursor } from '../store/ledger-payments.js';
import { listWatchedAddresses } from '../store/merchants.js';
import { PollingLoop } from './polling-loop.js';

/** What the watcher asks of the service: credit a page of payments into one address. */
export interface PaymentCrediting {
  creditPayments(address: string, payments: LedgerPayment[]): Promise<unknown>;
}

export interface WatcherOptions {
  store: InvoicingStore;
  ledger: MemoLedger;
  service: PaymentCrediting;
  /** Poll the ledger this often when it gives no activity signal. */
  intervalMs: number;
  pageSize?: number;
  onError?: (error: unknown) => void;
}

/**
 * The watcher of a memo ledger (see ChainWatcher for chain ledgers). Follows the payments into every merchant address and credits them. Each page of payments is
 * applied in one transaction together with the saved cursor, and the (ledger, tx id, operation
 * index) key makes a payment count once; so a restart, a crash between pages or a second watcher
 * never credits twice. It stops at the first payment the ledger has not made final and resumes
 * there. On PostgreSQL an advisory lock lets one watcher work while others stand by.
 */
export class PaymentWatcher {
  private readonly loop: PollingLoop;
  private unsubscribe: (() => void) | undefined;
  private readonly pageSize: number;

  constructor(private readonly options: WatcherOptions) {
    this.pageSize = options.pageSize ?? 100;
    this.loop = new PollingLoop({
      store: options.store,
      intervalMs: options.intervalMs,
      pass: async () => {
        await this.catchUp();
      },
      onError: options.onError,
    });
  }

  start(): void {
    this.unsubscribe ??= this.options.ledger.onActivity?.(() => this.poke());
    this.loop.start();
  }

  /** Asks for a pass now rather than at the next interval. */
  poke(): void {
    this.loop.poke();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.loop.stop();
  }

  /** One pass over every address until no final payment is left; returns how many payments were read. */
  async catchUp(): Promise<number> {
    let seen = 0;
    const addresses = await listWatchedAddresses(this.options.store.db, this.options.ledger.name);
    for (const address of addresses) {
      if (this.loop.isStopped) break;
      seen += await this.catchUpAddress(address);
    }
    return seen;
  }

  private async catchUpAddress(address: string): Promise<number> {
    const { ledger, store, service } = this.options;
    let seen = 0;
    while (!this.loop.isStopped) {
      const cursor = await readCursor(store.db, ledger.name, address);
      const page = await ledger.paymentsTo(address, cursor, this.pageSize);
      const finalPrefix: LedgerPayment[] = [];
      for (const payment of page) {
        if (!payment.final) break;
        finalPrefix.push(payment);
      }
      if (finalPrefix.length === 0) break;
      await service.creditPayments(address, finalPrefix);
      seen += finalPrefix.length;
      if (finalPrefix.length < page.length || page.length < this.pageSize) break;
    }
    return seen;
  }
}
