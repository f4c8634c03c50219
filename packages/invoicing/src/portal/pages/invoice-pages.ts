import { formatMinor, formatTime, localiseDecimal } from '../../web/format.js';
import { html, type SafeHtml } from '../../web/html.js';
import type { MessageKey } from '../../web/i18n/locale.js';
import type { PageContext } from '../../web/layout.js';
import { copyField, paymentsTable, statusBadge } from '../../web/pages/checkout.js';
import { shownStatus } from '../../web/pages/checkout-view.js';
import { errorSummary, type FormState, field, selectField } from './form.js';
import { csrfField, type PortalSession, renderPortalPage } from './frame.js';
import type { InvoiceDetailView, InvoiceListView } from './views.js';

const statusFilterKeys: [string, MessageKey][] = [
  ['', 'status.any'],
  ['open', 'status.open'],
  ['processing', 'status.processing'],
  ['paid', 'status.paid'],
  ['expired', 'status.expired'],
];

export function renderInvoiceListPage(ctx: PageContext, session: PortalSession, list: InvoiceListView): string {
  const { t, locale } = ctx;
  const filtered = list.filter.status !== '' || list.filter.q !== '';
  const table = html`<div class="table-wrap"><table class="data-table stack" data-invoice-list>
<thead><tr>
<th scope="col">${t('invoices.created')}</th>
<th scope="col">${t('invoices.ref')}</th>
<th scope="col" class="num">${t('invoices.amount')}</th>
<th scope="col">${t('invoices.status')}</th>
<th scope="col">${t('invoices.expires')}</th>
</tr></thead>
<tbody>${list.rows.map(
    (row) => html`<tr data-invoice-row="${row.id}">
<td data-label="${t('invoices.created')}" class="when">${formatTime(new Date(row.createdAt), locale)}</td>
<td data-label="${t('invoices.ref')}" class="nowrap"><a href="/portal/invoices/${row.id}"><code>${row.orderRef}</code></a></td>
<td data-label="${t('invoices.amount')}" class="num"><span>${formatMinor(row.amountCoin, list.coin.decimals, locale)} ${list.coin.code}<br><span class="hint">${formatMinor(row.amountEur, 2, locale, 2)} EUR</span></span></td>
<td data-label="${t('invoices.status')}">${statusBadge(ctx, shownStatus(row))}</td>
<td data-label="${t('invoices.expires')}" class="when">${formatTime(new Date(row.expiresAt * 1000), locale)}</td>
</tr>`,
  )}</tbody></table></div>`;
  const exportQuery = list.filter.status ? `?status=${encodeURIComponent(list.filter.status)}` : '';
  const body = html`<div class="page-head"><h1>${t('invoices.title')}</h1>
<div class="actions"><a class="button button-quiet" href="/portal/invoices/export.csv${exportQuery}" download>${t('invoices.export')}</a>
<a class="button" href="/portal/invoices/new">${t('portal.nav.new_invoice')}</a></div></div>
<section class="card">
<form method="get" action="/portal/invoices" role="search" class="inline-fields" aria-label="${t('invoices.filter')}">
${selectField(
  { values: { status: list.filter.status }, errors: {} },
  {
    name: 'status',
    label: t('invoices.status'),
    choices: statusFilterKeys.map(([value, key]) => ({ value, label: t(key) })),
  },
)}
${field(
  { values: { q: list.filter.q }, errors: {} },
  {
    name: 'q',
    label: t('invoices.search'),
    type: 'search',
    placeholder: t('invoices.search_placeholder'),
    autocomplete: 'off',
  },
)}
<div class="field"><button type="submit" class="button button-quiet">${t('invoices.apply')}</button></div>
</form>
</section>
<section class="card">
${list.rows.length > 0 ? table : html`<p>${filtered ? t('invoices.none_match') : t('invoices.empty')}</p>`}
${
  list.olderQuery || list.paged
    ? html`<nav class="paging" aria-label="${t('paging.page')}">${
        list.paged ? html`<a href="/portal/invoices${firstPageQuery(list)}">${t('invoices.newest')}</a>` : ''
      }${list.olderQuery ? html`<a href="/portal/invoices?${list.olderQuery}" rel="next">${t('invoices.older')}</a>` : ''}</nav>`
    : ''
}
</section>`;
  return renderPortalPage(ctx, session, { title: t('invoices.title'), section: 'invoices', body });
}

