import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageContextFor } from '../http/pages/page-context.js';
import type { InvoicingService } from '../service/invoicing-service.js';
import type { InvoicingStore } from '../store/database.js';
import type { Merchant } from '../store/merchants.js';
import type { PageContext } from '../web/layout.js';
import type { PortalAuth } from './auth.js';
import type { PortalSession } from './pages/frame.js';

/** What the portal's route handlers share. */
export interface PortalDeps {
  service: InvoicingService;
  store: InvoicingStore;
  auth: PortalAuth;
  /** True when sign-up may leave the recipient empty (the ledger can make a new address). */
  ledgerMakesAddresses: boolean;
}

/** A signed-in request: the page context, the merchant and the session's form token. */
export interface SignedIn {
  ctx: PageContext;
  merchant: Merchant;
  session: PortalSession;
}

const signedIn = new WeakMap<FastifyRequest, SignedIn>();

/**
 * Resolves the session of a portal page; without one, the visitor is sent to sign in (and
 * undefined is returned, the reply being sent).
 */
export async function requireSignedIn(
  deps: PortalDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SignedIn | undefined> {
  const known = signedIn.get(request);
  if (known) return known;
  const ctx = pageContextFor(request, reply);
  const session = await deps.auth.session(request);
  const merchant = session ? await deps.service.getMerchant(session.merchantId) : undefined;
  if (!session || !merchant) {
    await reply.header('cache-control', 'no-store').redirect('/portal/sign-in', 303);
    return undefined;
  }
  const state: SignedIn = {
    ctx,
    merchant,
    session: { merchantName: merchant.name, csrf: deps.auth.csrfFor(session.token) },
  };
  signedIn.set(request, state);
  return state;
}
