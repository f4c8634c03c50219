import { createHmac, randomBytes } from 'node:crypto';

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

export function shownPrefix(key: string): string {
  return key.slice(0, SHOWN_LENGTH);
}

/** Cheap shape check before any database work: right prefix, plausible length and alphabet. */
export function looksLikeApiKey(key: string): boolean {
  return key.startsWith(API_KEY_PREFIX) && key.length <= 128 && /^[A-Za-z0-9_-]+$/.test(key);
}