function firstPageQuery(list: InvoiceListView): string {
  const params = new URLSearchParams();
  if (list.filter.status) params.set('status', list.filter.status);
  if (list.filter.q) params.set('q', list.filter.q);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function renderNewInvoicePage(
  ctx: PageContext,
  session: PortalSession,
  form: FormState,
  coinCode: string,
): string {
  const { t } = ctx;
  const body = html`<div class="narrow"><section class="card">
<h1>${t('new.title')}</h1>
${errorSummary(form, t('form.error_summary'))}
<form method="post" action="/portal/invoices" novalidate>
${csrfField(session.csrf)}
<div class="inline-fields">
${field(form, { name: 'amount', label: t('new.amount'), required: true, inputmode: 'decimal', autocomplete: 'off' })}
${selectField(form, {
  name: 'currency',
  label: t('new.currency'),
  choices: [
    { value: 'eur', label: 'EUR' },
    { value: 'coin', label: coinCode },
  ],
})}
</div>
${field(form, { name: 'expires_min', label: t('new.expiry'), type: 'number', hint: t('new.expiry_hint'), inputmode: 'numeric' })}
<div class="actions"><button type="submit" class="button">${t('new.submit')}</button></div>
</form>
</section></div>`;
  return renderPortalPage(ctx, session, { title: t('new.title'), section: 'new', body });
}

/** Where the rate came from, in the page's language: the fixed rate, or the ticker and its pair. */
function rateSourceText(ctx: PageContext, source: string): string {
  if (source === 'fixed') return ctx.t('invoice.rate_source_fixed');
  const ticker = /^ticker:(.+)$/.exec(source);
  return ticker ? ctx.t('invoice.rate_source_ticker', { pair: ticker[1] as string }) : source;
}

function timeline(ctx: PageContext, view: InvoiceDetailView): SafeHtml {
  const { t, locale } = ctx;
  return html`<ol class="timeline">${view.timeline.map(
    (entry) =>
      html`<li><strong>${t(`status.${entry.status}` as MessageKey)}</strong> · ${formatTime(new Date(entry.at), locale)}</li>`,
  )}</ol>`;
}

export function renderInvoicePage(
  ctx: PageContext,
  session: PortalSession,
  view: InvoiceDetailView,
  qr: SafeHtml,
  justCreated: boolean,
): string {
  const { t, locale } = ctx;
  const coin = view.coin.code;
  const flags = (['partial', 'overpaid', 'late'] as const).filter((f) => view.flags[f]);
  const body = html`<div class="page-head"><h1>${t('invoice.title', { ref: view.orderRef })}</h1>${statusBadge(ctx, shownStatus(view))}</div>
${justCreated ? html`<div class="notice notice-ok" role="status"><p>${t('new.created')}</p></div>` : ''}
<section class="card" aria-labelledby="link-heading">
<h2 id="link-heading">${t('invoice.share')}</h2>
<div class="pay-grid">
<div>
${copyField(ctx, 'checkout-link', t('invoice.checkout_link'), view.payUrl)}
<p><a class="button" href="${view.payUrl}" data-checkout-link>${t('invoice.open_checkout')}</a></p>
</div>
<figure class="qr">${qr}</figure>
</div>
</section>
<section class="card" aria-labelledby="details-heading">
<h2 id="details-heading">${t('invoice.details')}</h2>
<dl class="facts">
<dt>${t('invoice.amount_coin', { coin })}</dt><dd>${formatMinor(view.amountCoin, view.coin.decimals, locale)} ${coin}</dd>
<dt>${t('invoice.amount_eur')}</dt><dd>${formatMinor(view.amountEur, 2, locale, 2)} EUR</dd>
<dt>${t('invoice.rate', { coin })}</dt><dd>${localiseDecimal(view.rate, locale)}</dd>
<dt>${t('invoice.rate_source')}</dt><dd>${rateSourceText(ctx, view.rateSource)} · ${formatTime(new Date(view.rateAt), locale)}</dd>
<dt>${t('invoice.paid')}</dt><dd>${formatMinor(view.amountPaid, view.coin.decimals, locale)} ${coin}</dd>
<dt>${t('invoice.due')}</dt><dd>${formatMinor(view.amountDue, view.coin.decimals, locale)} ${coin}</dd>
${flags.length > 0 ? html`<dt>${t('invoice.flags')}</dt><dd>${flags.map((f) => t(`invoice.flag.${f}`)).join(', ')}</dd>` : ''}
<dt>${t('invoice.message')}</dt><dd><code>${view.message}</code></dd>
<dt>${t('invoice.recipient')}</dt><dd><code>${view.recipient}</code></dd>
<dt>${t('invoice.id')}</dt><dd><code>${view.id}</code></dd>
<dt>${t('invoice.created')}</dt><dd>${formatTime(new Date(view.createdAt), locale)}</dd>
<dt>${t('invoice.expires')}</dt><dd>${formatTime(new Date(view.expiresAt * 1000), locale)}</dd>
${view.paidAt !== null ? html`<dt>${t('invoice.paid_at')}</dt><dd>${formatTime(new Date(view.paidAt), locale)}</dd>` : ''}
</dl>
</section>
<section class="card" aria-labelledby="payments-heading">
<h2 id="payments-heading">${t('invoice.payments')}</h2>
${view.payments.length > 0 ? paymentsTable(ctx, view.coin, view.payments, view.matching === 'address' ? view.confirmationsRequired : null) : html`<p>${t('invoice.no_payments')}</p>`}
</section>
<section class="card" aria-labelledby="timeline-heading">
<h2 id="timeline-heading">${t('invoice.timeline')}</h2>
${timeline(ctx, view)}
</section>`;
  return renderPortalPage(ctx, session, {
    title: t('invoice.title', { ref: view.orderRef }),
    section: 'invoices',
    body,
    scripts: ['copy.js'],
  });
}

export function renderInvoiceNotFoundPage(ctx: PageContext, session: PortalSession): string {
  const { t } = ctx;
  return renderPortalPage(ctx, session, {
    title: t('notfound.title'),
    section: 'invoices',
    body: html`<section class="card"><h1>${t('notfound.title')}</h1><p>${t('invoice.not_found')}</p></section>`,
  });
}
