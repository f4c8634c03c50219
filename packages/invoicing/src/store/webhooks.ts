import type { InvoicingDb } from './database.js';
import { needsRowLocks, num } from './database.js';
import type { WebhookEndpointTable } from './schema.js';

/** A merchant's webhook endpoint as stored; the secrets stay sealed here. */
export interface WebhookEndpoint {
  id: string;
  merchantId: string;
  url: string;
  description: string;
  /** The event types it wants, or null for every type. */
  eventTypes: string[] | null;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretUntil: number | null;
  enabled: boolean;
  disabledReason: string | null;
  createdAt: number;
  updatedAt: number;
}

function toEndpoint(row: WebhookEndpointTable): WebhookEndpoint {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types === null ? null : (JSON.parse(row.event_types) as string[]),
    secretSealed: row.secret_sealed,
    previousSecretSealed: row.previous_secret_sealed,
    previousSecretUntil: row.previous_secret_until === null ? null : num(row.previous_secret_until),
    enabled: num(row.enabled) === 1,
    disabledReason: row.disabled_reason,
    createdAt: num(row.created_at),
    updatedAt: num(row.updated_at),
  };
}

function toRow(e: WebhookEndpoint): WebhookEndpointTable {
  return {
    id: e.id,
    merchant_id: e.merchantId,
    url: e.url,
    description: e.description,
    event_types: e.eventTypes === null ? null : JSON.stringify(e.eventTypes),
    secret_sealed: e.secretSealed,
    previous_secret_sealed: e.previousSecretSealed,
    previous_secret_until: e.previousSecretUntil,
    enabled: e.enabled ? 1 : 0,
    disabled_reason: e.disabledReason,
    created_at: e.createdAt,
    updated_at: e.updatedAt,
  };
}

export async function insertEndpoint(db: InvoicingDb, endpoint: WebhookEndpoint): Promise<void> {
  await db.insertInto('webhook_endpoints').values(toRow(endpoint)).execute();
}

/** Saves every field of an endpoint (read, changed and written back in one transaction). */
export async function saveEndpoint(db: InvoicingDb, endpoint: WebhookEndpoint): Promise<void> {
  const { id, merchant_id: _m, created_at: _c, ...changed } = toRow(endpoint);
  await db.updateTable('webhook_endpoints').set(changed).where('id', '=', id).execute();
}

export async function listEndpoints(db: InvoicingDb, merchantId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toEndpoint);
}

/** One of the merchant's endpoints; another merchant's endpoint is not found. Locked when changing. */
export async function findEndpoint(
  db: InvoicingDb,
  merchantId: string,
  id: string,
  forUpdate = false,
): Promise<WebhookEndpoint | undefined> {
  let select = db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId);
  if (forUpdate && needsRowLocks(db)) select = select.forUpdate();
  const row = await select.executeTakeFirst();
  return row ? toEndpoint(row) : undefined;
}

/** Deletes an endpoint with its deliveries and their attempts; false when the merchant has no such endpoint. */
export async function deleteEndpoint(db: InvoicingDb, merchantId: string, id: string): Promise<boolean> {
  const found = await findEndpoint(db, merchantId, id, true);
  if (!found) return false;
  await db
    .deleteFrom('webhook_attempts')
    .where('delivery_id', 'in', (eb) => eb.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id))
    .execute();
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
  return true;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed';

/** A delivery claimed for an attempt, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  eventId: string;
  endpointId: string;
  /** The number of this attempt (1 for the first). */
  attempt: number;
  eventType: string;
  eventCreatedAt: number;
  snapshot: string;
  url: string;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretUntil: number | null;
}

/**
 * Claims up to `limit` deliveries that are due, for one attempt each. A delivery waits while an
 * earlier event of the same invoice is still pending for the same endpoint, so each endpoint gets
 * an invoice's events in order. On PostgreSQL, where several instances may send, the rows are
 * locked with SKIP LOCKED and their next attempt is moved `leaseMs` ahead, so that no other
 * instance takes them while this one sends (if it dies, they are due again when the lease ends);
 * run it in a transaction there. On SQLite one process serves the file: it is a plain read, and
 * the caller skips the deliveries it is sending (`skipDeliveries`).
 */
export async function claimDueDeliveries(
  trx: InvoicingDb,
  options: { now: number; limit: number; leaseMs: number; skipEndpoints: string[]; skipDeliveries: string[] },
): Promise<ClaimedDelivery[]> {
  let select = trx
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select(['d.id', 'd.attempt_count'])
    .where('d.state', '=', 'pending')
    .where('d.next_attempt_at', '<=', options.now)
    .where('e.enabled', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('webhook_deliveries as p')
            .select('p.id')
            .whereRef('p.endpoint_id', '=', 'd.endpoint_id')
            .whereRef('p.invoice_id', '=', 'd.invoice_id')
            .where('p.state', '=', 'pending')
            .whereRef('p.invoice_seq', '<', 'd.invoice_seq'),
        ),
      ),
    );
  if (options.skipEndpoints.length > 0) select = select.where('d.endpoint_id', 'not in', options.skipEndpoints);
  if (options.skipDeliveries.length > 0) select = select.where('d.id', 'not in', options.skipDeliveries);
  select = select.orderBy('d.next_attempt_at').orderBy('d.invoice_seq').limit(options.limit);
  const locking = needsRowLocks(trx);
  if (locking) select = select.forUpdate(['d']).skipLocked();
  const picked = await select.execute();
  if (picked.length === 0) return [];
  const ids = picked.map((p) => p.id);
  if (locking) {
    await trx
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: options.now + options.leaseMs })
      .where('id', 'in', ids)
      .execute();
  }
  const rows = await trx
    .selectFrom('webhook_deliveries as d')
    .innerJoin('invoice_events as v', 'v.id', 'd.event_id')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select([
      'd.id',
      'd.event_id',
      'd.endpoint_id',
      'd.attempt_count',
      'v.type',
      'v.created_at',
      'v.snapshot',
      'e.url',
      'e.secret_sealed',
      'e.previous_secret_sealed',
      'e.previous_secret_until',
    ])
    .where('d.id', 'in', ids)
    .execute();
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
    .map((r) => ({
      id: r.id,
      eventId: r.event_id,
      endpointId: r.endpoint_id,
      attempt: num(r.attempt_count) + 1,
      eventType: r.type,
      eventCreatedAt: num(r.created_at),
      snapshot: r.snapshot,
      url: r.url,
      secretSealed: r.secret_sealed,
      previousSecretSealed: r.previous_secret_sealed,
      previousSecretUntil: r.previous_secret_until === null ? null : num(r.previous_secret_until),
    }));
}

