import type { FastifyInstance } from 'fastify';
import { InvoicingError } from '../domain/errors.js';
import { basisPointsToPercent, parseBoundedInteger, percentToBasisPoints, readForm } from '../http/pages/form-input.js';
import { coinOf } from '../http/pages/invoice-views.js';
import { sendPage } from '../http/pages/page-context.js';
import { type PortalDeps, requireSignedIn } from './context.js';
import { toUnmatchedView } from './invoice-views.js';
import { renderKeysPage, renderSettingsPage, renderUnmatchedPage } from './pages/account-pages.js';
import type { FormState } from './pages/form.js';

const maxTolerancePercent = 50;

/** Unmatched payments, API keys and settings of the signed-in merchant. */
export function registerPortalAccountRoutes(scope: FastifyInstance, deps: PortalDeps) {
  const { service } = deps;
  // On a chain ledger the merchant gives an account key and confirmations instead of an address.
  const chain = service.ledger.matching === 'address';
  const coin = coinOf(service.ledger);

  scope.get('/unmatched', async (request, reply) => {
    const signed = await requireSignedIn(deps, request, reply);
    if (!signed) return reply;
    const payments = await service.unmatchedPayments(signed.merchant.recipient, 200);
    return sendPage(reply, 200, renderUnmatchedPage(signed.ctx, signed.session, payments.map(toUnmatchedView), coin));
  });

  scope.get<{ Querystring: { revoked?: string } }>('/keys', async (request, reply) => {
    const signed = await requireSignedIn(deps, request, reply);
    if (!signed) return reply;
    const keys = await service.listApiKeys(signed.merchant.id);
    const page = renderKeysPage(signed.ctx, signed.session, keys.toReversed(), {
      revoked: request.query.revoked === '1',
    });
    return sendPage(reply, 200, page);
  });

  // The new key is in this answer only (never in a redirect URL, a log or the database).
  scope.post('/keys', async (request, reply) => {
    const signed = await requireSignedIn(deps, request, reply);
    if (!signed) return reply;
    const created = await service.createApiKey(signed.merchant.id);
    const keys = await service.listApiKeys(signed.merchant.id);
    const page = renderKeysPage(signed.ctx, signed.session, keys.toReversed(), { newKey: created.key });
    return sendPage(reply, 201, page);
  });

  scope.post<{ Params: { id: string } }>('/keys/:id/revoke', async (request, reply) => {
    const signed = await requireSignedIn(deps, request, reply);
    if (!signed) return reply;
    // Scoped to the signed-in merchant: another merchant's key id changes nothing.
    await service.revokeApiKey(signed.merchant.id, request.params.id);
    return reply.redirect('/portal/keys?revoked=1', 303);
  });

  scope.get<{ Querystring: { saved?: string } }>('/settings', async (request, reply) => {
    const signed = await requireSignedIn(deps, request, reply);
    if (!signed) return reply;
    const { merchant } = signed;
    const form: FormState = {
      values: {
        name: merchant.name,
        recipient: merchant.recipient,
        account_key: merchant.accountKey ?? '',
        confirmations: String(merchant.settings.confirmations),
        default_expiry_min: String(merchant.settings.defaultExpiryMin),
        tolerance_percent: basisPointsToPercent(merchant.settings.toleranceBp),
      },
      errors: {},
    };
    return sendPage(
      reply,
      200,
      renderSettingsPage(signed.ctx, signed.session, form, request.query.saved === '1', chain),
    );
  });

  scope.post('/settings', async (request, reply) => {
    const signed = await requireSignedIn(deps, request, reply);
    if (!signed) return reply;
    const { t } = signed.ctx;
    const body = readForm(request.body);
    const values = {
      name: (body.name ?? '').trim(),
      recipient: (body.recipient ?? '').trim(),
      account_key: (body.account_key ?? '').trim(),
      confirmations: (body.confirmations ?? '').trim(),
      default_expiry_min: (body.default_expiry_min ?? '').trim(),
      tolerance_percent: (body.tolerance_percent ?? '').trim(),
    };
    const form: FormState = { values, errors: {} };
    if (values.name === '') form.errors.name = t('auth.name_missing');
    let confirmations: number | undefined;
    if (chain) {
      // The account key is checked by the service (network, script type) and its message shown.
      if (values.account_key === '') form.errors.account_key = t('form.required');
      confirmations = ['0', '1', '2', '6'].includes(values.confirmations) ? Number(values.confirmations) : undefined;
      if (confirmations === undefined) form.errors.confirmations = t('settings.confirmations_invalid');
    } else if (values.recipient === '') form.errors.recipient = t('form.required');
    else {
      const wrong = service.ledger.validateAddress(values.recipient);
      if (wrong) form.errors.recipient = wrong;
    }
    const defaultExpiryMin = parseBoundedInteger(values.default_expiry_min, 1, 1440);
    if (defaultExpiryMin === undefined)
      form.errors.default_expiry_min = t('form.invalid_integer', { min: 1, max: 1440 });
    const toleranceBp = percentToBasisPoints(values.tolerance_percent, maxTolerancePercent);
    if (toleranceBp === undefined) {
      form.errors.tolerance_percent = t('form.invalid_percent', { max: maxTolerancePercent, decimals: 2 });
    }
    if (Object.keys(form.errors).length === 0) {
      try {
        await service.updateMerchant(
          signed.merchant.id,
          chain
            ? {
                name: values.name,
                accountKey: values.account_key,
                settings: { defaultExpiryMin, toleranceBp, confirmations },
              }
            : { name: values.name, recipient: values.recipient, settings: { defaultExpiryMin, toleranceBp } },
        );
        return reply.redirect('/portal/settings?saved=1', 303);
      } catch (error) {
        if (!(error instanceof InvoicingError) || error.status !== 400) throw error;
        form.errors[error.param && error.param in values ? error.param : '_form'] = error.message;
      }
    }
    return sendPage(reply, 400, renderSettingsPage(signed.ctx, signed.session, form, false, chain));
  });
}
