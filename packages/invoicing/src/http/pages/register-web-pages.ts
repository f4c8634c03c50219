import type { FastifyInstance } from 'fastify';
import type { InvoicingService } from '../../service/invoicing-service.js';
import { registerAssetRoutes } from '../../web/assets.js';
import { registerCheckoutRoutes } from './checkout-routes.js';
import { serviceCheckoutSource } from './checkout-source.js';
import { registerSecurityHeaders, securityHeaders } from './security-headers.js';

export interface WebOptions {
  /** The server secret (the portal's CSRF tokens are keyed from it); a random one per process when left out. */
  secret?: Buffer;
  /** Origins that may frame the pages; none by default. */
  frameAncestors?: readonly string[];
  /** Secure cookies and HSTS; by default on when the service's base URL is https. */
  https?: boolean;
}

/** Whether the pages are served over https: as configured, or else as the service's base URL says. */
export function pagesUseHttps(service: InvoicingService, options: WebOptions): boolean {
  return options.https ?? service.settings.baseUrl.startsWith('https:');
}

/**
 * The checkout pages (/pay), their assets and the security headers of every answer (the portal
 * registers itself beside them). Returns the security headers every response carries.
 */
export async function registerWebPages(
  app: FastifyInstance,
  service: InvoicingService,
  options: WebOptions = {},
): Promise<Record<string, string>> {
  const headerOptions = { frameAncestors: options.frameAncestors ?? [], hsts: pagesUseHttps(service, options) };
  registerSecurityHeaders(app, headerOptions);
  registerAssetRoutes(app);
  app.get('/', async (_request, reply) => reply.redirect('/portal', 303));
  await app.register(
    async (scope) => {
      registerCheckoutRoutes(scope, { source: serviceCheckoutSource(service), now: service.now });
    },
    { prefix: '/pay' },
  );
  return securityHeaders(headerOptions);
}
