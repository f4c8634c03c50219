import type { FastifyError, FastifyReply } from 'fastify';
import { InvoicingError, invalidRequest } from '../domain/errors.js';
import { JsonSyntaxError } from './strict-json.js';

export function sendError(reply: FastifyReply, error: InvoicingError): FastifyReply {
  const body: Record<string, string> = { type: error.type, code: error.code, message: error.message };
  if (error.param !== undefined) body.param = error.param;
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.status).header('cache-control', 'no-store').type('application/json').send({ error: body });
}

/** The longest request target (path and query) answered; longer ones get 414. */
export const MAX_URL_LENGTH = 2048;

export function uriTooLong(): InvoicingError {
  return new InvoicingError(
    414,
    'invalid_request_error',
    'uri_too_long',
    `the address is longer than ${MAX_URL_LENGTH} characters`,
  );
}

export function methodNotAllowed(method: string, path: string, allowed: readonly string[]): InvoicingError {
  return new InvoicingError(
    405,
    'invalid_request_error',
    'method_not_allowed',
    `${method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`,
  );
}

export function routeNotFound(method: string, path: string): InvoicingError {
  return new InvoicingError(404, 'invalid_request_error', 'route_not_found', `no route ${method} ${path}`);
}

/** A request that breaks the rules of HTTP itself. */
export function malformedRequest(message: string): InvoicingError {
  return invalidRequest('malformed_request', message);
}

export function internalError(): InvoicingError {
  return new InvoicingError(500, 'api_error', 'internal_error', 'an internal error occurred; please retry');
}

/** Fastify's own request errors, translated to this API's error codes. */
export function fromFastify(error: FastifyError): InvoicingError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new InvoicingError(
        415,
        'invalid_request_error',
        'unsupported_media_type',
        'the request body must be JSON, sent with Content-Type: application/json',
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new InvoicingError(
        413,
        'invalid_request_error',
        'body_too_large',
        'the request body is larger than 16 KiB',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new InvoicingError(400, 'invalid_request_error', 'invalid_json', 'the request body is empty');
    case 'FST_ERR_BAD_URL':
      return invalidRequest('invalid_url', 'the address is not valid: a percent-encoded part is not UTF-8');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return uriTooLong();
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new InvoicingError(
        400,
        'invalid_request_error',
        'invalid_request',
        'the Content-Length does not match the body',
      );
    default:
      break;
  }
  if (error instanceof JsonSyntaxError) {
    return new InvoicingError(
      400,
      'invalid_request_error',
      'invalid_json',
      `the request body is not valid JSON: ${error.message}`,
    );
  }
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return new InvoicingError(status, 'invalid_request_error', 'invalid_request', error.message);
  }
  return undefined;
}
