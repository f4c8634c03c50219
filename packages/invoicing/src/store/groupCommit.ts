import { sql } from 'kysely';
import type { InvoicingDb, InvoicingStore } from './database.js';
import { inTransaction } from './database.js';

interface Pending<T> {
  work: (trx: InvoicingDb) => Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for SQLite: writes that arrive together share one transaction and therefore one
 * fsync. Each write runs in its own savepoint (a failing one is undone alone) and every caller is
 * answered only after the shared COMMIT is durable, so nothing is acknowledged that a power cut
 * could take back. PostgreSQL gets one transaction per write: its server already groups commits.
 */
export class GroupCommit {
  private queue: Pending<any>[] = [];
  private running = false;

  constructor(
    private readonly store: InvoicingStore,
    private readonly maxBatch = 256,
  ) {}

  run<T>(work: (trx: InvoicingDb) => Promise<T>): Promise<T> {
    if (this.store.engine !== 'sqlite') return inTransaction(this.store, work);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve, reject });
      if (!this.running) {
        this.running = true;
        // Let the requests already read from the sockets join this batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      await this.commitBatch(batch);
    }
    this.running = false;
  }

  private async commitBatch(batch: Pending<any>[]): Promise<void> {
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      await inTransaction(this.store, async (trx) => {
        for (const item of batch) {
          await sql`savepoint batch_item`.execute(trx);
          try {
            outcomes.push({ ok: true, value: await item.work(trx) });
            await sql`release savepoint batch_item`.execute(trx);
          } catch (error) {
            await sql`rollback to savepoint batch_item`.execute(trx);
            await sql`release savepoint batch_item`.execute(trx);
            outcomes.push({ ok: false, value: error });
          }
        }
      });
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.value);
    });
  }
}
