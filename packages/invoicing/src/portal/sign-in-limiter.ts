/**
 * Counting events per key in a sliding window, in memory: the counts belong to one service
 * process, which is enough to make guessing passwords or mass sign-ups slow; several processes
 * each keep their own.
 */
export class SlidingWindowCounter {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `key` is below `allowed` events in the window again; 0 when it is now. */
  waitMs(key: string, allowed: number): number {
    const now = this.now();
    const list = this.recent(key, now);
    if (list.length < allowed) return 0;
    return list[list.length - allowed]! + this.windowMs - now;
  }

  record(key: string) {
    const now = this.now();
    const list = this.recent(key, now);
    list.push(now);
    this.events.set(key, list);
    if (this.events.size > 100_000) this.prune(now);
  }

  forget(key: string) {
    this.events.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.events.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  private prune(now: number) {
    for (const [key, list] of this.events) {
      const kept = list.filter((t) => now - t < this.windowMs);
      if (kept.length === 0) this.events.delete(key);
      else this.events.set(key, kept);
    }
  }
}

/** Failed sign-ins allowed per email address and per client address within the window. */
export interface SignInLimits {
  perAccount: number;
  perClient: number;
  windowMs: number;
}

export const defaultSignInLimits: SignInLimits = { perAccount: 5, perClient: 20, windowMs: 15 * 60 * 1000 };

/** Limits failed sign-ins per account and per client; a successful sign-in clears the account's count. */
export class SignInLimiter {
  private readonly failures: SlidingWindowCounter;

  constructor(
    private readonly limits: SignInLimits = defaultSignInLimits,
    now: () => number = Date.now,
  ) {
    this.failures = new SlidingWindowCounter(limits.windowMs, now);
  }

  /** Milliseconds until another attempt is allowed, or 0 when one is allowed now. */
  retryAfterMs(email: string, client: string): number {
    return Math.max(
      this.failures.waitMs(`account:${email}`, this.limits.perAccount),
      this.failures.waitMs(`client:${client}`, this.limits.perClient),
    );
  }

  recordFailure(email: string, client: string) {
    this.failures.record(`account:${email}`);
    this.failures.record(`client:${client}`);
  }

  recordSuccess(email: string) {
    this.failures.forget(`account:${email}`);
  }
}

/** New accounts allowed from one client address per hour. */
export const signUpsPerClientPerHour = 20;
