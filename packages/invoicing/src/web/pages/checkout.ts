import { formatMinor, formatRemaining, formatTime, localiseDecimal, plainDecimal } from '../format.js';
import { fillHtml, html, type SafeHtml } from '../html.js';
import type { MessageKey } from '../i18n/locale.js';
import { type PageContext, renderPage } from '../layout.js';
import { type CheckoutView, type PaymentView, type ShownStatus, shownStatus, viewVersion } from './checkout-view.js';

const statusKeys: Record<ShownStatus, MessageKey> = {
  open: 'status.open',
  partial: 'status.partial',
  processing: 'status.processing',
  paid: 'status.paid',
  expired: 'status.expired',
  late: 'status.late',
};

export function statusBadge(ctx: PageContext, status: ShownStatus): SafeHtml {
  return html`<span class="badge badge-${status}" data-status-badge>${ctx.t(statusKeys[status])}</span>`;
}

function coinAmount(ctx: PageContext, view: CheckoutView, minor: bigint): string {
  return `${formatMinor(minor, view.coin.decimals, ctx.locale)} ${view.coin.code}`;
}

/** A value with a copy button; the button is revealed by the copy script. */
export function copyField(ctx: PageContext, id: string, label: string, value: string, note?: SafeHtml): SafeHtml {
  const { t } = ctx;
  return html`<div class="copy-field">
<span class="label" id="${id}-label">${label}</span>
<div class="copy-row">
<code class="copy-value" id="${id}" aria-labelledby="${id}-label">${value}</code>
<button type="button" class="button button-quiet copy-button" data-copy="${id}" data-label="${t('checkout.copy')}" data-copied="${t('checkout.copied')}" data-failed="${t('checkout.copy_failed')}" aria-label="${t('checkout.copy_label', { what: label })}"><span data-copy-label>${t('checkout.copy')}</span></button>
</div>
${note ?? ''}
</div>`;
}

/** `1 of 2 confirmations`, or that the payment is not in a block yet. */
function confirmationText(ctx: PageContext, payment: PaymentView, required: number): string {
  if (payment.confirmations === 0) return ctx.t('checkout.unconfirmed');
  const shown = Math.max(required, 1);
  return ctx.t('checkout.confirmations', {
    count: String(Math.min(payment.confirmations, shown)),
    required: String(shown),
  });
}

export function paymentsTable(
  ctx: PageContext,
  coin: CheckoutView['coin'],
  payments: PaymentView[],
  confirmationsRequired: number | null = null,
): SafeHtml {
  const { t, locale } = ctx;
  const confirming = confirmationsRequired !== null;
  return html`<div class="table-wrap"><table class="receipt-table stack">
<thead><tr><th scope="col">${t('checkout.tx')}</th><th scope="col" class="num">${t('checkout.tx_amount')}</th><th scope="col">${t('checkout.tx_time')}</th>${confirming ? html`<th scope="col">${t('checkout.tx_confirmations')}</th>` : ''}</tr></thead>
<tbody>${payments.map(
    (p) => html`<tr>
<td data-label="${t('checkout.tx')}"><code>${p.txId}</code></td>
<td data-label="${t('checkout.tx_amount')}" class="num">${formatMinor(p.amount, coin.decimals, locale)} ${coin.code}</td>
<td data-label="${t('checkout.tx_time')}"><span>${formatTime(new Date(p.at), locale)}${p.late ? html` <span class="badge badge-late">${t('checkout.tx_late')}</span>` : ''}</span></td>
${confirming ? html`<td data-label="${t('checkout.tx_confirmations')}" data-confirmations="${p.confirmations}">${confirmationText(ctx, p, confirmationsRequired)}</td>` : ''}
</tr>`,
  )}</tbody>
</table></div>`;
}

/** On a chain ledger the payments table shows their confirmations. */
function confirmationsOf(view: CheckoutView): number | null {
  return view.matching === 'address' ? view.confirmationsRequired : null;
}

function countdown(ctx: PageContext, view: CheckoutView, now: number): SafeHtml {
  const { t, locale } = ctx;
  return html`<div class="countdown-box">
<span>${t('checkout.expires_in')}:</span>
<span class="countdown" data-countdown data-expires-at="${view.expiresAt}" role="timer" aria-live="off">${formatRemaining(view.expiresAt * 1000 - now)}</span>
<span class="hint">${t('checkout.expires_at', { time: formatTime(new Date(view.expiresAt * 1000), locale) })}</span>
</div>`;
}

