import { formatMinor, formatTime } from '../../web/format.js';
import { html } from '../../web/html.js';
import type { PageContext } from '../../web/layout.js';
import { copyField } from '../../web/pages/checkout.js';
import { errorSummary, type FormState, field } from './form.js';
import { csrfField, type PortalSession, postButton, renderPortalPage } from './frame.js';
import type { ApiKeyView, UnmatchedPaymentView } from './views.js';

export function renderUnmatchedPage(
  ctx: PageContext,
  session: PortalSession,
  payments: UnmatchedPaymentView[],
  coin: { code: string; decimals: number },
): string {
  const { t, locale } = ctx;
  const table = html`<div class="table-wrap"><table class="data-table stack" data-unmatched>
<thead><tr><th scope="col">${t('checkout.tx_time')}</th><th scope="col">${t('checkout.tx')}</th><th scope="col" class="num">${t('checkout.tx_amount')}</th><th scope="col">${t('unmatched.memo')}</th></tr></thead>
<tbody>${payments.map(
    (p) => html`<tr>
<td data-label="${t('checkout.tx_time')}">${formatTime(new Date(p.at), locale)}</td>
<td data-label="${t('checkout.tx')}"><code>${p.txId}</code></td>
<td data-label="${t('checkout.tx_amount')}" class="num">${formatMinor(p.amount, coin.decimals, locale)} ${coin.code}</td>
<td data-label="${t('unmatched.memo')}">${p.memo === null ? '–' : html`<code>${p.memo}</code>`}</td>
</tr>`,
  )}</tbody></table></div>`;
  const body = html`<h1>${t('unmatched.title')}</h1>
<section class="card"><p>${t('unmatched.intro')}</p>
${payments.length > 0 ? table : html`<p>${t('unmatched.empty')}</p>`}
</section>`;
  return renderPortalPage(ctx, session, { title: t('unmatched.title'), section: 'unmatched', body });
}

export function renderKeysPage(
  ctx: PageContext,
  session: PortalSession,
  keys: ApiKeyView[],
  shown: { newKey?: string; revoked?: boolean },
): string {
  const { t, locale } = ctx;
  const table = html`<div class="table-wrap"><table class="data-table stack" data-keys>
<thead><tr><th scope="col">${t('keys.prefix')}</th><th scope="col">${t('keys.created_at')}</th><th scope="col">${t('keys.last_used')}</th><th scope="col">${t('keys.state')}</th><th scope="col"><span class="visually-hidden">${t('keys.revoke')}</span></th></tr></thead>
<tbody>${keys.map(
    (key) => html`<tr data-key-row="${key.id}">
<td data-label="${t('keys.prefix')}"><code>${key.prefix}…</code></td>
<td data-label="${t('keys.created_at')}">${formatTime(new Date(key.createdAt), locale)}</td>
<td data-label="${t('keys.last_used')}">${key.lastUsedAt === null ? t('keys.never') : formatTime(new Date(key.lastUsedAt), locale)}</td>
<td data-label="${t('keys.state')}">${key.revokedAt === null ? html`<span class="badge badge-paid">${t('keys.active')}</span>` : html`<span class="badge badge-expired">${t('keys.revoked')}</span>`}</td>
<td data-label="">${key.revokedAt === null ? postButton(`/portal/keys/${key.id}/revoke`, session.csrf, t('keys.revoke'), 'button button-danger') : ''}</td>
</tr>`,
  )}</tbody></table></div>`;
  const body = html`<h1>${t('keys.title')}</h1>
${
  shown.newKey
    ? html`<section class="notice notice-ok" data-new-key><p>${t('keys.created')}</p>${copyField(ctx, 'new-key', t('keys.title'), shown.newKey)}</section>`
    : ''
}
${shown.revoked ? html`<div class="notice notice-info" role="status"><p>${t('keys.revoke_done')}</p></div>` : ''}
<section class="card">
<p>${t('keys.intro')}</p>
<form method="post" action="/portal/keys">${csrfField(session.csrf)}<button type="submit" class="button">${t('keys.create')}</button></form>
</section>
<section class="card">${keys.length > 0 ? table : html`<p>${t('keys.empty')}</p>`}</section>`;
  return renderPortalPage(ctx, session, { title: t('keys.title'), section: 'keys', body, scripts: ['copy.js'] });
}

/**
 * The merchant's settings. On a chain ledger every invoice gets an address of its own, so the
 * merchant gives an account key (xpub or descriptor) and the confirmations to wait for instead of
 * one recipient address.
 */
export function renderSettingsPage(
  ctx: PageContext,
  session: PortalSession,
  form: FormState,
  saved: boolean,
  chain = false,
): string {
  const { t } = ctx;
  const destination = chain
    ? html`${field(form, { name: 'account_key', label: t('settings.account_key'), required: true, hint: t('settings.account_key_hint'), autocomplete: 'off' })}
${field(form, { name: 'confirmations', label: t('settings.confirmations'), type: 'number', required: true, hint: t('settings.confirmations_hint'), inputmode: 'numeric' })}`
    : field(form, {
        name: 'recipient',
        label: t('settings.recipient'),
        required: true,
        hint: t('settings.recipient_hint'),
        autocomplete: 'off',
      });
  const body = html`<div class="narrow"><section class="card">
<h1>${t('settings.title')}</h1>
${saved ? html`<div class="notice notice-ok" role="status"><p>${t('settings.saved')}</p></div>` : ''}
${errorSummary(form, t('form.error_summary'))}
<form method="post" action="/portal/settings" novalidate>
${csrfField(session.csrf)}
${field(form, { name: 'name', label: t('settings.name'), required: true, autocomplete: 'organization' })}
${destination}
${field(form, { name: 'default_expiry_min', label: t('settings.default_expiry'), type: 'number', required: true, hint: t('new.expiry_hint'), inputmode: 'numeric' })}
${field(form, { name: 'tolerance_percent', label: t('settings.tolerance'), required: true, hint: t('settings.tolerance_hint'), inputmode: 'decimal' })}
<div class="actions"><button type="submit" class="button">${t('settings.save')}</button></div>
</form>
</section></div>`;
  return renderPortalPage(ctx, session, { title: t('settings.title'), section: 'settings', body });
}
