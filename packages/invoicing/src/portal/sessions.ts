import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PortalDatabase } from '../store/portal-schema.js';

/**
 * Portal sessions. The browser holds a random token (256 bits) in an HttpOnly cookie; the
 * database holds only its SHA-256, so a copy of the database cannot be used to sign in.
 */
export interface SessionPolicy {
  /** A session ends this long after its last use. */
  idleMs: number;
  /** And at the latest this long after sign-in. */
  absoluteMs: number;
}

export const defaultSessionPolicy: SessionPolicy = { idleMs: 12 * 3600 * 1000, absoluteMs: 7 * 24 * 3600 * 1000 };

/** How often the last-use time is written (a busy page must not write on every request). */
const touchEveryMs = 60 * 1000;

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Kysely<PortalDatabase>,
  merchantId: string,
  now: number,
  policy: SessionPolicy = defaultSessionPolicy,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('portal_sessions')
    .values({
      id_hash: hashSessionToken(token),
      merchant_id: merchantId,
      created_at: now,
      last_seen_at: now,
      expires_at: now + policy.absoluteMs,
    })
    .execute();
  return token;
}

/** The merchant a session token signs in, or undefined when it is unknown, idle too long or expired. */
export async function resolveSession(
  db: Kysely<PortalDatabase>,
  token: string,
  now: number,
  policy: SessionPolicy = defaultSessionPolicy,
): Promise<{ merchantId: string } | undefined> {
  if (!/^[\w-]{43}$/.test(token)) return undefined;
  const idHash = hashSessionToken(token);
  const row = await db
    .selectFrom('portal_sessions')
    .select(['merchant_id', 'last_seen_at', 'expires_at'])
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const lastSeen = Number(row.last_seen_at);
  if (now >= Number(row.expires_at) || now - lastSeen >= policy.idleMs) {
    await db.deleteFrom('portal_sessions').where('id_hash', '=', idHash).execute();
    return undefined;
  }
  if (now - lastSeen >= touchEveryMs) {
    await db.updateTable('portal_sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
  }
  return { merchantId: row.merchant_id };
}

export async function deleteSession(db: Kysely<PortalDatabase>, token: string): Promise<void> {
  await db.deleteFrom('portal_sessions').where('id_hash', '=', hashSessionToken(token)).execute();
}

/** Signs a merchant out everywhere (after a password change). */
export async function deleteMerchantSessions(db: Kysely<PortalDatabase>, merchantId: string): Promise<void> {
  await db.deleteFrom('portal_sessions').where('merchant_id', '=', merchantId).execute();
}

/** Removes ended sessions (idle too long or past their absolute end) so the table does not grow. */
export async function deleteExpiredSessions(
  db: Kysely<PortalDatabase>,
  now: number,
  policy: SessionPolicy = defaultSessionPolicy,
): Promise<void> {
  await db
    .deleteFrom('portal_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - policy.idleMs)]))
    .execute();
}
