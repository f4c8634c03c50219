import { Webhook } from 'standardwebhooks';
import { PollingLoop } from '../payments/polling-loop.js';
import { type InvoicingDb, type InvoicingStore, inTransaction } from '../store/database.js';
import {
  type AttemptRecord,
  type ClaimedDelivery,
  claimDueDeliveries,
  pruneWebhookHistory,
  recordAttempt,
} from '../store/webhooks.js';
import { renderEventBody } from './webhook-payload.js';
import type { SecretBox } from './webhook-secrets.js';
import type { SendResult, WebhookSender } from './webhook-sender.js';

/**
 * Waits before the 2nd, 3rd, ... attempt (ms after the previous one), as the Standard Webhooks
 * specification suggests: quick retries first, then spread over about three days. After the last
 * one the delivery has failed (a manual redelivery can still send it).
 */
export const DEFAULT_RETRY_SCHEDULE_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
];
/** Attempts and finished deliveries are kept this long. */
export const HISTORY_MS = 30 * 24 * 3_600_000;
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;
const PRUNE_INTERVAL_MS = 3_600_000;

export interface DispatcherOptions {
  store: InvoicingStore;
  /** Runs a small write in a transaction; attempts finishing together may share one commit. */
  write?: <T>(work: (trx: InvoicingDb) => Promise<T>) => Promise<T>;
  secrets: SecretBox;
  sender: WebhookSender;
  baseUrl: string;
  /** Decimals of the ledger's coin (the simulated coin's 7 when left out). */
  coinDecimals?: number;
  /** The service's clock: when events happened and deliveries are due. */
  now: () => number;
  timeoutMs: number;
  retryScheduleMs?: number[];
  /** How often to look for due deliveries when nothing wakes the dispatcher. */
  pollIntervalMs?: number;
  /** Attempts in flight at once, in all. */
  maxInFlight?: number;
  /** Attempts in flight at once to one endpoint: a slow endpoint holds at most these. */
  maxInFlightPerEndpoint?: number;
  /** Spread of the retry waits, as a share (0.2: ±20 %). */
  jitter?: number;
  onError?: (error: unknown) => void;
}

/** What follows an attempt's result: the next state, when, and whether to disable the endpoint. */
export function nextStep(
  result: Pick<SendResult, 'status' | 'retryAfterMs'>,
  attempt: number,
  now: number,
  schedule: number[],
  jitter: number,
): Pick<AttemptRecord, 'outcome' | 'nextState' | 'nextAttemptAt' | 'disableEndpoint'> {
  const status = result.status;
  if (status !== null && status >= 200 && status < 300) {
    return { outcome: 'succeeded', nextState: 'delivered', nextAttemptAt: now };
  }
  if (status === 410) {
    return {
      outcome: 'failed',
      nextState: 'failed',
      nextAttemptAt: now,
      disableEndpoint: 'the endpoint answered 410 Gone',
    };
  }
  const wait = schedule[attempt - 1];
  if (wait === undefined) return { outcome: 'failed', nextState: 'failed', nextAttemptAt: now };
  const spread = wait * jitter * (Math.random() * 2 - 1);
  const honoured = Math.min(result.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS);
  return {
    outcome: 'failed',
    nextState: 'pending',
    nextAttemptAt: now + Math.max(Math.round(wait + spread), honoured),
  };
}

/**
 * Sends the outbox's deliveries. It claims due deliveries in short transactions (a lease: see
 * `claimDueDeliveries`), sends them concurrently, and records each attempt with its outcome. One
 * endpoint never holds more than `maxInFlightPerEndpoint` of the slots, so a slow or silent
 * endpoint cannot delay the others; an invoice's events reach each endpoint in order.
 */
export class WebhookDispatcher {
  private loop: PollingLoop | undefined;
  private readonly inFlight = new Map<string, number>();
  private inFlightTotal = 0;
  private readonly sends = new Set<Promise<void>>();
  /** Deliveries this process is sending now: claimed again (a lease outrun by a clock jump), they are left alone. */
  private readonly sending = new Set<string>();
  private lastPrune = 0;
  private readonly schedule: number[];
  private readonly maxInFlight: number;
  private readonly perEndpoint: number;

  constructor(private readonly options: DispatcherOptions) {
    this.schedule = options.retryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS;
    this.maxInFlight = options.maxInFlight ?? 64;
    this.perEndpoint = options.maxInFlightPerEndpoint ?? 8;
  }

