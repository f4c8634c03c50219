import { type AssetName, assetUrl } from './assets.js';
import { html, type SafeHtml } from './html.js';
import { type Locale, locales, type Translate, translator } from './i18n/locale.js';

/** What every page knows about the request it answers. */
export interface PageContext {
  locale: Locale;
  t: Translate;
  /** The path and query of this page, for the language switch. */
  path: string;
}

export function pageContext(locale: Locale, path: string): PageContext {
  return { locale, t: translator(locale), path };
}

export interface PageOptions {
  title: string;
  body: SafeHtml;
  /** Markup between the top bar and the main content (the portal's navigation). */
  nav?: SafeHtml;
  /** Extra markup on the top bar's right (the portal's account box). */
  account?: SafeHtml;
  scripts?: AssetName[];
  /** Without scripts, reload the page after this many seconds (the checkout's status). */
  noscriptRefreshSeconds?: number;
  homeHref?: string;
  /** A single-column page (checkout, sign-in): the top bar lines up with the narrow content. */
  narrow?: boolean;
}

/** The same address in another language: `lang` replaced, every other parameter kept. */
export function withLanguage(path: string, locale: Locale): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set('lang', locale);
  return url.pathname + url.search;
}

export function renderPage(ctx: PageContext, options: PageOptions): string {
  const { t } = ctx;
  const switcher = html`<nav class="lang-switch" aria-label="${t('lang.switch')}">${locales.map((locale) =>
    locale === ctx.locale
      ? html`<span aria-current="true" lang="${locale}">${translator(locale)('lang.name')}</span>`
      : html`<a href="${withLanguage(ctx.path, locale)}" lang="${locale}" hreflang="${locale}">${translator(locale)('lang.name')}</a>`,
  )}</nav>`;
  const page = html`<!doctype html>
<html lang="${ctx.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${options.title} · ${t('site.name')}</title>
<link rel="stylesheet" href="${assetUrl('style.css')}">
<link rel="icon" href="${assetUrl('icon.svg')}" type="image/svg+xml">
${options.noscriptRefreshSeconds ? html`<noscript><meta http-equiv="refresh" content="${options.noscriptRefreshSeconds}"></noscript>` : ''}
${(options.scripts ?? []).map((name) => html`<script src="${assetUrl(name)}" defer></script>`)}
</head>
<body${options.narrow ? html` class="narrow-page"` : ''}>
<a class="skip-link" href="#content">${t('site.skip')}</a>
<header class="topbar"><div class="topbar-inner">
<a class="brand" href="${options.homeHref ?? '#content'}">${t('site.name')}</a>
${options.account ?? ''}
${switcher}
</div></header>
${options.nav ?? ''}
<main id="content" tabindex="-1">
${options.body}
</main>
<p id="announcer" class="visually-hidden" role="status" aria-live="polite"></p>
</body>
</html>
`;
  return page.value;
}
