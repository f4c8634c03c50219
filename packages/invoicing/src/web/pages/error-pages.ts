import { html } from '../html.js';
import type { MessageKey } from '../i18n/locale.js';
import { type PageContext, renderPage } from '../layout.js';

function messagePage(ctx: PageContext, titleKey: MessageKey, bodyKey: MessageKey, homeHref?: string): string {
  const { t } = ctx;
  return renderPage(ctx, {
    title: t(titleKey),
    homeHref,
    narrow: true,
    body: html`<div class="narrow"><section class="card"><h1>${t(titleKey)}</h1><p>${t(bodyKey)}</p></section></div>`,
  });
}

export function renderNotFoundPage(ctx: PageContext): string {
  return messagePage(ctx, 'notfound.title', 'notfound.body');
}

export function renderErrorPage(ctx: PageContext): string {
  return messagePage(ctx, 'error.title', 'error.body');
}

export function renderCsrfErrorPage(ctx: PageContext): string {
  return messagePage(ctx, 'error.title', 'error.csrf', '/portal');
}
