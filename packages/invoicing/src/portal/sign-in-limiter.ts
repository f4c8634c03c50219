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

  /** The times of `key`'s events within the window, oldest first. */
  eventsOf(key: string): readonly number[] {
    return this.recent(key, this.now());
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

/**
 * How failed sign-ins slow further attempts. Each counter lets `free` failures within the window
 * pass without delay; after that each failure doubles the wait before the next attempt, from
 * `firstDelayMs` up to `maxDelayMs`. Nothing is ever locked for longer than `maxDelayMs`.
 */
export interface SignInLimits {
  /** Failures of one account from one address (or one remembered device). */
  perPairFree: number;
  /** Failures of one client address, whichever accounts it tries. */
  perClientFree: number;
  /** Failures of one account from addresses and devices that never signed in to it. */
  perAccountFree: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
}

export const defaultSignInLimits: SignInLimits = {
  perPairFree: 5,
  perClientFree: 20,
  perAccountFree: 20,
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  windowMs: 60 * 60 * 1000,
};

/** One sign-in attempt: the account (normalised email), the client address, and a remembered device. */
export interface SignInAttempt {
  email: string;
  client: string;
  /** The id of a device cookie that signed in to this account before (already verified), if any. */
  device?: string;
}

/** How long an address that signed in to an account stays known to it. */
const KNOWN_ADDRESS_MS = 30 * 24 * 3600 * 1000;
const KNOWN_ADDRESS_MAX = 100_000;

/**
 * Throttles password guessing without letting a guesser keep a merchant out.
 *
 * Failures are counted per (account, address) pair, or per (account, device) when the browser
 * shows a device cookie from an earlier sign-in to that account; per client address; and per
 * account. Each counter answers with growing delays, never a lock. A guesser therefore slows
 * down only itself: the merchant's own address (or device) has a pair counter of its own, and the
 * per-account and per-address counters, which a guesser can drive up, are not applied to an
 * address or a device that signed in to that account before.
 */
export class SignInLimiter {
  private readonly failures: SlidingWindowCounter;
  /** `email \0 address` → time of the last successful sign-in, oldest first. */
  private readonly knownAddresses = new Map<string, number>();

  constructor(
    private readonly limits: SignInLimits = defaultSignInLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.failures = new SlidingWindowCounter(limits.windowMs, now);
  }

  /** Milliseconds until another attempt is allowed, or 0 when one is allowed now. */
  retryAfterMs(attempt: SignInAttempt): number {
    const { perPairFree, perClientFree, perAccountFree } = this.limits;
    let wait = this.delayMs(pairKey(attempt), perPairFree);
    if (attempt.device !== undefined || this.isKnownAddress(attempt)) return wait;
    wait = Math.max(wait, this.delayMs(`client:${attempt.client}`, perClientFree));
    return Math.max(wait, this.delayMs(`account:${attempt.email}`, perAccountFree));
  }

  recordFailure(attempt: SignInAttempt) {
    this.failures.record(pairKey(attempt));
    this.failures.record(`client:${attempt.client}`);
    this.failures.record(`account:${attempt.email}`);
  }

  /** Clears the pair's failures and remembers the address as one the account signs in from. */
  recordSuccess(attempt: SignInAttempt) {
    this.failures.forget(pairKey(attempt));
    const id = `${attempt.email}\u0000${attempt.client}`;
    this.knownAddresses.delete(id);
    this.knownAddresses.set(id, this.now());
    if (this.knownAddresses.size > KNOWN_ADDRESS_MAX) {
      const oldest = this.knownAddresses.keys().next().value;
      if (oldest !== undefined) this.knownAddresses.delete(oldest);
    }
  }

  private isKnownAddress(attempt: SignInAttempt): boolean {
    const at = this.knownAddresses.get(`${attempt.email}\u0000${attempt.client}`);
    return at !== undefined && this.now() - at < KNOWN_ADDRESS_MS;
  }

  /** The wait a counter imposes: none for its first `free` failures, then doubling from the last failure. */
  private delayMs(key: string, free: number): number {
    const events = this.failures.eventsOf(key);
    if (events.length < free) return 0;
    const delay = Math.min(this.limits.maxDelayMs, this.limits.firstDelayMs * 2 ** (events.length - free));
    return Math.max(0, events[events.length - 1]! + delay - this.now());
  }
}

function pairKey(attempt: SignInAttempt): string {
  return attempt.device !== undefined
    ? `device:${attempt.email}\u0000${attempt.device}`
    : `pair:${attempt.email}\u0000${attempt.client}`;
}

/** New accounts allowed from one client address per hour. */
export const signUpsPerClientPerHour = 20;
