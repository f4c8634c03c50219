import type { FastifyError, FastifyInstance } from 'fastify';
import { renderErrorPage, renderNotFoundPage } from '../../web/pages/error-pages.js';
import { pageContextFor, sendPage } from './page-context.js';

/**
 * Errors and unknown addresses of the page routes answer with an HTML page in the visitor's
 * language: a request fault keeps its 4xx status, anything else is logged and shown as a 500
 * without details.
 */
export function useHtmlErrorPages(scope: FastifyInstance) {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const ctx = pageContextFor(request, reply);
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'page request failed');
    return sendPage(reply, status, renderErrorPage(ctx));
  });
  scope.setNotFoundHandler((request, reply) =>
    sendPage(reply, 404, renderNotFoundPage(pageContextFor(request, reply))),
  );
}
