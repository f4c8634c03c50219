import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const API_KEY_PREFIX = 'ik_live_';
/** How much of a key listings show: the fixed prefix and four random characters. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 4;

/** A new API key: the fixed prefix and 192 random bits (base64url). */
export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
}

/**
 * Keys are stored as HMAC-SHA-256 under the server secret: checking one is a single hash, and a
 * copy of the database alone cannot be used to find or test keys.
 */
export function hashApiKey(secret: Buffer, key: string): string {
  return createHmac('sha256', secret).update(key, 'utf8').digest('hex');
}

/**
 * `hashApiKey` for keys checked again and again (every API request of a shop carries its key):
 * the HMAC of a key already seen is found by a plain SHA-256 of the key, which is a single call
 * where an HMAC builds a keyed hasher each time. The raw key is never kept: an entry holds the
 * key's SHA-256 (compared in constant time) and its HMAC, which the database holds anyway. The
 * entries are bounded (`capacity`, the oldest out first), so a client sending endless random keys
 * only ever replaces older entries (a key pushed out costs one HMAC the next time). Revocation is not this cache's business: the
 * HMAC of a key never changes; whether it is still active is looked up by the caller.
 */
export class ApiKeyHasher {
  private readonly known = new Map<string, { digest: Uint8Array; hmac: string }>();

  constructor(
    private readonly secret: Buffer,
    private readonly capacity = 10_000,
  ) {}

  hash(key: string): string {
    const digest = hash('sha256', key, 'buffer');
    // The slot is a part of the digest; the whole digest is then compared in constant time.
    const slot = digest.toString('base64', 0, 12);
    const entry = this.known.get(slot);
    if (entry && timingSafeEqual(entry.digest, digest)) return entry.hmac;
    const hmac = hashApiKey(this.secret, key);
    this.known.delete(slot);
    this.known.set(slot, { digest, hmac });
    if (this.known.size > this.capacity) this.known.delete(this.known.keys().next().value!);
    return hmac;
  }

  /** How many keys are remembered (for tests: it never exceeds the capacity). */
  get size(): number {
    return this.known.size;
  }
}

export function shownPrefix(key: string): string {
  return key.slice(0, SHOWN_LENGTH);
}

/** Cheap shape check before any database work: right prefix, plausible length and alphabet. */
export function looksLikeApiKey(key: string): boolean {
  return key.startsWith(API_KEY_PREFIX) && key.length <= 128 && /^[A-Za-z0-9_-]+$/.test(key);
}
