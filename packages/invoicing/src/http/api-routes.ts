import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseExactDecimal } from '../domain/decimal.js';
import { InvoicingError, invalidRequest, notFound } from '../domain/errors.js';
import type { PriceRequest } from '../domain/invoice.js';
import { looksLikeInvoiceId } from '../domain/references.js';
import { type AuthenticatedKey, fingerprint, type InvoicingService } from '../service/invoicing-service.js';
import { merchantInvoiceJson } from '../service/public-invoice.js';
import type { AuthFailureLimiter } from './auth-failure-limiter.js';
import type { RateLimiter } from './rate-limiter.js';
import { canonicalJson, JsonNumber, type JsonValue } from './strict-json.js';

export interface ApiLimits {
  create: RateLimiter;
  read: RateLimiter;
  authFailures: AuthFailureLimiter;
}

const CREATE_FIELDS = new Set(['api_key', 'amount_eur', 'amount_coin', 'expires_min', 'metadata']);
export const MAX_METADATA_BYTES = 4096;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export function rateLimited(seconds: number): InvoicingError {
  const error = new InvoicingError(
    429,
    'rate_limit_error',
    'rate_limited',
    `too many requests; retry after ${seconds} s`,
  );
  error.retryAfterSeconds = seconds;
  return error;
}

export function isObject(value: unknown): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof JsonNumber);
}

/** The key from `Authorization: Bearer <key>` or the body's `api_key`; both may be given if equal. */
function presentedKey(request: FastifyRequest, body: { [key: string]: JsonValue }): string | undefined {
  const header = request.headers.authorization;
  let fromHeader: string | undefined;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      throw new InvoicingError(
        401,
        'authentication_error',
        'invalid_api_key',
        'the Authorization header must be "Bearer <API key>"',
      );
    }
    fromHeader = match[1];
  }
  const fromBody = body.api_key;
  if (fromBody !== undefined && fromBody !== null && typeof fromBody !== 'string') {
    throw new InvoicingError(401, 'authentication_error', 'invalid_api_key', 'api_key must be a string', 'api_key');
  }
  if (fromHeader !== undefined && typeof fromBody === 'string' && fromBody !== fromHeader) {
    throw invalidRequest(
      'api_key_conflict',
      'the body api_key and the Authorization header name different keys',
      'api_key',
    );
  }
  return fromHeader ?? (typeof fromBody === 'string' ? fromBody : undefined);
}

function readAmount(body: { [key: string]: JsonValue }): PriceRequest {
  const eur = body.amount_eur ?? undefined;
  const coin = body.amount_coin ?? undefined;
  if (eur !== undefined && coin !== undefined) {
    throw invalidRequest('amount_conflict', 'give exactly one of amount_eur and amount_coin, not both', 'amount_coin');
  }
  if (eur === undefined && coin === undefined) {
    throw invalidRequest('amount_missing', 'give exactly one of amount_eur and amount_coin', 'amount_eur');
  }
  const param = eur !== undefined ? 'amount_eur' : 'amount_coin';
  const value = eur ?? coin;
  if (!(value instanceof JsonNumber)) {
    throw invalidRequest('amount_invalid', `${param} must be a JSON number, such as 12.50`, param);
  }
  return { currency: eur !== undefined ? 'eur' : 'coin', value: value.text };
}

function readExpiresMin(body: { [key: string]: JsonValue }): number | undefined {
  const value = body.expires_min ?? undefined;
  if (value === undefined) return undefined;
  const invalid = () =>
    invalidRequest('expires_min_invalid', 'expires_min must be a whole number of minutes', 'expires_min');
  if (!(value instanceof JsonNumber)) throw invalid();
  const parsed = parseExactDecimal(value.text);
  if (typeof parsed === 'string' || parsed.scale !== 0) throw invalid();
  const minutes = parsed.negative ? -parsed.digits : parsed.digits;
  if (minutes < 1n || minutes > 1440n) {
    throw invalidRequest('expires_min_out_of_range', 'expires_min must be from 1 to 1440', 'expires_min');
  }
  return Number(minutes);
}

function clientKey(request: FastifyRequest): string {
  return request.ip;
}

/** The merchant's metadata as canonical JSON text, or undefined; a 400 naming the problem otherwise. */
function readMetadata(body: { [key: string]: JsonValue }): string | undefined {
  const value = body.metadata;
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) {
    throw invalidRequest('metadata_invalid', 'metadata must be a JSON object, such as {"order":"1001"}', 'metadata');
  }
  const text = canonicalJson(value);
  if (Buffer.byteLength(text) > MAX_METADATA_BYTES) {
    throw invalidRequest(
      'metadata_too_large',
      `metadata must be at most ${MAX_METADATA_BYTES} bytes as JSON (it is ${Buffer.byteLength(text)})`,
      'metadata',
    );
  }
  return text;
}

