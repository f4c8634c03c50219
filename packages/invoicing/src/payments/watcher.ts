import type { Ledger, LedgerPayment } from '../ledger/ledger.js';
import type { InvoicingStore } from '../store/database.js';
import { readCursor } from '../store/ledgerPayments.js';
import { listWatchedAddresses } from '../store/merchants.js';
import { type LeaderLease, takeLeadership } from './leadership.js';

/** What the watcher asks of the service: credit a page of payments into one address. */
export interface PaymentCrediting {
  creditPayments(address: string, payments: LedgerPayment[]): Promise<unknown>;
}

export interface WatcherOptions {
  store: InvoicingStore;
  ledger: Ledger;
  service: PaymentCrediting;
  /** Poll the ledger this often when it gives no activity signal. */
  intervalMs: number;
  pageSize?: number;
  onError?: (error: unknown) => void;
}

/**
 * Follows the payments into every merchant address and credits them. Each page of payments is
 * applied in one transaction together with the saved cursor, and the (ledger, tx id, operation
 * index) key makes a payment count once; so a restart, a crash between pages or a second watcher
 * never credits twice. It stops at the first payment the ledger has not made final and resumes
 * there. On PostgreSQL an advisory lock lets one watcher work while others stand by.
 */
export class PaymentWatcher {
  private stopped = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private pending = false;
  private lease: LeaderLease | undefined;
  private unsubscribe: (() => void) | undefined;
  private readonly pageSize: number;

  constructor(private readonly options: WatcherOptions) {
    this.pageSize = options.pageSize ?? 100;
  }

  start(): void {
    if (this.loop) return;
    this.unsubscribe = this.options.ledger.onActivity?.(() => this.poke());
    this.loop = this.run();
  }

  /** Asks for a pass now rather than at the next interval. */
  poke(): void {
    this.pending = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.wake?.();
    await this.loop;
    await this.lease?.release();
  }

  /** One pass over every address until no final payment is left; returns how many payments were read. */
  async catchUp(): Promise<number> {
    let seen = 0;
    const addresses = await listWatchedAddresses(this.options.store.db, this.options.ledger.name);
    for (const address of addresses) {
      if (this.stopped) break;
      seen += await this.catchUpAddress(address);
    }
    return seen;
  }

  private async catchUpAddress(address: string): Promise<number> {
    const { ledger, store, service } = this.options;
    let seen = 0;
    while (!this.stopped) {
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

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        this.lease ??= await takeLeadership(this.options.store);
        if (this.lease?.held()) {
          this.pending = false;
          await this.catchUp();
          failures = 0;
        } else {
          await this.lease?.release();
          this.lease = undefined;
        }
      } catch (error) {
        failures++;
        this.options.onError?.(error);
        await this.lease?.release().catch(() => {});
        this.lease = undefined;
      }
      if (this.stopped || this.pending) continue;
      const delay = failures > 0 ? Math.min(30_000, this.options.intervalMs * 2 ** failures) : this.options.intervalMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }
}
