/**
 * An error a client can act on. The HTTP layer prints it as
 * `{"error":{"type","code","message","param"?}}` with `status`; the CLI and the portal show `message`.
 */
export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'idempotency_error'
  | 'rate_limit_error'
  | 'api_error';

export class InvoicingError extends Error {
  override name = 'InvoicingError';
  /** When set, the answer carries `Retry-After` with this many seconds. */
  retryAfterSeconds: number | undefined;
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export function invalidRequest(code: string, message: string, param?: string): InvoicingError {
  return new InvoicingError(400, 'invalid_request_error', code, message, param);
}

export function notFound(message: string): InvoicingError {
  return new InvoicingError(404, 'invalid_request_error', 'resource_missing', message);
}

export function rateUnavailable(message: string): InvoicingError {
  const error = new InvoicingError(503, 'api_error', 'rate_unavailable', message);
  error.retryAfterSeconds = 30;
  return error;
}
