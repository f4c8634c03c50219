import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SignInLimiter } from '../../portal/sign-in-limiter.js';
import type { InvoicingService } from '../../service/invoicing-service.js';
import type { InvoicingStore } from '../../store/database.js';
import { registerAssetRoutes } from '../../web/assets.js';
import { registerCheckoutRoutes } from './checkout-routes.js';
import { serviceCheckoutSource } from './checkout-source.js';
import { PortalAuth } from './portal-auth.js';
import { portalPlugin } from './portal-routes.js';
import { registerSecurityHeaders, securityHeaders } from './security-headers.js';

export interface WebOptions {
  /** The server secret (CSRF tokens are keyed from it); a random one per process when left out. */
  secret?: Buffer;
  /** Origins that may frame the pages; none by default. */
  frameAncestors?: readonly string[];
  /** Secure cookies and HSTS; by default on when the service's base URL is https. */
  https?: boolean;
  signInLimiter?: SignInLimiter;
}

/**
 * The checkout pages (/pay), the merchant portal (/portal), their assets and security headers.
 * Returns the security headers every response carries.
 */
export async function registerWebPages(
  app: FastifyInstance,
  deps: { service: InvoicingService; store: InvoicingStore },
  options: WebOptions = {},
): Promise<Record<string, string>> {
  const { service, store } = deps;
  const https = options.https ?? service.settings.baseUrl.startsWith('https:');
  const headerOptions = { frameAncestors: options.frameAncestors ?? [], hsts: https };
  registerSecurityHeaders(app, headerOptions);
  registerAssetRoutes(app);
  app.get('/', async (_request, reply) => reply.redirect('/portal', 303));
  await app.register(
    async (scope) => {
      registerCheckoutRoutes(scope, { source: serviceCheckoutSource(service), now: service.now });
    },
    { prefix: '/pay' },
  );
  const auth = new PortalAuth({
    db: store.db,
    secret: options.secret ?? randomBytes(32),
    secureCookies: https,
    now: service.now,
    limiter: options.signInLimiter,
  });
  const { ledger } = service;
  await app.register(portalPlugin, {
    prefix: '/portal',
    service,
    store,
    auth,
    // A chain ledger derives every invoice's address; the merchant sets an account key later, in the settings.
    ledgerMakesAddresses: ledger.matching === 'address' || typeof ledger.newAddress === 'function',
  });
  return securityHeaders(headerOptions);
}
