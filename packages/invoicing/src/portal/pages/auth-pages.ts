import { html } from '../../web/html.js';
import type { PageContext } from '../../web/layout.js';
import { errorSummary, type FormState, field } from './form.js';
import { csrfField, renderPublicPortalPage } from './frame.js';

export function renderSignInPage(ctx: PageContext, csrf: string, form: FormState, notice?: string): string {
  const { t } = ctx;
  const body = html`<div class="narrow"><section class="card">
<h1>${t('auth.sign_in')}</h1>
${notice ? html`<div class="notice notice-ok" role="status"><p>${notice}</p></div>` : ''}
${errorSummary(form, t('form.error_summary'))}
<form method="post" action="/portal/sign-in" novalidate>
${csrfField(csrf)}
${field(form, { name: 'email', label: t('auth.email'), type: 'email', required: true, autocomplete: 'username', inputmode: 'email' })}
${field(form, { name: 'password', label: t('auth.password'), type: 'password', required: true, autocomplete: 'current-password' })}
<div class="actions"><button type="submit" class="button">${t('auth.sign_in')}</button></div>
</form>
<p class="hint">${t('auth.no_account')} <a href="/portal/sign-up">${t('auth.sign_up')}</a></p>
</section></div>`;
  return renderPublicPortalPage(ctx, { title: t('auth.sign_in'), body });
}

export function renderSignUpPage(
  ctx: PageContext,
  csrf: string,
  form: FormState,
  options: { recipientOptional: boolean; passwordMin: number },
): string {
  const { t } = ctx;
  const body = html`<div class="narrow"><section class="card">
<h1>${t('auth.sign_up')}</h1>
${errorSummary(form, t('form.error_summary'))}
<form method="post" action="/portal/sign-up" novalidate>
${csrfField(csrf)}
${field(form, { name: 'name', label: t('auth.name'), required: true, autocomplete: 'organization' })}
${field(form, { name: 'email', label: t('auth.email'), type: 'email', required: true, autocomplete: 'username', inputmode: 'email' })}
${field(form, {
  name: 'password',
  label: t('auth.password'),
  type: 'password',
  required: true,
  autocomplete: 'new-password',
  hint: t('auth.password_hint', { min: options.passwordMin }),
})}
${field(form, {
  name: 'recipient',
  label: t('auth.recipient'),
  required: !options.recipientOptional,
  autocomplete: 'off',
  hint: options.recipientOptional ? t('auth.recipient_hint_optional') : t('auth.recipient_hint'),
})}
<div class="actions"><button type="submit" class="button">${t('auth.sign_up')}</button></div>
</form>
<p class="hint">${t('auth.have_account')} <a href="/portal/sign-in">${t('auth.sign_in')}</a></p>
</section></div>`;
  return renderPublicPortalPage(ctx, { title: t('auth.sign_up'), body });
}
