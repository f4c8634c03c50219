import { html, type SafeHtml } from '../../web/html.js';
import type { MessageKey } from '../../web/i18n/locale.js';
import { type PageContext, renderPage } from '../../web/layout.js';

export type PortalSection = 'invoices' | 'new' | 'unmatched' | 'keys' | 'webhooks' | 'settings';

/** What every signed-in portal page knows: who is signed in and the form token of the session. */
export interface PortalSession {
  merchantName: string;
  csrf: string;
}

const sections: { id: PortalSection; href: string; label: MessageKey }[] = [
  { id: 'invoices', href: '/portal/invoices', label: 'portal.nav.invoices' },
  { id: 'new', href: '/portal/invoices/new', label: 'portal.nav.new_invoice' },
  { id: 'unmatched', href: '/portal/unmatched', label: 'portal.nav.unmatched' },
  { id: 'keys', href: '/portal/keys', label: 'portal.nav.keys' },
  { id: 'webhooks', href: '/portal/webhooks', label: 'portal.nav.webhooks' },
  { id: 'settings', href: '/portal/settings', label: 'portal.nav.settings' },
];

export function csrfField(csrf: string): SafeHtml {
  return html`<input type="hidden" name="csrf" value="${csrf}">`;
}

/** A signed-in portal page: navigation, the account box with sign-out, and the body. */
export function renderPortalPage(
  ctx: PageContext,
  session: PortalSession,
  options: { title: string; section?: PortalSection; body: SafeHtml; scripts?: 'copy.js'[] },
): string {
  const { t } = ctx;
  const nav = html`<nav class="portal-nav" aria-label="${t('portal.title')}"><ul>${sections.map(
    (s) =>
      html`<li><a href="${s.href}"${s.id === options.section ? html` aria-current="page"` : ''}>${t(s.label)}</a></li>`,
  )}</ul></nav>`;
  const account = html`<div class="account"><span>${t('portal.signed_in_as', { name: session.merchantName })}</span>
<form method="post" action="/portal/sign-out">${csrfField(session.csrf)}<button type="submit" class="link-button">${t('portal.sign_out')}</button></form></div>`;
  return renderPage(ctx, {
    title: options.title,
    body: options.body,
    nav,
    account,
    homeHref: '/portal/invoices',
    scripts: options.scripts,
  });
}

/** A portal page for visitors who are not signed in (sign-in, sign-up). */
export function renderPublicPortalPage(ctx: PageContext, options: { title: string; body: SafeHtml }): string {
  return renderPage(ctx, { title: options.title, body: options.body, homeHref: '/portal', narrow: true });
}

/** A form that is only a button bound to the session (revoking a key). */
export function postButton(action: string, csrf: string, label: string, className = 'button button-quiet'): SafeHtml {
  return html`<form method="post" action="${action}">${csrfField(csrf)}<button type="submit" class="${className}">${label}</button></form>`;
}
