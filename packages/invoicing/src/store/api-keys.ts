import { precompiled } from '@svc/common';
import type { InvoicingDb } from './database.js';
import { num } from './database.js';
import type { ApiKeyTable } from './schema.js';

export interface ApiKeyInfo {
  id: string;
  merchantId: string;
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface ApiKeyRow extends ApiKeyInfo {
  hash: string;
}

export async function insertApiKey(db: InvoicingDb, key: ApiKeyRow): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({
      id: key.id,
      merchant_id: key.merchantId,
      prefix: key.prefix,
      hash: key.hash,
      created_at: key.createdAt,
      last_used_at: key.lastUsedAt,
      revoked_at: key.revokedAt,
    })
    .execute();
}

const INFO_COLUMNS = ['id', 'merchant_id', 'prefix', 'created_at', 'last_used_at', 'revoked_at'] as const;

function toInfo(row: Pick<ApiKeyTable, (typeof INFO_COLUMNS)[number]>): ApiKeyInfo {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    prefix: row.prefix,
    createdAt: num(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : num(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : num(row.revoked_at),
  };
}

export async function findApiKeyByHash(db: InvoicingDb, hash: string): Promise<ApiKeyInfo | undefined> {
  const query = precompiled(
    db,
    'api key by hash',
    (d) => d.selectFrom('api_keys').select(INFO_COLUMNS).where('hash', '=', hash),
    [hash],
  );
  const [row] = (await db.executeQuery(query)).rows;
  return row ? toInfo(row) : undefined;
}

export async function listApiKeys(db: InvoicingDb, merchantId: string): Promise<ApiKeyInfo[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(INFO_COLUMNS)
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toInfo);
}

/** Revokes a key of this merchant; false when it has no such key or it was already revoked. */
export async function revokeApiKey(db: InvoicingDb, merchantId: string, keyId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', keyId)
    .where('merchant_id', '=', merchantId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function touchApiKey(db: InvoicingDb, keyId: string, now: number): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', keyId).execute();
}
