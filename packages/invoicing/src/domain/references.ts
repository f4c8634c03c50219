import { randomBytes } from 'node:crypto';
import { checkCharacter, hasValidCheckCharacter, randomUnambiguous } from './check-character.js';

/** Random characters in an order reference, before its check character (10 × 5 = 50 bits). */
const REFERENCE_RANDOM_LENGTH = 10;
/** A ledger memo holds at most 28 bytes; a reference must fit whole. */
export const MAX_REFERENCE_BYTES = 28;
export const REFERENCE_PREFIX_PATTERN = /^[A-Z][A-Z0-9]{0,9}$/;

let pool = Buffer.alloc(0);
let poolOffset = 0;

/**
 * Bytes from the system's secure generator, fetched 4 KiB at a time (one call per ~100 invoices
 * instead of two per invoice); every byte is handed out once.
 */
function pooledRandomBytes(size: number): Buffer {
  if (poolOffset + size > pool.length) {
    pool = randomBytes(4096);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + size));
  pool.fill(0, poolOffset, poolOffset + size);
  poolOffset += size;
  return bytes;
}

/** An invoice id: 144 random bits, URL-safe (base64url without padding, 24 characters). */
export function newInvoiceId(): string {
  return pooledRandomBytes(18).toString('base64url');
}

export function looksLikeInvoiceId(text: string): boolean {
  return /^[A-Za-z0-9_-]{24}$/.test(text);
}

/** A merchant id: `m_` and 96 random bits; merchant ids are not secrets, only unique. */
export function newMerchantId(): string {
  return `m_${randomBytes(12).toString('base64url')}`;
}

/** An API key's public id (used to list and revoke it): `key_` and 96 random bits. */
export function newApiKeyId(): string {
  return `key_${randomBytes(12).toString('base64url')}`;
}

/** `<PREFIX>-<10 random characters><check character>`, e.g. `INV-7KQ2M9XH4TR`. */
export function newOrderReference(prefix: string): string {
  const body = randomUnambiguous(REFERENCE_RANDOM_LENGTH, pooledRandomBytes);
  return `${prefix}-${body}${checkCharacter(body)}`;
}

/** True for text of the shape newOrderReference makes with any valid prefix, check character included. */
export function isOrderReference(text: string): boolean {
  const dash = text.lastIndexOf('-');
  if (dash < 1) return false;
  const prefix = text.slice(0, dash);
  const suffix = text.slice(dash + 1);
  return (
    REFERENCE_PREFIX_PATTERN.test(prefix) &&
    suffix.length === REFERENCE_RANDOM_LENGTH + 1 &&
    hasValidCheckCharacter(suffix) &&
    Buffer.byteLength(text) <= MAX_REFERENCE_BYTES
  );
}

/**
 * The one normalisation applied before comparing a payment's memo with an invoice's message:
 * surrounding white space is removed and letters are upper-cased. Nothing else (no removal of
 * inner characters, no look-alike substitution), so a memo matches only its own invoice.
 */
export function normaliseMessage(memo: string): string {
  return memo.trim().toUpperCase();
}
