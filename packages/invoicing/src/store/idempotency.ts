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

/** Stores (or, for an expired record, replaces) the answer given to a key. */
export async function saveIdempotentResponse(
  db: InvoicingDb,
  merchantId: string,
  key: string,
  response: StoredResponse,
): Promise<void> {
  await db
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
      oc.columns(['merchant_id', 'key']).doUpdateSet({
        request_hash: response.requestHash,
        status_code: response.statusCode,
        response_body: response.body,
        created_at: response.createdAt,
      }),
    )
    .execute();
}

export async function deleteIdempotentResponsesBefore(db: InvoicingDb, cutoff: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
