import type { FastifyInstance } from 'fastify';
import { InvoicingError } from '../domain/errors.js';
import { readForm } from '../http/pages/form-input.js';
import { pageContextFor, sendPage } from '../http/pages/page-context.js';
import { isUniqueViolation } from '../store/database.js';
import type { PortalDeps } from './context.js';
import { findLoginByEmail, insertLogin, isPlausibleEmail, normaliseEmail } from './logins.js';
import { renderSignInPage, renderSignUpPage } from './pages/auth-pages.js';
import type { FormState } from './pages/form.js';
import { decoyPasswordHash, hashPassword, passwordProblem, passwordRules, verifyPassword } from './password.js';
import { signUpsPerClientPerHour } from './sign-in-limiter.js';

const maxNameLength = 200;

/** Sign-up (creates a merchant with a login), sign-in and sign-out. */
export function registerPortalAuthRoutes(scope: FastifyInstance, deps: PortalDeps) {
  registerSignIn(scope, deps);
  registerSignUp(scope, deps);
  scope.post('/sign-out', async (request, reply) => {
    await deps.auth.signOut(request, reply);
    return reply.redirect('/portal/sign-in?signed_out=1', 303);
  });
}

function registerSignIn(scope: FastifyInstance, deps: PortalDeps) {
  const { auth } = deps;
  const { db } = deps.store;
  scope.get('/', async (request, reply) => {
    const session = await auth.session(request);
    return reply.header('cache-control', 'no-store').redirect(session ? '/portal/invoices' : '/portal/sign-in', 303);
  });

  scope.get<{ Querystring: { signed_out?: string } }>('/sign-in', async (request, reply) => {
    const ctx = pageContextFor(request, reply);
    if (await auth.session(request)) return reply.redirect('/portal/invoices', 303);
    const notice = request.query.signed_out ? ctx.t('auth.signed_out') : undefined;
    return sendPage(
      reply,
      200,
      renderSignInPage(ctx, auth.preSessionCsrf(request, reply), { values: {}, errors: {} }, notice),
    );
  });

  scope.post('/sign-in', async (request, reply) => {
    const ctx = pageContextFor(request, reply);
    const { t } = ctx;
    const body = readForm(request.body);
    const email = normaliseEmail(body.email ?? '');
    const form: FormState = { values: { email }, errors: {} };
    const attempt = auth.signInAttempt(request, email);
    const waitMs = auth.limiter.retryAfterMs(attempt);
    if (waitMs > 0) {
      form.errors._form =
        waitMs < 60_000
          ? t('auth.rate_limited_seconds', { seconds: Math.ceil(waitMs / 1000) })
          : t('auth.rate_limited', { minutes: Math.ceil(waitMs / 60_000) });
      reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
      return sendPage(reply, 429, renderSignInPage(ctx, auth.preSessionCsrf(request, reply), form));
    }
    const login = email ? await findLoginByEmail(db, email) : undefined;
    // An unknown address costs the same scrypt work as a wrong password, so timing tells nothing.
    const matches = await verifyPassword(body.password ?? '', login?.passwordHash ?? (await decoyPasswordHash()));
    if (!login || !matches) {
      auth.limiter.recordFailure(attempt);
      form.errors._form = t('auth.bad_credentials');
      return sendPage(reply, 401, renderSignInPage(ctx, auth.preSessionCsrf(request, reply), form));
    }
    auth.limiter.recordSuccess(attempt);
    auth.rememberDevice(reply, email);
    await auth.signIn(reply, login.merchantId);
    return reply.redirect('/portal/invoices', 303);
  });
}

function registerSignUp(scope: FastifyInstance, deps: PortalDeps) {
  const { auth, service } = deps;
  const { db } = deps.store;
  const signUpOptions = { recipientOptional: deps.ledgerMakesAddresses, passwordMin: passwordRules.min };
  scope.get('/sign-up', async (request, reply) => {
    const ctx = pageContextFor(request, reply);
    if (await auth.session(request)) return reply.redirect('/portal/invoices', 303);
    const csrf = auth.preSessionCsrf(request, reply);
    return sendPage(reply, 200, renderSignUpPage(ctx, csrf, { values: {}, errors: {} }, signUpOptions));
  });

  scope.post('/sign-up', async (request, reply) => {
    const ctx = pageContextFor(request, reply);
    const { t } = ctx;
    const body = readForm(request.body);
    const values = {
      name: (body.name ?? '').trim(),
      email: normaliseEmail(body.email ?? ''),
      recipient: (body.recipient ?? '').trim(),
    };
    const password = body.password ?? '';
    const form: FormState = { values, errors: {} };
    if (values.name === '') form.errors.name = t('auth.name_missing');
    else if (values.name.length > maxNameLength) form.errors.name = t('auth.name_long', { max: maxNameLength });
    if (!isPlausibleEmail(values.email)) form.errors.email = t('auth.email_invalid');
    const problem = passwordProblem(password);
    if (problem === 'short') form.errors.password = t('auth.password_short', { min: passwordRules.min });
    if (problem === 'long') form.errors.password = t('auth.password_long', { max: passwordRules.max });
    if (values.recipient === '' && !deps.ledgerMakesAddresses) form.errors.recipient = t('form.required');
    if (values.recipient !== '') {
      const wrong = service.ledger.validateAddress(values.recipient);
      if (wrong) form.errors.recipient = wrong;
    }
    if (!form.errors.email && (await findLoginByEmail(db, values.email))) form.errors.email = t('auth.email_taken');
    const again = (status: number) =>
      sendPage(reply, status, renderSignUpPage(ctx, auth.preSessionCsrf(request, reply), form, signUpOptions));
    if (Object.keys(form.errors).length > 0) return again(400);
    const waitMs = auth.signUps.waitMs(request.ip, signUpsPerClientPerHour);
    if (waitMs > 0) {
      form.errors._form = t('auth.signup_limited', { minutes: Math.ceil(waitMs / 60_000) });
      reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
      return again(429);
    }
    auth.signUps.record(request.ip);

    const passwordHash = await hashPassword(password);
    let merchantId: string;
    try {
      const merchant = await service.createMerchant({ name: values.name, recipient: values.recipient || undefined });
      merchantId = merchant.id;
    } catch (error) {
      if (!(error instanceof InvoicingError) || error.status !== 400) throw error;
      form.errors[error.param === 'name' ? 'name' : error.param === 'recipient' ? 'recipient' : '_form'] =
        error.message;
      return again(400);
    }
    try {
      await insertLogin(db, { merchantId, email: values.email, passwordHash }, service.now());
    } catch (error) {
      // Two sign-ups with one address at the same moment: the second finds it taken. Its new
      // merchant stays without a login (the CLI's set-login can still give it one).
      if (!isUniqueViolation(error)) throw error;
      form.errors.email = t('auth.email_taken');
      return again(400);
    }
    auth.rememberDevice(reply, values.email);
    await auth.signIn(reply, merchantId);
    return reply.redirect('/portal/invoices', 303);
  });
}
