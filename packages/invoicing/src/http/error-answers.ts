import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { InvoicingError } from '../domain/errors.js';
import {
  fromFastify,
  internalError,
  MAX_URL_LENGTH,
  malformedRequest,
  methodNotAllowed,
  routeNotFound,
  sendError,
  uriTooLong,
} from './errors.js';
import type { RouteTable } from './route-table.js';

/** The HTML side of error answers: which addresses are pages, and the page that tells the error. */
export interface ErrorPages {
  isPagePath(path: string): boolean;
  send(request: FastifyRequest, reply: FastifyReply, error: InvoicingError): FastifyReply;
}

export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * One place that turns every failure of every route (thrown errors, unknown addresses, wrong
 * methods, Fastify's own routing errors) into an answer: the API's JSON error for API and
 * unknown addresses, an HTML page in the visitor's language for the checkout and portal pages.
 */
export class ErrorAnswers {
  private pages: ErrorPages | undefined;
  /**
   * Headers every response carries (the security headers). Answers made outside a route's hooks
   * (routing errors, unparsable requests) add them themselves.
   */
  commonHeaders: Record<string, string> = {};

  constructor(private readonly routes: RouteTable) {}

  usePages(pages: ErrorPages, commonHeaders: Record<string, string>) {
    this.pages = pages;
    this.commonHeaders = commonHeaders;
  }

  send(request: FastifyRequest, reply: FastifyReply, error: InvoicingError): FastifyReply {
    if (this.pages?.isPagePath(pathOf(request.url))) return this.pages.send(request, reply, error);
    return sendError(reply, error);
  }

  /** A thrown error: a client's fault keeps its 4xx and code, anything else is logged and a 500. */
  sendThrown(request: FastifyRequest, reply: FastifyReply, error: FastifyError): FastifyReply {
    if (error instanceof InvoicingError) return this.send(request, reply, error);
    const known = fromFastify(error);
    if (known) return this.send(request, reply, known);
    request.log.error({ err: error }, 'request failed');
    return this.send(request, reply, internalError());
  }

  /**
   * Nothing answers this method at this address: 405 with `Allow` when other methods do, else 404
   * (also when a route of this method found nothing to show and passed the request on).
   */
  sendUnmatched(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const path = pathOf(request.url);
    const allowed = this.routes.allowedMethods(path);
    if (allowed.length === 0 || allowed.includes(request.method)) {
      return this.send(request, reply, routeNotFound(request.method, path));
    }
    reply.header('allow', allowed.join(', '));
    if (request.method === 'OPTIONS') return reply.code(204).header('cache-control', 'no-store').send();
    return this.send(request, reply, methodNotAllowed(request.method, path, allowed));
  }

  /** Installs the error and not-found handlers on the app; its plugins inherit them. */
  install(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => this.sendThrown(request, reply, error));
    app.setNotFoundHandler((request, reply) => this.sendUnmatched(request, reply));
  }

  /** Refuses, before any route runs, addresses that are too long and HTTP/1.1 requests without Host. */
  guardRequests(app: FastifyInstance) {
    app.addHook('onRequest', async (request) => {
      if (request.url.length > MAX_URL_LENGTH) throw uriTooLong();
      if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
        throw malformedRequest('an HTTP/1.1 request must carry a Host header');
      }
    });
  }

  /** Fastify's `frameworkErrors`: errors met while routing (bad percent-encoding, an overlong parameter). */
  readonly frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // Answered before routing, so without the app's onSend hooks.
    reply.headers(this.commonHeaders);
    this.sendThrown(request, reply, error);
  };
}
