import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { pagesUseHttps, type WebOptions } from '../http/pages/register-web-pages.js';
import type { InvoicingService } from '../service/invoicing-service.js';
import type { InvoicingStore } from '../store/database.js';
import { PortalAuth } from './auth.js';
import { portalPlugin } from './routes.js';
import type { SignInLimiter } from './sign-in-limiter.js';

export interface PortalOptions extends WebOptions {
  /** The sign-in and sign-up limits; the documented defaults when left out. */
  signInLimiter?: SignInLimiter;
}

/** The merchant portal under /portal: its sessions, CSRF tokens and pages. */
export async function registerPortal(
  app: FastifyInstance,
  deps: { service: InvoicingService; store: InvoicingStore },
  options: PortalOptions = {},
): Promise<void> {
  const { service, store } = deps;
  const auth = new PortalAuth({
    db: store.db,
    secret: options.secret ?? randomBytes(32),
    secureCookies: pagesUseHttps(service, options),
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
}
