import * as crypto from 'node:crypto';
import { createHash, createHmac, randomBytes } from 'node:crypto';

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
 * How a presented key is found again among the keys already checked: its SHA-256, a single call
 * (`crypto.hash`, where this Node has it) several times cheaper than the keyed hash, which needs a
 * new HMAC object per key. Only this digest is kept in memory, never the key.
 */
export function keyDigest(key: string): string {
  return oneShotHash ? oneShotHash('sha256', key, 'base64') : createHash('sha256').update(key).digest('base64');
}

/** Node's one-call hash (from Node 20.12); older versions go through a Hash object. */
const oneShotHash = typeof crypto.hash === 'function' ? crypto.hash : undefined;

export function shownPrefix(key: string): string {
  return key.slice(0, SHOWN_LENGTH);
}

/** Cheap shape check before any database work: right prefix, plausible length and alphabet. */
export function looksLikeApiKey(key: string): boolean {
  return key.startsWith(API_KEY_PREFIX) && key.length <= 128 && /^[A-Za-z0-9_-]+$/.test(key);
}