export interface AttemptRecord {
  deliveryId: string;
  endpointId: string;
  attempt: number;
  at: number;
  outcome: 'succeeded' | 'failed';
  responseStatus: number | null;
  /** The first 1 KiB of the answer. */
  responseBody: string | null;
  error: string | null;
  durationMs: number;
  /** What follows: delivered, another attempt at `nextAttemptAt`, or given up. */
  nextState: DeliveryState;
  nextAttemptAt: number;
  /** Set when the endpoint answered 410 Gone: it is disabled with this reason. */
  disableEndpoint?: string;
}

/**
 * Records an attempt and moves its delivery on. Ignored (false) when another worker has recorded
 * this attempt already (its lease ran out while this one sent).
 */
export async function recordAttempt(trx: InvoicingDb, record: AttemptRecord): Promise<boolean> {
  const updated = await trx
    .updateTable('webhook_deliveries')
    .set({
      state: record.nextState,
      attempt_count: record.attempt,
      next_attempt_at: record.nextAttemptAt,
      last_response_status: record.responseStatus,
      finished_at: record.nextState === 'pending' ? null : record.at,
    })
    .where('id', '=', record.deliveryId)
    .where('attempt_count', '=', record.attempt - 1)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if ((updated.numUpdatedRows ?? 0n) === 0n) return false;
  await trx
    .insertInto('webhook_attempts')
    .values({
      delivery_id: record.deliveryId,
      attempt: record.attempt,
      at: record.at,
      outcome: record.outcome,
      response_status: record.responseStatus,
      response_body: record.responseBody,
      error: record.error,
      duration_ms: record.durationMs,
    })
    .execute();
  if (record.disableEndpoint) {
    await trx
      .updateTable('webhook_endpoints')
      .set({ enabled: 0, disabled_reason: record.disableEndpoint, updated_at: record.at })
      .where('id', '=', record.endpointId)
      .execute();
  }
  return true;
}

export interface DeliveryView {
  id: string;
  eventId: string;
  eventType: string;
  invoiceId: string | null;
  state: DeliveryState;
  attemptCount: number;
  nextAttemptAt: number | null;
  createdAt: number;
  finishedAt: number | null;
  lastResponseStatus: number | null;
  attempts: AttemptView[];
}

export interface AttemptView {
  attempt: number;
  at: number;
  outcome: string;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

/** An endpoint's most recent deliveries, newest first, each with its attempts. */
export async function recentDeliveries(db: InvoicingDb, endpointId: string, limit: number): Promise<DeliveryView[]> {
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('invoice_events as v', 'v.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id',
      'v.type',
      'd.invoice_id',
      'd.state',
      'd.attempt_count',
      'd.next_attempt_at',
      'd.created_at',
      'd.finished_at',
      'd.last_response_status',
    ])
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.invoice_seq', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
  if (rows.length === 0) return [];
  const attempts = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where(
      'delivery_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('attempt')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    eventType: r.type,
    invoiceId: r.invoice_id,
    state: r.state as DeliveryState,
    attemptCount: num(r.attempt_count),
    nextAttemptAt: r.state === 'pending' ? num(r.next_attempt_at) : null,
    createdAt: num(r.created_at),
    finishedAt: r.finished_at === null ? null : num(r.finished_at),
    lastResponseStatus: r.last_response_status === null ? null : num(r.last_response_status),
    attempts: attempts
      .filter((a) => a.delivery_id === r.id)
      .map((a) => ({
        attempt: num(a.attempt),
        at: num(a.at),
        outcome: a.outcome,
        responseStatus: a.response_status === null ? null : num(a.response_status),
        responseBody: a.response_body,
        error: a.error,
        durationMs: num(a.duration_ms),
      })),
  }));
}

/**
 * Makes a delivery of the merchant due again at once (a manual redelivery): one more attempt, whatever
 * its state. False when the merchant has no such delivery.
 */
export async function scheduleRedelivery(
  db: InvoicingDb,
  merchantId: string,
  deliveryId: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ state: 'pending', next_attempt_at: now, finished_at: null })
    .where('id', '=', deliveryId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return (result.numUpdatedRows ?? 0n) > 0n;
}

/** The earliest time a pending delivery is due, or null when none is pending. */
export async function nextDueTime(db: InvoicingDb): Promise<number | null> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.min('next_attempt_at').as('at'))
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : num(row.at);
}

/** Forgets attempts, finished deliveries and their events older than `before` (ms). */
export async function pruneWebhookHistory(db: InvoicingDb, before: number): Promise<void> {
  await db.deleteFrom('webhook_attempts').where('at', '<', before).execute();
  await db.deleteFrom('webhook_deliveries').where('state', '!=', 'pending').where('finished_at', '<', before).execute();
  await db
    .deleteFrom('invoice_events')
    .where('created_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'invoice_events.id'),
        ),
      ),
    )
    .execute();
}
