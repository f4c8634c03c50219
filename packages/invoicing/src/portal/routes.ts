import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { pageContextFor, sendPage } from '../http/pages/page-context.js';
import { renderCsrfErrorPage } from '../web/pages/error-pages.js';
import { registerPortalAccountRoutes } from './account-routes.js';
import { registerPortalAuthRoutes } from './auth-routes.js';
import type { PortalDeps } from './context.js';
import { registerPortalInvoiceRoutes } from './invoice-routes.js';
import { registerPortalWebhookRoutes } from './webhook-routes.js';

/**
 * The merchant portal under /portal. Its forms post urlencoded bodies (parsed only here; the API
 * stays JSON-only), and every post must carry the CSRF token of the browser's session or
 * pre-session cookie, checked before any handler runs.
 */
export async function portalPlugin(scope: FastifyInstance, deps: PortalDeps) {
  await scope.register(formbody);
  scope.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const token = (request.body as Record<string, unknown> | undefined)?.csrf;
    if (!deps.auth.csrfValid(request, token)) {
      return sendPage(reply, 403, renderCsrfErrorPage(pageContextFor(request, reply)));
    }
  });
  registerPortalAuthRoutes(scope, deps);
  registerPortalInvoiceRoutes(scope, deps);
  registerPortalAccountRoutes(scope, deps);
  registerPortalWebhookRoutes(scope, deps);
}
