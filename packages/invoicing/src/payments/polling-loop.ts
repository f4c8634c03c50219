import type { InvoicingStore } from '../store/database.js';
import { type LeaderLease, takeLeadership } from './leadership.js';

export interface PollingLoopOptions {
  /**
   * With a store, passes run only while this process holds the payment watcher's leadership (on
   * PostgreSQL one process of all; see `takeLeadership`); without, every process runs them.
   */
  store?: InvoicingStore;
  /** Wait this long between passes when nothing asks for one sooner. */
  intervalMs: number;
  /** One pass; answering `true` asks for the next pass at once (more work is waiting). */
  pass: () => Promise<unknown>;
  onError?: (error: unknown) => void;
}

/**
 * The loop of the background workers (the payment watchers, the webhook sender): a pass at once,
 * then one per interval or whenever poked. With leadership, on PostgreSQL only the process
 * holding the advisory lock works, the others stand by and take over when it goes. A failing
 * pass is retried with exponential backoff, up to 30 s apart.
 */
export class PollingLoop {
  private stopped = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private pending = false;
  private lease: LeaderLease | undefined;
  /** The message of the last failed pass, null after a pass succeeds. */
  lastError: string | null = null;

  constructor(private readonly options: PollingLoopOptions) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  start(): void {
    if (this.loop) return;
    this.loop = this.run();
  }

  /** Asks for another pass as soon as the current one ends (or now, when waiting). */
  poke(): void {
    this.pending = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    await this.lease?.release();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      let again = false;
      try {
        if (this.options.store) this.lease ??= await takeLeadership(this.options.store);
        if (!this.options.store || this.lease?.held()) {
          this.pending = false;
          again = (await this.options.pass()) === true;
          failures = 0;
          this.lastError = null;
        } else {
          await this.lease?.release();
          this.lease = undefined;
        }
      } catch (error) {
        failures++;
        this.lastError = (error as Error).message;
        this.options.onError?.(error);
        await this.lease?.release().catch(() => {});
        this.lease = undefined;
      }
      if (this.stopped || this.pending || again) continue;
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
