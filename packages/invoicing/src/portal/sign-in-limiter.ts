/**
 * Limits failed sign-ins, per email address and per client address, in a sliding window. A
 * successful sign-in clears the email's count. Kept in memory: the counts belong to one service
 * process, which is enough to make guessing passwords slow; several processes each keep their own.
 */
export interface SignInLimits {
  /** Failures allowed for one email address within the window. */
  perAccount: number;
  /** Failures allowed from one client address within the window (many accounts). */
  perClient: number;
  windowMs: number;
}

export const defaultSignInLimits: SignInLimits = { perAccount: 5, perClient: 20, windowMs: 15 * 60 * 1000 };

export class SignInLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: SignInLimits = defaultSignInLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until another attempt is allowed, or 0 when one is allowed now. */
  retryAfterMs(email: string, client: string): number {
    const now = this.now();
    const waits = [
      this.wait(`account:${email}`, this.limits.perAccount, now),
      this.wait(`client:${client}`, this.limits.perClient, now),
    ];
    return Math.max(...waits);
  }

  recordFailure(email: string, client: string) {
    const now = this.now();
    for (const key of [`account:${email}`, `client:${client}`]) {
      const list = this.recent(key, now);
      list.push(now);
      this.failures.set(key, list);
    }
    if (this.failures.size > 100_000) this.prune(now);
  }

  recordSuccess(email: string) {
    this.failures.delete(`account:${email}`);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.limits.windowMs);
  }

  private wait(key: string, allowed: number, now: number): number {
    const list = this.recent(key, now);
    if (list.length < allowed) return 0;
    return list[list.length - allowed]! + this.limits.windowMs - now;
  }

  private prune(now: number) {
    for (const [key, list] of this.failures) {
      const kept = list.filter((t) => now - t < this.limits.windowMs);
      if (kept.length === 0) this.failures.delete(key);
      else this.failures.set(key, kept);
    }
  }
}
