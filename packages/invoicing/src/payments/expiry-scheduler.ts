/** What the scheduler asks of the service: expire what is due, and the periodic housekeeping. */
export interface DueWork {
  now(): number;
  expireDueInvoices(): Promise<unknown>;
  forgetOldIdempotencyKeys(): Promise<unknown>;
}

export interface ExpirySchedulerOptions {
  service: DueWork;
  intervalMs: number;
  onError?: (error: unknown) => void;
}

const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

/**
 * Expires open invoices when their time is up (reads also expire lazily, so a stopped scheduler
 * never shows an overdue invoice as open), and now and then forgets idempotency records past
 * their 24 h window.
 */
export class ExpiryScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private lastHousekeeping = 0;

  constructor(private readonly options: ExpirySchedulerOptions) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.running ??= this.tick().finally(() => {
        this.running = undefined;
      });
    }, this.options.intervalMs);
    this.timer.unref();
  }

  async tick(): Promise<void> {
    const { service } = this.options;
    try {
      await service.expireDueInvoices();
      if (service.now() - this.lastHousekeeping >= HOUSEKEEPING_INTERVAL_MS) {
        this.lastHousekeeping = service.now();
        await service.forgetOldIdempotencyKeys();
      }
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
