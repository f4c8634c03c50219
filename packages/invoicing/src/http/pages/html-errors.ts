import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InvoicingError } from '../../domain/errors.js';
import { renderErrorPage, renderNotFoundPage } from '../../web/pages/error-pages.js';
import type { ErrorPages } from '../error-answers.js';
import { pageContextFor, sendPage } from './page-context.js';

/** The checkout page's live state and event stream are read by scripts: they keep JSON errors. */
const scriptEndpoint = /^\/pay\/[^/]+\/(?:live|events)$/;

/**
 * Errors and unknown addresses under the pages (`/`, `/pay/…`, `/portal/…`) answer with an HTML
 * page in the visitor's language: a request fault keeps its 4xx status (and `Retry-After`), a
 * fault of ours is a 500 without details.
 */
export const htmlErrorPages: ErrorPages = {
  isPagePath(path: string): boolean {
    if (path === '/') return true;
    return /^\/(?:pay|portal)(?:\/|$)/.test(path) && !scriptEndpoint.test(path);
  },
  send(request: FastifyRequest, reply: FastifyReply, error: InvoicingError): FastifyReply {
    const shown = pageContextFor(request, reply);
    // An address too long to answer is not repeated in the page's own links.
    const ctx = error.status === 414 ? { ...shown, path: '/' } : shown;
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    return sendPage(reply, error.status, error.status === 404 ? renderNotFoundPage(ctx) : renderErrorPage(ctx));
  },
};
