import { WEBHOOK_EVENT_TYPES } from '../../domain/webhook-events.js';
import type { DeliveryView, EndpointView } from '../../service/webhook-service.js';
import { formatTime } from '../../web/format.js';
import { html, type SafeHtml } from '../../web/html.js';
import type { MessageKey } from '../../web/i18n/locale.js';
import type { PageContext } from '../../web/layout.js';
import { copyField } from '../../web/pages/checkout.js';
import { errorSummary, type FormState, field } from './form.js';
import { csrfField, type PortalSession, postButton, renderPortalPage } from './frame.js';

function stateBadge(ctx: PageContext, enabled: boolean): SafeHtml {
  return enabled
    ? html`<span class="badge badge-paid">${ctx.t('webhooks.enabled')}</span>`
    : html`<span class="badge badge-expired">${ctx.t('webhooks.disabled')}</span>`;
}

function eventsText(ctx: PageContext, events: string[]): string {
  return events.length === WEBHOOK_EVENT_TYPES.length ? ctx.t('webhooks.all_events') : events.join(', ');
}

function secretNotice(ctx: PageContext, secret: string | undefined): SafeHtml | string {
  if (!secret) return '';
  return html`<section class="notice notice-ok" data-new-secret><p>${ctx.t('webhooks.secret_shown')}</p>${copyField(ctx, 'new-secret', ctx.t('webhooks.secret_label'), secret)}</section>`;
}

function notice(text: string | undefined): SafeHtml | string {
  return text ? html`<div class="notice notice-info" role="status"><p>${text}</p></div>` : '';
}

export function renderWebhooksPage(
  ctx: PageContext,
  session: PortalSession,
  endpoints: EndpointView[],
  shown: { form: FormState; notice?: string },
): string {
  const { t } = ctx;
  const checked = new Set((shown.form.values.events ?? '').split(',').filter(Boolean));
  const table = html`<div class="table-wrap"><table class="data-table stack" data-endpoints>
<thead><tr><th scope="col">${t('webhooks.url')}</th><th scope="col">${t('webhooks.events')}</th><th scope="col">${t('webhooks.state')}</th><th scope="col"><span class="visually-hidden">${t('webhooks.details')}</span></th></tr></thead>
<tbody>${endpoints.map(
    (e) => html`<tr data-endpoint-row="${e.id}">
<td data-label="${t('webhooks.url')}"><code>${e.url}</code>${e.description ? html`<br><span class="hint">${e.description}</span>` : ''}</td>
<td data-label="${t('webhooks.events')}">${eventsText(ctx, e.events)}</td>
<td data-label="${t('webhooks.state')}">${stateBadge(ctx, e.enabled)}</td>
<td data-label=""><a href="/portal/webhooks/${e.id}">${t('webhooks.details')}</a></td>
</tr>`,
  )}</tbody></table></div>`;
  const body = html`<h1>${t('webhooks.title')}</h1>
${notice(shown.notice)}
<section class="card">
<p>${t('webhooks.intro')}</p>
${errorSummary(shown.form, t('form.error_summary'))}
<form method="post" action="/portal/webhooks" novalidate>
${csrfField(session.csrf)}
${field(shown.form, { name: 'url', label: t('webhooks.url'), required: true, hint: t('webhooks.url_hint'), autocomplete: 'off', placeholder: 'https://' })}
${field(shown.form, { name: 'description', label: t('webhooks.description'), autocomplete: 'off' })}
<fieldset class="field"><legend>${t('webhooks.events')}</legend>
<span class="hint">${t('webhooks.events_hint')}</span>
${WEBHOOK_EVENT_TYPES.map(
  (type) =>
    html`<label class="check"><input type="checkbox" name="event_${type}" value="1"${checked.has(type) ? html` checked` : ''}> <code>${type}</code></label>`,
)}
${shown.form.errors.events ? html`<span class="error-text">${shown.form.errors.events}</span>` : ''}
</fieldset>
<div class="actions"><button type="submit" class="button">${t('webhooks.add')}</button></div>
</form>
</section>
<section class="card">${endpoints.length > 0 ? table : html`<p>${t('webhooks.empty')}</p>`}</section>`;
  return renderPortalPage(ctx, session, {
    title: t('webhooks.title'),
    section: 'webhooks',
    body,
    scripts: ['copy.js'],
  });
}

const deliveryStates: Record<string, MessageKey> = {
  pending: 'webhooks.state_pending',
  delivered: 'webhooks.state_delivered',
  failed: 'webhooks.state_failed',
};