/**
 * The merchant a request speaks for, from `Authorization: Bearer <key>` or the body's `api_key`:
 * 401 without a valid key. Failed checks are limited per client address and key prefix (see
 * `AuthFailureLimiter`): a refused client gets 429 before its key is checked.
 */
export async function authenticateMerchant(
  request: FastifyRequest,
  body: { [key: string]: JsonValue },
  service: InvoicingService,
  limits: Pick<ApiLimits, 'authFailures'>,
): Promise<AuthenticatedKey> {
  const failures = limits.authFailures;
  const address = clientKey(request);
  let key: string | undefined;
  try {
    key = presentedKey(request, body);
  } catch (error) {
    const wait = failures.waitSeconds(address, undefined);
    if (wait > 0) throw rateLimited(wait);
    failures.recordFailure(address, undefined);
    throw error;
  }
  if (key === undefined) {
    throw new InvoicingError(
      401,
      'authentication_error',
      'missing_api_key',
      'an API key is required: send it as api_key in the body or as Authorization: Bearer <key>',
      'api_key',
    );
  }
  const wait = failures.waitSeconds(address, key);
  if (wait > 0) throw rateLimited(wait);
  const auth = await service.authenticate(key);
  if (!auth) {
    failures.recordFailure(address, key);
    throw new InvoicingError(401, 'authentication_error', 'invalid_api_key', 'the API key is not valid', 'api_key');
  }
  failures.recordSuccess(address, key);
  return auth;
}

export function registerApiRoutes(app: FastifyInstance, service: InvoicingService, limits: ApiLimits) {
  app.post('/api/invoices', async (request, reply) => {
    const body = request.body;
    if (!isObject(body)) {
      throw invalidRequest('invalid_body', 'the request body must be a JSON object');
    }
    const auth = await authenticateMerchant(request, body, service, limits);
    const wait = limits.create.take(auth.merchantId);
    if (wait > 0) throw rateLimited(wait);

    for (const field of Object.keys(body)) {
      if (!CREATE_FIELDS.has(field)) throw invalidRequest('unknown_parameter', `unknown field ${field}`, field);
    }
    const idempotencyKey = request.headers['idempotency-key'];
    if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY.test(idempotencyKey))) {
      throw invalidRequest(
        'idempotency_key_invalid',
        'the Idempotency-Key header must be 1 to 255 visible ASCII characters',
        'Idempotency-Key',
      );
    }
    const input = { amount: readAmount(body), expiresMin: readExpiresMin(body), metadata: readMetadata(body) };

    reply.header('cache-control', 'no-store').type('application/json');
    if (idempotencyKey !== undefined) {
      const { api_key: _key, ...rest } = body;
      const answer = await service.createInvoiceIdempotently(
        auth.merchantId,
        input,
        idempotencyKey,
        fingerprint(canonicalJson(rest)),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(answer.statusCode).header('location', `/api/invoices/${answer.invoiceId}`).send(answer.body);
    }
    const invoice = await service.createInvoice(auth.merchantId, input);
    return reply
      .code(201)
      .header('location', `/api/invoices/${invoice.id}`)
      .send(merchantInvoiceJson(invoice, input.metadata ?? null));
  });

  app.get<{ Params: { id: string } }>('/api/invoices/:id', async (request, reply) => {
    const { id } = request.params;
    // A read with a key is limited per key (its failed checks per key prefix and address), so
    // other clients behind the same address (a shared proxy) cannot use up a merchant's reads;
    // a read without one is limited per client address.
    const auth =
      request.headers.authorization === undefined
        ? undefined
        : await authenticateMerchant(request, {}, service, limits);
    const wait = limits.read.take(auth ? `key\u0000${auth.keyId}` : clientKey(request));
    if (wait > 0) throw rateLimited(wait);
    // With the merchant's own key the answer also carries the invoice's metadata; anyone else
    // (no key, another merchant's key) gets the public view.
    if (auth && looksLikeInvoiceId(id)) {
      const invoice = await service.getInvoice(id);
      const view = invoice?.merchantId === auth.merchantId ? await service.getPublicInvoice(id) : undefined;
      if (invoice && view) {
        return reply
          .header('cache-control', 'no-store')
          .type('application/json')
          .send(merchantInvoiceJson(view, invoice.metadata));
      }
    }
    const json = looksLikeInvoiceId(id) ? await service.getPublicInvoiceJson(id) : undefined;
    if (json === undefined) throw notFound(`no invoice with id ${id}`);
    return reply.header('cache-control', 'no-store').type('application/json').send(json);
  });
}
