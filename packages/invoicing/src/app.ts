import { registerHealthRoute } from '@svc/common';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { RateLimitConfig } from './config.js';
import { registerApiRoutes } from './http/api-routes.js';
import { AuthFailureLimiter } from './http/auth-failure-limiter.js';
import { answerClientError, answerUnservedRequests } from './http/client-errors.js';
import { registerDevLedgerRoutes } from './http/dev-ledger-routes.js';
import { ErrorAnswers } from './http/error-answers.js';
import { MAX_URL_LENGTH } from './http/errors.js';
import { registerLedgerHealthRoute } from './http/ledger-health.js';
import { registerMerchantApiRoutes } from './http/merchant-api-routes.js';
import { htmlErrorPages } from './http/pages/html-errors.js';
import { registerWebPages } from './http/pages/register-web-pages.js';
import { RateLimiter } from './http/rate-limiter.js';
import { RouteTable } from './http/route-table.js';
import { parseStrictJson } from './http/strict-json.js';
import { SimulatedLedger } from './ledger/simulated.js';
import { type PortalOptions, registerPortal } from './portal/register-portal.js';
import type { InvoicingService } from './service/invoicing-service.js';
import type { InvoicingStore } from './store/database.js';

export interface AppOptions {
  store: InvoicingStore;
  service: InvoicingService;
  logLevel?: string;
  rateLimits?: RateLimitConfig;
  trustProxy?: boolean;
  /** The checkout pages and the portal. */
  web?: PortalOptions;
  /** On a chain ledger: what is wrong with the node or the watcher, for /healthz (null when fine). */
  ledgerProblem?: () => Promise<string | null>;
}

export const BODY_LIMIT_BYTES = 16 * 1024;
export const REQUEST_TIMEOUT_MS = 30_000;

const UNLIMITED: RateLimitConfig = { createPerMinute: 0, readPerMinute: 0, authFailuresPerMinute: 1_000_000 };

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  let answers: ErrorAnswers | undefined;
  const app = Fastify({
    logger: options.logLevel && options.logLevel !== 'silent' ? { level: options.logLevel } : false,
    // A line per request (two, with the answer) only when debugging, and never for health polls.
    logController: new LogController({
      disableRequestLogging: (request) =>
        (options.logLevel !== 'debug' && options.logLevel !== 'trace') || request.url === '/healthz',
    }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    // A parameter as long as the longest address allowed; a longer one is answered 414 like the address.
    routerOptions: { maxParamLength: MAX_URL_LENGTH },
    frameworkErrors: (error, request, reply) => answers?.frameworkErrors(error, request, reply),
    clientErrorHandler: answerClientError(() => answers?.commonHeaders ?? {}),
    // Bodies are small: a client trickling a request in to hold a connection gets 408 (Fastify
    // would otherwise turn Node's request timeout off). Answers, such as the checkout page's
    // event stream, are not limited.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // A request without Host reaches the app, which answers it in the API's error shape; the
    // request timeout is checked every 5 s (Node's default: 30 s).
    http: { requireHostHeader: false, connectionsCheckingInterval: 5000 },
  });
  answerUnservedRequests(app.server, () => answers?.commonHeaders ?? {});
  const routes = new RouteTable(app);
  answers = new ErrorAnswers(routes);
  answers.install(app);
  answers.guardRequests(app);
  // JSON bodies are read losslessly by our own parser; no other body type is accepted by the API.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseStrictJson(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  if (options.ledgerProblem) registerLedgerHealthRoute(app, options.store.db, options.ledgerProblem);
  else registerHealthRoute(app, options.store.db);
  const limits = options.rateLimits ?? UNLIMITED;
  const now = options.service.now;
  const apiLimits = {
    create: new RateLimiter(limits.createPerMinute, now),
    read: new RateLimiter(limits.readPerMinute, now),
    authFailures: new AuthFailureLimiter(limits.authFailuresPerMinute, now),
  };
  registerApiRoutes(app, options.service, apiLimits);
  registerMerchantApiRoutes(app, options.service, apiLimits);
  if (options.service.ledger instanceof SimulatedLedger) registerDevLedgerRoutes(app, options.service.ledger);
  const pageHeaders = await registerWebPages(app, options.service, options.web);
  await registerPortal(app, options, options.web);
  answers.usePages(htmlErrorPages, pageHeaders);
  return app;
}
