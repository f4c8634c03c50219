import type { FastifyInstance } from 'fastify';
import { InvoicingError } from '../domain/errors.js';
import type { InvoiceStatus } from '../domain/invoice.js';
import { normaliseTypedDecimal, readForm } from '../http/pages/form-input.js';
import { coinOf } from '../http/pages/invoice-views.js';
import { sendPage } from '../http/pages/page-context.js';
import { readTimeline } from '../store/invoices.js';
import type { Translate } from '../web/i18n/locale.js';
import { qrSvg } from '../web/qr.js';
import { type PortalDeps, requireSignedIn } from './context.js';
import { loadInvoiceDetail, toInvoiceRow } from './invoice-views.js';
import type { FormState } from './pages/form.js';
import {
  renderInvoiceListPage,
  renderInvoiceNotFoundPage,
  renderInvoicePage,
  renderNewInvoicePage,
} from './pages/invoice-pages.js';

const pageSize = 25;

const localisedCodes = [
  'amount_invalid',
  'amount_not_positive',
  'amount_too_precise',
  'amount_too_large',
  'amount_too_small',
  'rate_unavailable',
] as const;

/** The invoice service's refusal in the page's language; codes without wording keep its message. */
function invoiceErrorText(t: Translate, error: InvoicingError, unit: { code: string; decimals: number }): string {
  const code = localisedCodes.find((c) => c === error.code);
  return code ? t(`new.${code}`, { currency: unit.code, decimals: unit.decimals }) : error.message;
}
const statuses: InvoiceStatus[] = ['open', 'processing', 'paid', 'expired'];

/** `<created ms>.<id>` of the last invoice on a page: where the next (older) page starts. */
function parseCursor(text: string | undefined): { createdAt: number; id: string } | undefined {
  const match = /^(\d{1,15})\.([\w-]{1,64})$/.exec(text ?? '');
  return match ? { createdAt: Number(match[1]), id: match[2]! } : undefined;
}

/** The invoice list, the new-invoice form and each invoice's page. */
export function registerPortalInvoiceRoutes(scope: FastifyInstance, deps: PortalDeps) {
  const { service } = deps;
  const coin = coinOf(service.ledger);

  scope.get<{ Querystring: { status?: string; q?: string; after?: string } }>('/invoices', async (request, reply) => {
    const signed = await requireSignedIn(deps, request, reply);
    if (!signed) return reply;
    const status = statuses.find((s) => s === request.query.status);
    const q = (request.query.q ?? '').trim().slice(0, 64);
    const after = parseCursor(request.query.after);
    const invoices = await service.listInvoices({
      merchantId: signed.merchant.id,
      status,
      search: q || undefined,
      limit: pageSize + 1,
      after,
    });
    const rows = invoices.slice(0, pageSize);
    let olderQuery: string | undefined;
    if (invoices.length > pageSize) {
      const last = rows[rows.length - 1]!;
      const params = new URLSearchParams();
      if (status) params.set('status', status);
      if (q) params.set('q', q);
      params.set('after', `${last.createdAt}.${last.id}`);
      olderQuery = params.toString();
    }
    const page = renderInvoiceListPage(signed.ctx, signed.session, {
      rows: rows.map(toInvoiceRow),
      filter: { status: status ?? '', q },
      olderQuery,
      paged: after !== undefined,
      coin,
    });
    return sendPage(reply, 200, page);
  });

  scope.get('/invoices/new', async (request, reply) => {
    const signed = await requireSignedIn(deps, request, reply);
    if (!signed) return reply;
    const form: FormState = {
      values: { currency: 'eur', expires_min: String(signed.merchant.settings.defaultExpiryMin) },
      errors: {},
    };
    return sendPage(reply, 200, renderNewInvoicePage(signed.ctx, signed.session, form, coin.code));
  });

  scope.post('/invoices', async (request, reply) => {
    const signed = await requireSignedIn(deps, request, reply);
    if (!signed) return reply;
    const { t } = signed.ctx;
    const body = readForm(request.body);
    const currency = body.currency === 'coin' ? 'coin' : 'eur';
    const amount = normaliseTypedDecimal(body.amount ?? '');
    const expiresText = (body.expires_min ?? '').trim();
    const form: FormState = { values: { amount: body.amount ?? '', currency, expires_min: expiresText }, errors: {} };
    if (amount === '') form.errors.amount = t('form.required');
    let expiresMin: number | undefined;
    if (expiresText !== '') {
      expiresMin = /^\d{1,6}$/.test(expiresText) ? Number(expiresText) : Number.NaN;
      if (!(expiresMin >= 1 && expiresMin <= 1440))
        form.errors.expires_min = t('form.invalid_integer', { min: 1, max: 1440 });
    }
    if (Object.keys(form.errors).length === 0) {
      try {
        const created = await service.createInvoice(signed.merchant.id, {
          amount: { currency, value: amount },
          expiresMin,
        });
        return reply.redirect(`/portal/invoices/${encodeURIComponent(created.id)}?created=1`, 303);
      } catch (error) {
        if (!(error instanceof InvoicingError) || (error.status >= 500 && error.code !== 'rate_unavailable'))
          throw error;
        const field = error.param?.startsWith('amount')
          ? 'amount'
          : error.param === 'expires_min'
            ? 'expires_min'
            : '_form';
        form.errors[field] = invoiceErrorText(t, error, currency === 'coin' ? coin : { code: 'EUR', decimals: 2 });
      }
    }
    return sendPage(reply, 400, renderNewInvoicePage(signed.ctx, signed.session, form, coin.code));
  });

  scope.get<{ Params: { id: string }; Querystring: { created?: string } }>('/invoices/:id', async (request, reply) => {
    const signed = await requireSignedIn(deps, request, reply);
    if (!signed) return reply;
    const invoice = /^[\w-]{8,64}$/.test(request.params.id) ? await service.getInvoice(request.params.id) : undefined;
    // Another merchant's invoice is answered exactly like one that does not exist.
    if (!invoice || invoice.merchantId !== signed.merchant.id) {
      return sendPage(reply, 404, renderInvoiceNotFoundPage(signed.ctx, signed.session));
    }
    const detail = await loadInvoiceDetail(service, invoice, await readTimeline(deps.store.db, invoice.id));
    const qr = await qrSvg(detail.payUrl, signed.ctx.t('invoice.checkout_link'));
    const page = renderInvoicePage(signed.ctx, signed.session, detail, qr, request.query.created === '1');
    return sendPage(reply, 200, page);
  });
}