function amountCard(ctx: PageContext, view: CheckoutView, status: ShownStatus, now: number): SafeHtml {
  const { t, locale } = ctx;
  return html`<section class="card" aria-labelledby="amount-heading">
<div class="checkout-head">
<h2 id="amount-heading">${t('checkout.amount')}</h2>
${statusBadge(ctx, status)}
</div>
<p class="amount" data-amount>${formatMinor(view.amountCoin, view.coin.decimals, locale)} <span class="amount-unit">${view.coin.code}</span></p>
<dl class="facts">
<dt>${t('checkout.amount_eur')}</dt><dd data-amount-eur>${formatMinor(view.amountEur, 2, locale, 2)} EUR</dd>
<dt>${t('checkout.rate')}</dt><dd>${t('checkout.rate_value', { coin: view.coin.code, rate: localiseDecimal(view.rate, locale) })}</dd>
${
  view.amountPaid > 0n
    ? html`<dt>${t('checkout.paid_so_far')}</dt><dd data-amount-paid>${coinAmount(ctx, view, view.amountPaid)}</dd>`
    : ''
}
${
  view.amountPending > 0n
    ? html`<dt>${t('checkout.pending')}</dt><dd data-amount-pending>${coinAmount(ctx, view, view.amountPending)}</dd>`
    : ''
}
${
  view.status === 'open' && view.amountPaid + view.amountPending > 0n
    ? html`<dt>${t('checkout.amount_due')}</dt><dd data-amount-due><strong>${coinAmount(ctx, view, view.amountDue)}</strong></dd>`
    : ''
}
<dt>${t('checkout.invoice_ref')}</dt><dd><code>${view.orderRef}</code></dd>
</dl>
${view.status === 'open' ? countdown(ctx, view, now) : ''}
</section>`;
}

function paymentDetails(ctx: PageContext, view: CheckoutView, qr: SafeHtml): SafeHtml {
  const { t, locale } = ctx;
  const due = view.amountPaid + view.amountPending > 0n ? view.amountDue : view.amountCoin;
  // On a chain ledger the invoice's own address identifies the payment: no memo to attach.
  const message =
    view.matching === 'memo'
      ? copyField(
          ctx,
          'pay-message',
          t('checkout.message'),
          view.message,
          html`<div class="notice notice-warn" id="message-warning" role="note"><p>${t('checkout.message_warning')}</p></div>`,
        )
      : '';
  return html`${
    view.flags.partial
      ? html`<div class="notice notice-info" data-partial-notice><p>${t('checkout.partial_notice', {
          due: formatMinor(view.amountDue, view.coin.decimals, locale),
          coin: view.coin.code,
        })}</p></div>`
      : ''
  }
<section class="card" aria-labelledby="pay-heading" data-payment-details>
<h2 id="pay-heading">${t('checkout.send_to')}</h2>
<div class="pay-grid">
<div>
${copyField(ctx, 'pay-amount', `${t('checkout.amount')} (${view.coin.code})`, plainDecimal(due, view.coin.decimals))}
${copyField(ctx, 'pay-recipient', t('checkout.recipient'), view.recipient)}
${message}
</div>
<figure class="qr" data-qr>
${qr}
<figcaption>${t('checkout.qr_caption')}</figcaption>
<p><a class="button button-quiet" href="${view.paymentUri}">${t('checkout.open_wallet')}</a></p>
</figure>
</div>
</section>`;
}

function receipt(ctx: PageContext, view: CheckoutView): SafeHtml {
  const { t, locale } = ctx;
  return html`<section class="notice notice-ok" aria-labelledby="paid-heading" data-receipt>
<h2 id="paid-heading">${t('checkout.paid_title')}</h2>
<p>${t('checkout.paid_body')}</p>
${
  view.flags.overpaid
    ? html`<p>${t('checkout.overpaid', {
        extra: formatMinor(view.amountPaid - view.amountCoin, view.coin.decimals, locale),
        coin: view.coin.code,
      })}</p>`
    : ''
}
</section>
<section class="card" aria-labelledby="receipt-heading">
<h2 id="receipt-heading">${t('checkout.receipt')}</h2>
<div class="checkout-head"><p class="amount" data-amount>${formatMinor(view.amountCoin, view.coin.decimals, locale)} <span class="amount-unit">${view.coin.code}</span></p>${statusBadge(ctx, 'paid')}</div>
<dl class="facts">
<dt>${t('checkout.amount_eur')}</dt><dd data-amount-eur>${formatMinor(view.amountEur, 2, locale, 2)} EUR</dd>
<dt>${t('checkout.rate')}</dt><dd>${t('checkout.rate_value', { coin: view.coin.code, rate: localiseDecimal(view.rate, locale) })}</dd>
<dt>${t('invoice.paid')}</dt><dd data-amount-paid>${coinAmount(ctx, view, view.amountPaid)}</dd>
${view.paidAt !== null ? html`<dt>${t('checkout.paid_at')}</dt><dd data-paid-at>${formatTime(new Date(view.paidAt), locale)}</dd>` : ''}
<dt>${t('checkout.invoice_ref')}</dt><dd><code>${view.orderRef}</code></dd>
<dt>${t('checkout.recipient')}</dt><dd><code>${view.recipient}</code></dd>
<dt>${t('checkout.message')}</dt><dd><code>${view.message}</code></dd>
</dl>
<h3>${t('checkout.payments')}</h3>
${paymentsTable(ctx, view.coin, view.payments, confirmationsOf(view))}
</section>`;
}