  /** Every instance sends (deliveries are claimed with row locks), so no leadership is taken. */
  start(): void {
    if (this.loop) return;
    this.loop = new PollingLoop({
      intervalMs: this.options.pollIntervalMs ?? 1000,
      onError: this.options.onError,
      pass: async () => {
        const claimed = await this.claimAndSend();
        await this.pruneNowAndThen();
        return claimed > 0 && this.inFlightTotal < this.maxInFlight;
      },
    });
    this.loop.start();
  }

  /** Looks for due deliveries now rather than at the next interval. */
  poke(): void {
    this.loop?.poke();
  }

  async stop(): Promise<void> {
    await this.loop?.stop();
    await Promise.allSettled([...this.sends]);
    this.loop = undefined;
  }

  private async claimAndSend(): Promise<number> {
    const room = this.maxInFlight - this.inFlightTotal;
    if (room <= 0) return 0;
    const busy = [...this.inFlight].filter(([, n]) => n >= this.perEndpoint).map(([id]) => id);
    const now = this.options.now();
    const { store } = this.options;
    const claim = (db: InvoicingDb) =>
      claimDueDeliveries(db, {
        now,
        limit: room,
        // Long enough to send and record; a process that died holding a lease is retried after it.
        leaseMs: this.options.timeoutMs + 10_000,
        skipEndpoints: busy,
        skipDeliveries: [...this.sending],
      });
    const claimed = store.engine === 'postgres' ? await inTransaction(store, claim) : await claim(store.db);
    let started = 0;
    for (const delivery of claimed) {
      if (this.sending.has(delivery.id)) continue;
      const count = this.inFlight.get(delivery.endpointId) ?? 0;
      // Claimed beyond the endpoint's share in this batch: released at once for a later round.
      if (count >= this.perEndpoint) {
        await this.release(delivery);
        continue;
      }
      this.inFlight.set(delivery.endpointId, count + 1);
      this.inFlightTotal++;
      this.sending.add(delivery.id);
      started++;
      const send = this.attempt(delivery)
        .catch((error) => this.options.onError?.(error))
        .finally(() => {
          const left = (this.inFlight.get(delivery.endpointId) ?? 1) - 1;
          if (left <= 0) this.inFlight.delete(delivery.endpointId);
          else this.inFlight.set(delivery.endpointId, left);
          this.inFlightTotal--;
          this.sending.delete(delivery.id);
          this.sends.delete(send);
          this.poke();
        });
      this.sends.add(send);
    }
    return started;
  }

  private async release(delivery: ClaimedDelivery): Promise<void> {
    if (this.options.store.engine !== 'postgres') return;
    await inTransaction(this.options.store, (trx) =>
      trx
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: this.options.now() })
        .where('id', '=', delivery.id)
        .where('state', '=', 'pending')
        .execute(),
    );
  }

  /** The signature header: every secret currently signing, separated by spaces. */
  private sign(delivery: ClaimedDelivery, body: string, at: Date): string {
    const secrets = [this.options.secrets.open(delivery.secretSealed)];
    if (
      delivery.previousSecretSealed !== null &&
      delivery.previousSecretUntil !== null &&
      delivery.previousSecretUntil > this.options.now()
    ) {
      secrets.push(this.options.secrets.open(delivery.previousSecretSealed));
    }
    return secrets.map((secret) => new Webhook(secret).sign(delivery.eventId, at, body)).join(' ');
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const body = renderEventBody(
      {
        id: delivery.eventId,
        type: delivery.eventType,
        createdAt: delivery.eventCreatedAt,
        snapshot: delivery.snapshot,
        endpointId: delivery.endpointId,
      },
      this.options.baseUrl,
      this.options.coinDecimals,
    );
    // The timestamp is the attempt's, on the wall clock, so receivers can refuse replays.
    const at = new Date();
    const headers = {
      'webhook-id': delivery.eventId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': this.sign(delivery, body, at),
    };
    const result = await this.options.sender.send(delivery.endpointId, delivery.url, headers, body);
    const now = this.options.now();
    const step = nextStep(result, delivery.attempt, now, this.schedule, this.options.jitter ?? 0.2);
    const write = this.options.write ?? ((work) => inTransaction(this.options.store, work));
    await write((trx) =>
      recordAttempt(trx, {
        deliveryId: delivery.id,
        endpointId: delivery.endpointId,
        attempt: delivery.attempt,
        at: now,
        responseStatus: result.status,
        responseBody: result.bodyPrefix,
        error: result.error,
        durationMs: result.durationMs,
        ...step,
      }),
    );
  }

  private async pruneNowAndThen(): Promise<void> {
    const now = this.options.now();
    if (now - this.lastPrune < PRUNE_INTERVAL_MS) return;
    this.lastPrune = now;
    await inTransaction(this.options.store, (trx) => pruneWebhookHistory(trx, now - HISTORY_MS));
  }
}
