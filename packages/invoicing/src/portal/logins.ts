import type { Kysely } from 'kysely';
import type { PortalDatabase } from '../store/portal-schema.js';

export interface MerchantLogin {
  merchantId: string;
  email: string;
  passwordHash: string;
}

/** Email addresses compare case-insensitively and without surrounding spaces. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A plausible address: something@domain.tld, no spaces, not absurdly long. */
export function isPlausibleEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
}

export async function findLoginByEmail(db: Kysely<PortalDatabase>, email: string): Promise<MerchantLogin | undefined> {
  const row = await db
    .selectFrom('merchant_logins')
    .select(['merchant_id', 'email', 'password_hash'])
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  return row ? { merchantId: row.merchant_id, email: row.email, passwordHash: row.password_hash } : undefined;
}

export async function findLoginByMerchant(
  db: Kysely<PortalDatabase>,
  merchantId: string,
): Promise<MerchantLogin | undefined> {
  const row = await db
    .selectFrom('merchant_logins')
    .select(['merchant_id', 'email', 'password_hash'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row ? { merchantId: row.merchant_id, email: row.email, passwordHash: row.password_hash } : undefined;
}

export async function insertLogin(db: Kysely<PortalDatabase>, login: MerchantLogin, now: number): Promise<void> {
  await db
    .insertInto('merchant_logins')
    .values({
      merchant_id: login.merchantId,
      email: normaliseEmail(login.email),
      password_hash: login.passwordHash,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Sets a merchant's email and password, creating the login when it has none. */
export async function upsertLogin(db: Kysely<PortalDatabase>, login: MerchantLogin, now: number): Promise<void> {
  const updated = await db
    .updateTable('merchant_logins')
    .set({ email: normaliseEmail(login.email), password_hash: login.passwordHash, updated_at: now })
    .where('merchant_id', '=', login.merchantId)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) await insertLogin(db, login, now);
}