function expired(ctx: PageContext, view: CheckoutView, now: number): SafeHtml {
  const { t, locale } = ctx;
  const lateAmount = view.payments.filter((p) => p.late).reduce((sum, p) => sum + p.amount, 0n);
  return html`<section class="notice notice-off" aria-labelledby="expired-heading" data-expired>
<h2 id="expired-heading">${t('checkout.expired_title')}</h2>
<p>${t('checkout.expired_body')}</p>
</section>
${
  view.flags.late
    ? html`<section class="notice notice-info" aria-labelledby="late-heading" data-late>
<h2 id="late-heading">${t('checkout.late_title')}</h2>
<p>${t('checkout.late_body', { amount: formatMinor(lateAmount, view.coin.decimals, locale), coin: view.coin.code })}</p>
</section>`
    : ''
}
${amountCard(ctx, view, shownStatus(view), now)}
${
  view.payments.length > 0
    ? html`<section class="card" aria-labelledby="payments-heading"><h2 id="payments-heading">${t('checkout.payments')}</h2>${paymentsTable(ctx, view.coin, view.payments, confirmationsOf(view))}</section>`
    : ''
}`;
}

/** Paid in full but not yet confirmed: what arrived and how far its confirmations are. */
function processing(ctx: PageContext, view: CheckoutView, now: number): SafeHtml {
  const { t } = ctx;
  return html`<section class="notice notice-info" aria-labelledby="processing-heading" data-processing>
<h2 id="processing-heading">${t('checkout.processing_title')}</h2>
<p>${t('checkout.processing_body')}</p>
</section>
${amountCard(ctx, view, 'processing', now)}
<section class="card" aria-labelledby="payments-heading"><h2 id="payments-heading">${t('checkout.payments')}</h2>${paymentsTable(ctx, view.coin, view.payments, confirmationsOf(view))}</section>`;
}

/** The part of the checkout page that live updates replace. */
export function renderCheckoutLive(ctx: PageContext, view: CheckoutView, qr: SafeHtml, now: number): SafeHtml {
  if (view.status === 'paid') return receipt(ctx, view);
  if (view.status === 'expired') return expired(ctx, view, now);
  if (view.status === 'processing') return processing(ctx, view, now);
  const received =
    view.payments.length > 0 && view.matching === 'address'
      ? html`<section class="card" aria-labelledby="payments-heading"><h2 id="payments-heading">${ctx.t('checkout.payments')}</h2>${paymentsTable(ctx, view.coin, view.payments, confirmationsOf(view))}</section>`
      : '';
  return html`${amountCard(ctx, view, shownStatus(view), now)}${paymentDetails(ctx, view, qr)}${received}`;
}

/** The page's heading: "pay invoice …" while it can be paid, "invoice …" once it is paid or expired. */
function headingKey(view: CheckoutView): 'checkout.title' | 'checkout.title_closed' {
  return view.status === 'open' || view.status === 'processing' ? 'checkout.title' : 'checkout.title_closed';
}

/** The live state as the page's script receives it (SSE event or poll answer). */
export function checkoutLiveState(ctx: PageContext, view: CheckoutView, qr: SafeHtml, now: number) {
  const status = shownStatus(view);
  return {
    version: viewVersion(view),
    status,
    heading: ctx.t(headingKey(view), { ref: view.orderRef }),
    announcement: ctx.t(statusKeys[status]),
    html: renderCheckoutLive(ctx, view, qr, now).value,
  };
}

export interface CheckoutUrls {
  live: string;
  events: string;
}

export function renderCheckoutPage(
  ctx: PageContext,
  view: CheckoutView,
  qr: SafeHtml,
  urls: CheckoutUrls,
  now: number,
): string {
  const { t } = ctx;
  const status = shownStatus(view);
  const body = html`<div class="narrow" data-checkout data-status="${status}" data-version="${viewVersion(view)}" data-now="${Math.floor(now / 1000)}" data-live-url="${urls.live}" data-events-url="${urls.events}">
<h1 id="checkout-heading">${fillHtml(t(headingKey(view)), { ref: html`<span class="nowrap">${view.orderRef}</span>` })}</h1>
<div id="live">
${renderCheckoutLive(ctx, view, qr, now)}
</div>
<noscript><p><a href="${ctx.path}">${t('checkout.refresh')}</a></p></noscript>
</div>`;
  return renderPage(ctx, {
    title: t(headingKey(view), { ref: view.orderRef }),
    body,
    scripts: ['copy.js', 'checkout.js'],
    narrow: true,
    noscriptRefreshSeconds: view.status === 'open' || view.status === 'processing' ? 15 : undefined,
  });
}