function deliveryRow(ctx: PageContext, session: PortalSession, endpointId: string, d: DeliveryView): SafeHtml {
  const { t, locale } = ctx;
  const attempts = d.attempts.map(
    (a) =>
      html`<li data-attempt="${a.attempt}">${formatTime(new Date(a.at), locale)}: <strong>${a.responseStatus === null ? t('webhooks.no_answer') : String(a.responseStatus)}</strong> (${String(a.durationMs)} ms)${a.error ? html` – ${a.error}` : ''}${a.responseBody ? html`<pre class="response">${a.responseBody}</pre>` : ''}</li>`,
  );
  const badge = d.state === 'delivered' ? 'badge-paid' : d.state === 'failed' ? 'badge-expired' : 'badge-open';
  return html`<tr data-delivery-row="${d.id}">
<td data-label="${t('webhooks.event')}"><code>${d.eventType}</code><br><span class="hint">${formatTime(new Date(d.createdAt), locale)}</span></td>
<td data-label="${t('webhooks.delivery_state')}"><span class="badge ${badge}">${t(deliveryStates[d.state] ?? 'webhooks.state_pending')}</span>${
    d.nextAttemptAt !== null && d.state === 'pending'
      ? html`<br><span class="hint">${t('webhooks.next_attempt')}: ${formatTime(new Date(d.nextAttemptAt), locale)}</span>`
      : ''
  }</td>
<td data-label="${t('webhooks.attempts')}">${d.attempts.length > 0 ? html`<details><summary>${String(d.attemptCount)}</summary><ol class="attempts">${attempts}</ol></details>` : '0'}</td>
<td data-label="">${d.state === 'pending' ? '' : postButton(`/portal/webhooks/${endpointId}/deliveries/${d.id}/redeliver`, session.csrf, t('webhooks.redeliver'))}</td>
</tr>`;
}

export function renderWebhookEndpointPage(
  ctx: PageContext,
  session: PortalSession,
  endpoint: EndpointView,
  deliveries: DeliveryView[],
  shown: { secret?: string; notice?: string },
): string {
  const { t } = ctx;
  const base = `/portal/webhooks/${endpoint.id}`;
  const table = html`<div class="table-wrap"><table class="data-table stack" data-deliveries>
<thead><tr><th scope="col">${t('webhooks.event')}</th><th scope="col">${t('webhooks.delivery_state')}</th><th scope="col">${t('webhooks.attempts')}</th><th scope="col"><span class="visually-hidden">${t('webhooks.redeliver')}</span></th></tr></thead>
<tbody>${deliveries.map((d) => deliveryRow(ctx, session, endpoint.id, d))}</tbody></table></div>`;
  const body = html`<div class="page-head"><h1>${t('webhooks.endpoint_title')}</h1>${stateBadge(ctx, endpoint.enabled)}</div>
${secretNotice(ctx, shown.secret)}
${notice(shown.notice)}
<section class="card" data-endpoint="${endpoint.id}">
<dl class="facts">
<dt>${t('webhooks.url')}</dt><dd><code>${endpoint.url}</code></dd>
${endpoint.description ? html`<dt>${t('webhooks.description')}</dt><dd>${endpoint.description}</dd>` : ''}
<dt>${t('webhooks.events')}</dt><dd>${eventsText(ctx, endpoint.events)}</dd>
${endpoint.disabled_reason ? html`<dt>${t('webhooks.state')}</dt><dd>${endpoint.disabled_reason}</dd>` : ''}
</dl>
<div class="actions">
${endpoint.enabled ? postButton(`${base}/test`, session.csrf, t('webhooks.send_test'), 'button') : ''}
${postButton(`${base}/rotate`, session.csrf, t('webhooks.rotate'))}
${endpoint.enabled ? postButton(`${base}/disable`, session.csrf, t('webhooks.disable')) : postButton(`${base}/enable`, session.csrf, t('webhooks.enable'))}
${postButton(`${base}/delete`, session.csrf, t('webhooks.delete'), 'button button-danger')}
</div>
<p class="hint">${t('webhooks.rotate_hint')}</p>
</section>
<section class="card"><h2>${t('webhooks.deliveries')}</h2>
${deliveries.length > 0 ? table : html`<p>${t('webhooks.no_deliveries')}</p>`}</section>`;
  return renderPortalPage(ctx, session, {
    title: t('webhooks.endpoint_title'),
    section: 'webhooks',
    body,
    scripts: ['copy.js'],
  });
}
