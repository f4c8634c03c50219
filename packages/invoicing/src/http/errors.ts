import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { InvoicingError } from '../domain/errors.js';
import { JsonSyntaxError } from './strictJson.js';

export function sendError(reply: FastifyReply, error: InvoicingError): FastifyReply {
  const body: Record<string, string> = { type: error.type, code: error.code, message: error.message };
  if (error.param !== undefined) body.param = error.param;
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.status).header('cache-control', 'no-store').type('application/json').send({ error: body });
}

/** Fastify's own request errors, translated to this API's error codes. */
function fromFastify(error: FastifyError): InvoicingError | undefined {
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

/** Every error leaves as `{"error":{type,code,message,param?}}`; only a fault of ours is a 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof InvoicingError) return sendError(reply, error);
    const known = fromFastify(error);
    if (known) return sendError(reply, known);
    request.log.error({ err: error }, 'request failed');
    return sendError(
      reply,
      new InvoicingError(500, 'api_error', 'internal_error', 'an internal error occurred; please retry'),
    );
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      new InvoicingError(
        404,
        'invalid_request_error',
        'route_not_found',
        `no route ${request.method} ${request.url.split('?')[0]}`,
      ),
    ),
  );
}
