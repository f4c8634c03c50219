import type { InvoicingDb } from './database.js';
import { num } from './database.js';

export interface StoredResponse {
  requestHash: string;
  statusCode: number;
  body: string;
  createdAt: number;
}

export async function findIdempotentResponse(
  db: InvoicingDb,
  merchantId: string,
  key: string,
): Promise<StoredResponse | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response_body', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row
    ? {
        requestHash: row.request_hash,
        statusCode: num(row.status_code),
        body: row.response_body,
        createdAt: num(row.created_at),
      }
    : undefined;
}

/**
 * Stores the answer given to a key, replacing a record older than `expiredBefore`. Returns false
 * when a live record exists (a concurrent request with the same key got there first).
 */
export async function saveIdempotentResponse(
  db: InvoicingDb,
  merchantId: string,
  key: string,
  response: StoredResponse,
  expiredBefore: number,
): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({
      merchant_id: merchantId,
      key,
      request_hash: response.requestHash,
      status_code: response.statusCode,
      response_body: response.body,
      created_at: response.createdAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['merchant_id', 'key'])
        .doUpdateSet({
          request_hash: response.requestHash,
          status_code: response.statusCode,
          response_body: response.body,
          created_at: response.createdAt,
        })
        .where('idempotency_keys.created_at', '<', expiredBefore),
    )
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function deleteIdempotentResponsesBefore(db: InvoicingDb, cutoff: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
