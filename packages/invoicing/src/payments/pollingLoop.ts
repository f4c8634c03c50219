import type { InvoicingStore } from '../store/database.js';
import { type LeaderLease, takeLeadership } from './leadership.js';

export interface PollingLoopOptions {
  store: InvoicingStore;
  /** Wait this long between passes when nothing asks for one sooner. */
  intervalMs: number;
  /** One pass of the watcher; runs only while this process holds the watcher's leadership. */
  pass: () => Promise<void>;
  onError?: (error: unknown) => void;
}

/**
 * The loop of a payment watcher: a pass at once, then one per interval or whenever poked. On
 * PostgreSQL only the process holding the advisory lock works, the others stand by and take over
 * when it goes. A failing pass is retried with exponential backoff, up to 30 s apart.
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
      try {
        this.lease ??= await takeLeadership(this.options.store);
        if (this.lease?.held()) {
          this.pending = false;
          await this.options.pass();
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
