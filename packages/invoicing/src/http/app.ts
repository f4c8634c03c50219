import { registerHealthRoute } from '@svc/common';
import Fastify, { type FastifyInstance } from 'fastify';
import type { RateLimitConfig } from '../config.js';
import { SimulatedLedger } from '../ledger/simulated.js';
import type { InvoicingService } from '../service/invoicingService.js';
import type { InvoicingStore } from '../store/database.js';
import { registerApiRoutes } from './apiRoutes.js';
import { registerDevLedgerRoutes } from './devLedgerRoutes.js';
import { registerErrorHandling } from './errors.js';
import { registerMerchantApiRoutes } from './merchantApiRoutes.js';
import { registerWebPages, type WebOptions } from './pages/register-web-pages.js';
import { RateLimiter } from './rateLimiter.js';
import { parseStrictJson } from './strictJson.js';

export interface AppOptions {
  store: InvoicingStore;
  service: InvoicingService;
  logLevel?: string;
  rateLimits?: RateLimitConfig;
  trustProxy?: boolean;
  /** The checkout pages and the portal. */
  web?: WebOptions;
}

export const BODY_LIMIT_BYTES = 16 * 1024;

const UNLIMITED: RateLimitConfig = { createPerMinute: 0, readPerMinute: 0, authFailuresPerMinute: 1_000_000 };

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logLevel && options.logLevel !== 'silent' ? { level: options.logLevel } : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
  });
  registerErrorHandling(app);
  // JSON bodies are read losslessly by our own parser; no other body type is accepted by the API.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseStrictJson(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  registerHealthRoute(app, options.store.db);
  const limits = options.rateLimits ?? UNLIMITED;
  const now = options.service.now;
  const apiLimits = {
    create: new RateLimiter(limits.createPerMinute, now),
    read: new RateLimiter(limits.readPerMinute, now),
    authFailures: new RateLimiter(limits.authFailuresPerMinute, now),
  };
  registerApiRoutes(app, options.service, apiLimits);
  registerMerchantApiRoutes(app, options.service, apiLimits);
  if (options.service.ledger instanceof SimulatedLedger) registerDevLedgerRoutes(app, options.service.ledger);
  await registerWebPages(app, options, options.web);
  return app;
}
