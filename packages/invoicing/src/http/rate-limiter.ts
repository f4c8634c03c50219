/**
 * A token bucket per key (a merchant, a client address): `perMinute` requests on average, and
 * as many at once after a quiet minute. Kept in memory: limits are per process.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = perMinute / 60_000;
  }

  get enabled(): boolean {
    return this.perMinute > 0;
  }

  private refill(key: string) {
    const now = this.now();
    const bucket = this.buckets.get(key);
    if (!bucket) return { tokens: this.perMinute, at: now };
    return { tokens: Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * this.perMs), at: now };
  }

  /** Seconds to wait before the next request of `key` is allowed, or 0 when one is allowed now (nothing is used). */
  waitSeconds(key: string): number {
    if (!this.enabled) return 0;
    // A key with no bucket has all its tokens (the common case: checked on every request).
    const tokens = this.buckets.has(key) ? this.refill(key).tokens : this.perMinute;
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000));
  }

  /** Uses one request of `key`; returns 0 when allowed, otherwise the seconds to wait (nothing is used). */
  take(key: string): number {
    if (!this.enabled) return 0;
    const bucket = this.refill(key);
    if (bucket.tokens < 1) return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000));
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 50_000) this.forgetIdle();
    return 0;
  }

  private forgetIdle() {
    for (const [key] of this.buckets) {
      if (this.refill(key).tokens >= this.perMinute) this.buckets.delete(key);
    }
  }
}
