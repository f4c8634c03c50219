import { shownPrefix } from '../service/api-key-secrets.js';
import { RateLimiter } from './rate-limiter.js';

/** How much more often an address as a whole may fail than one key prefix from it. */
export const ADDRESS_FAILURE_FACTOR = 10;
/** How long a key prefix that authenticated from an address stays exempt from that address's limit. */
const KNOWN_GOOD_MS = 24 * 3600 * 1000;
const KNOWN_GOOD_MAX = 100_000;

/**
 * Limits failed API key checks without letting anyone lock out a valid key.
 *
 * Failures are counted per client address and key prefix (the 12 characters listings show): a
 * client retrying a wrong or revoked key is refused after `perMinute` failures, while any other
 * key from the same address is still checked. The address as a whole may fail
 * `ADDRESS_FAILURE_FACTOR` times as often (a client trying many different keys); past that, only
 * prefixes that authenticated from this address within the last day are still checked. So a
 * proxy address shared by every merchant (no `INVOICING_TRUST_PROXY`) cannot be used by one
 * client to lock out merchants whose keys work from it.
 */
export class AuthFailureLimiter {
  private readonly perPrefix: RateLimiter;
  private readonly perAddress: RateLimiter;
  /** `address \0 prefix` → time of the last success; in insertion order, oldest first. */
  private readonly knownGood = new Map<string, number>();

  constructor(
    perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.perPrefix = new RateLimiter(perMinute, now);
    this.perAddress = new RateLimiter(perMinute * ADDRESS_FAILURE_FACTOR, now);
  }

  /** Seconds before `key` (undefined: an unreadable credential) from `address` is checked again; 0: now. */
  waitSeconds(address: string, key: string | undefined): number {
    const prefix = key === undefined ? '' : shownPrefix(key);
    const pair = this.perPrefix.waitSeconds(`${address}\u0000${prefix}`);
    if (pair > 0) return pair;
    if (this.isKnownGood(address, prefix)) return 0;
    return this.perAddress.waitSeconds(address);
  }

  recordFailure(address: string, key: string | undefined) {
    const prefix = key === undefined ? '' : shownPrefix(key);
    this.perPrefix.take(`${address}\u0000${prefix}`);
    this.perAddress.take(address);
  }

  recordSuccess(address: string, key: string) {
    const id = `${address}\u0000${shownPrefix(key)}`;
    this.knownGood.delete(id);
    this.knownGood.set(id, this.now());
    if (this.knownGood.size > KNOWN_GOOD_MAX) {
      const oldest = this.knownGood.keys().next().value;
      if (oldest !== undefined) this.knownGood.delete(oldest);
    }
  }

  private isKnownGood(address: string, prefix: string): boolean {
    const at = this.knownGood.get(`${address}\u0000${prefix}`);
    return at !== undefined && this.now() - at < KNOWN_GOOD_MS;
  }
}
