import { randomBytes } from 'node:crypto';
import { InvoicingError, invalidRequest, notFound } from '../domain/errors.js';
import { isWebhookEventType, TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from '../domain/webhook-events.js';
import { type InvoicingDb, type InvoicingStore, inTransaction } from '../store/database.js';
import { recordTestEvent } from '../store/webhook-outbox.js';
import {
  type DeliveryView,
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  recentDeliveries,
  saveEndpoint,
  scheduleRedelivery,
  type WebhookEndpoint,
} from '../store/webhooks.js';
import { newWebhookSecret, SecretBox } from './webhook-secrets.js';
import { checkEndpointUrl } from './webhook-url.js';

/** A delivery with its attempts, as the portal and the API list them. */
export type { DeliveryView };

export const MAX_ENDPOINTS_PER_MERCHANT = 16;
/** How long the secret before a rotation keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** An endpoint as the merchant sees it (never its secret, except once in `secret` on creation and rotation). */
export interface EndpointView {
  id: string;
  url: string;
  description: string;
  /** The event types it receives (every type when created without a list). */
  events: string[];
  enabled: boolean;
  disabled_reason: string | null;
  /** Unix seconds until which the secret before the last rotation also signs, or null. */
  previous_secret_expires_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface EndpointChanges {
  url?: unknown;
  events?: unknown;
  description?: unknown;
  enabled?: unknown;
}

function newEndpointId(): string {
  return `we_${randomBytes(12).toString('base64url')}`;
}

function readEvents(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  const fail = () =>
    invalidRequest(
      'events_invalid',
      `events must be a non-empty list of event types: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
      'events',
    );
  if (!Array.isArray(value) || value.length === 0) throw fail();
  const types = new Set<string>();
  for (const item of value) {
    if (typeof item !== 'string') throw fail();
    if (!isWebhookEventType(item)) {
      throw invalidRequest(
        'events_invalid',
        `unknown event type ${JSON.stringify(item).slice(0, 80)}; the types are ${WEBHOOK_EVENT_TYPES.join(', ')}`,
        'events',
      );
    }
    types.add(item);
  }
  return WEBHOOK_EVENT_TYPES.filter((t) => types.has(t));
}

function readDescription(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > 200) {
    throw invalidRequest('description_invalid', 'description must be a text of at most 200 characters', 'description');
  }
  return value.trim();
}

export function endpointView(endpoint: WebhookEndpoint, now: number): EndpointView {
  const until = endpoint.previousSecretUntil;
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.eventTypes ?? [...WEBHOOK_EVENT_TYPES],
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason,
    previous_secret_expires_at: until !== null && until > now ? Math.floor(until / 1000) : null,
    created_at: Math.floor(endpoint.createdAt / 1000),
    updated_at: Math.floor(endpoint.updatedAt / 1000),
  };
}

/**
 * A merchant's webhook endpoints: create (the secret is answered once), list, change, delete,
 * rotate the secret, send a test event, and look at or repeat deliveries. Every call is scoped to
 * the merchant: another merchant's endpoint answers as unknown.
 */
export class WebhookService {
  readonly secrets: SecretBox;
  /** Called after a delivery was queued by hand (test event, redelivery), to wake the sender. */
  onQueued: () => void = () => {};

  constructor(
    private readonly options: {
      store: InvoicingStore;
      reader: InvoicingDb;
      serverSecret: Buffer;
      allowPrivate: boolean;
      now: () => number;
    },
  ) {
    this.secrets = new SecretBox(options.serverSecret);
  }

  get allowPrivate(): boolean {
    return this.options.allowPrivate;
  }

  private async found(merchantId: string, id: string, trx?: InvoicingDb): Promise<WebhookEndpoint> {
    const endpoint = await findEndpoint(trx ?? this.options.reader, merchantId, id, trx !== undefined);
    if (!endpoint) throw notFound(`no webhook endpoint with id ${id}`);
    return endpoint;
  }

  async createEndpoint(
    merchantId: string,
    input: { url?: unknown; events?: unknown; description?: unknown },
  ): Promise<{ endpoint: EndpointView; secret: string }> {
    const url = await checkEndpointUrl(input.url, this.options.allowPrivate);
    const eventTypes = readEvents(input.events);
    const description = readDescription(input.description);
    const secret = newWebhookSecret();
    const now = this.options.now();
    const endpoint: WebhookEndpoint = {
      id: newEndpointId(),
      merchantId,
      url,
      description,
      eventTypes,
      secretSealed: this.secrets.seal(secret),
      previousSecretSealed: null,
      previousSecretUntil: null,
      enabled: true,
      disabledReason: null,
      createdAt: now,
      updatedAt: now,
    };
    await inTransaction(this.options.store, async (trx) => {
      if ((await listEndpoints(trx, merchantId)).length >= MAX_ENDPOINTS_PER_MERCHANT) {
        throw invalidRequest(
          'too_many_endpoints',
          `a merchant has at most ${MAX_ENDPOINTS_PER_MERCHANT} webhook endpoints; delete one first`,
        );
      }
      await insertEndpoint(trx, endpoint);
    });
    return { endpoint: endpointView(endpoint, now), secret };
  }

  async listEndpoints(merchantId: string): Promise<EndpointView[]> {
    const now = this.options.now();
    return (await listEndpoints(this.options.reader, merchantId)).map((e) => endpointView(e, now));
  }

  async getEndpoint(merchantId: string, id: string): Promise<EndpointView> {
    return endpointView(await this.found(merchantId, id), this.options.now());
  }

  async updateEndpoint(merchantId: string, id: string, changes: EndpointChanges): Promise<EndpointView> {
    const url = changes.url === undefined ? undefined : await checkEndpointUrl(changes.url, this.options.allowPrivate);
    const eventTypes = changes.events === undefined ? undefined : readEvents(changes.events);
    const description = changes.description === undefined ? undefined : readDescription(changes.description);
    if (changes.enabled !== undefined && typeof changes.enabled !== 'boolean') {
      throw invalidRequest('enabled_invalid', 'enabled must be true or false', 'enabled');
    }
    const enabled = changes.enabled as boolean | undefined;
    const now = this.options.now();
    const saved = await inTransaction(this.options.store, async (trx) => {
      const endpoint = await this.found(merchantId, id, trx);
      const next: WebhookEndpoint = {
        ...endpoint,
        url: url ?? endpoint.url,
        eventTypes: eventTypes === undefined ? endpoint.eventTypes : eventTypes,
        description: description ?? endpoint.description,
        enabled: enabled ?? endpoint.enabled,
        disabledReason:
          enabled === true ? null : enabled === false ? 'disabled by the merchant' : endpoint.disabledReason,
        updatedAt: now,
      };
      await saveEndpoint(trx, next);
      return next;
    });
    if (enabled) this.onQueued();
    return endpointView(saved, now);
  }

  async deleteEndpoint(merchantId: string, id: string): Promise<void> {
    const deleted = await inTransaction(this.options.store, (trx) => deleteEndpoint(trx, merchantId, id));
    if (!deleted) throw notFound(`no webhook endpoint with id ${id}`);
  }

  /** A new secret, answered once; the one before keeps signing beside it for `overlapMs`. */
  async rotateSecret(
    merchantId: string,
    id: string,
    overlapMs = ROTATION_OVERLAP_MS,
  ): Promise<{ endpoint: EndpointView; secret: string }> {
    const secret = newWebhookSecret();
    const now = this.options.now();
    const saved = await inTransaction(this.options.store, async (trx) => {
      const endpoint = await this.found(merchantId, id, trx);
      const next: WebhookEndpoint = {
        ...endpoint,
        secretSealed: this.secrets.seal(secret),
        previousSecretSealed: overlapMs > 0 ? endpoint.secretSealed : null,
        previousSecretUntil: overlapMs > 0 ? now + overlapMs : null,
        updatedAt: now,
      };
      await saveEndpoint(trx, next);
      return next;
    });
    return { endpoint: endpointView(saved, now), secret };
  }

  /** Queues a `webhook.test` event to the endpoint; returns the delivery id. */
  async sendTestEvent(merchantId: string, id: string): Promise<string> {
    const deliveryId = await inTransaction(this.options.store, async (trx) => {
      const endpoint = await this.found(merchantId, id, trx);
      if (!endpoint.enabled) {
        throw new InvoicingError(
          409,
          'invalid_request_error',
          'endpoint_disabled',
          'the endpoint is disabled; enable it before sending a test event',
        );
      }
      return recordTestEvent(trx, { merchantId, endpointId: id, type: TEST_EVENT_TYPE, now: this.options.now() });
    });
    this.onQueued();
    return deliveryId;
  }

  /** Makes a delivery due again at once (one more attempt). */
  async redeliver(merchantId: string, deliveryId: string): Promise<void> {
    const found = await inTransaction(this.options.store, (trx) =>
      scheduleRedelivery(trx, merchantId, deliveryId, this.options.now()),
    );
    if (!found) throw notFound(`no webhook delivery with id ${deliveryId}`);
    this.onQueued();
  }

  async deliveries(merchantId: string, endpointId: string, limit = 25): Promise<DeliveryView[]> {
    await this.found(merchantId, endpointId);
    return recentDeliveries(this.options.reader, endpointId, limit);
  }
}
