import { shownPrefix } from '../service/api-key-secrets.js';
import { RateLimiter } from './rate-limiter.js';

/** How much more often an address as a whole may fail than one key prefix from it. */
export const ADDRESS_FAILURE_FACTOR = 10;
/** How long a key prefix that authenticated from an address stays exempt from that address's limit. */
const KNOWN_GOOD_MS = 24 * 3600 * 1000;
const KNOWN_GOOD_MAX = 100_000;
/** A known-good prefix's time is written again at most this often (a busy key succeeds many times a second). */
const KNOWN_GOOD_REFRESH_MS = 60_000;

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
    const pair = pairOf(address, key);
    const wait = this.perPrefix.waitSeconds(pair);
    if (wait > 0) return wait;
    if (this.isKnownGood(pair)) return 0;
    return this.perAddress.waitSeconds(address);
  }

  recordFailure(address: string, key: string | undefined) {
    this.perPrefix.take(pairOf(address, key));
    this.perAddress.take(address);
  }

  /**
   * Notes that `key` authenticated from `address`. The time kept is that of a success at most
   * `KNOWN_GOOD_REFRESH_MS` old, so a busy key costs a lookup here rather than a rewrite.
   */
  recordSuccess(address: string, key: string) {
    const id = pairOf(address, key);
    const now = this.now();
    const at = this.knownGood.get(id);
    if (at !== undefined && now - at < KNOWN_GOOD_REFRESH_MS) return;
    this.knownGood.delete(id);
    this.knownGood.set(id, now);
    if (this.knownGood.size > KNOWN_GOOD_MAX) {
      const oldest = this.knownGood.keys().next().value;
      if (oldest !== undefined) this.knownGood.delete(oldest);
    }
  }

  private isKnownGood(pair: string): boolean {
    const at = this.knownGood.get(pair);
    return at !== undefined && this.now() - at < KNOWN_GOOD_MS;
  }
}

/** `address \0 prefix`: what failures are counted by (an unreadable credential has the empty prefix). */
function pairOf(address: string, key: string | undefined): string {
  return `${address}\u0000${key === undefined ? '' : shownPrefix(key)}`;
}
