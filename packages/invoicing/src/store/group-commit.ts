import type { InvoicingDb, InvoicingStore } from './database.js';
import { inTransaction } from './database.js';

interface Pending<T> {
  work: (trx: InvoicingDb) => Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for SQLite: writes that arrive together share one transaction and therefore one
 * fsync. Every caller is answered only after the shared COMMIT is durable, so nothing is
 * acknowledged that a power cut could take back. PostgreSQL gets one transaction per write: its server already groups commits.
 */
export class GroupCommit {
  private queue: Pending<any>[] = [];
  private running = false;
  /** Commits made and writes they carried, for the benchmark's writes-per-commit figure. */
  readonly stats = { commits: 0, writes: 0 };

  constructor(
    private readonly store: InvoicingStore,
    private readonly maxBatch = 256,
  ) {}

  /** True while writes are queued or committing. */
  get busy(): boolean {
    return this.running || this.queue.length > 0;
  }

  run<T>(work: (trx: InvoicingDb) => Promise<T>): Promise<T> {
    if (this.store.engine !== 'sqlite') return inTransaction(this.store, work);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve, reject });
      if (!this.running) {
        this.running = true;
        void this.drain();
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      await this.gather();
      const batch = this.queue.splice(0, this.maxBatch);
      this.stats.commits++;
      this.stats.writes += batch.length;
      await this.commitBatch(batch);
    }
    this.running = false;
  }

  /**
   * Lets the event loop read more requests while that adds writes to the queue (a few turns at
   * most): the requests that arrived during the previous commit's fsync join this one.
   */
  private async gather(): Promise<void> {
    for (let turn = 0; turn < 8 && this.queue.length < this.maxBatch; turn++) {
      const before = this.queue.length;
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.queue.length === before) return;
    }
  }

  /**
   * Runs the batch in one transaction. If any write fails, the batch is rolled back and each
   * write runs again in a transaction of its own, so one bad write fails alone.
   */
  private async commitBatch(batch: Pending<any>[]): Promise<void> {
    if (batch.length > 1) {
      let values: unknown[] | undefined;
      try {
        values = await inTransaction(this.store, async (trx) => {
          const results: unknown[] = [];
          for (const item of batch) results.push(await item.work(trx));
          return results;
        });
      } catch {
        values = undefined;
      }
      if (values) {
        for (const [i, item] of batch.entries()) item.resolve(values[i]);
        return;
      }
    }
    for (const item of batch) {
      try {
        item.resolve(await inTransaction(this.store, item.work));
      } catch (error) {
        item.reject(error);
      }
    }
  }
}
