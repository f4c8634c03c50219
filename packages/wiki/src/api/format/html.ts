import { STATUS_CODES } from 'node:http';
import { escapeHtml } from '../../text/escape.js';

/**
 * The HTML page of the `…fm` formats: the printed result in a `<pre>`, for reading in a browser.
 * No scripts; the page is served with a strict Content-Security-Policy.
 */
export function renderHtmlPage(
  kind: string,
  text: string,
  siteName: string,
  language: string,
  httpStatus?: number,
): string {
  const german = language === 'de' || language.startsWith('de-');
  const title = german ? `MediaWiki-API-Ergebnis – ${siteName}` : `MediaWiki API result – ${siteName}`;
  const note = german
    ? `Dies ist die HTML-Darstellung des ${kind}-Formats. HTML ist zum Lesen gedacht; Programme sollten das Format ohne „fm“ verwenden (zum Beispiel <code>format=json</code>).`
    : `This is the HTML representation of the ${kind} format. HTML is good for reading; programs should use the format without “fm” (for example <code>format=json</code>).`;
  const statusText = httpStatus === undefined ? '' : `${httpStatus} ${STATUS_CODES[httpStatus] ?? ''}`.trim();
  const status =
    httpStatus === undefined
      ? ''
      : `<p>${german ? `Diese Antwort wird mit dem HTTP-Status ${statusText} zurückgegeben.` : `This answer comes with HTTP status ${statusText}.`}</p>\n`;
  return `<!DOCTYPE html>
<html lang="${escapeHtml(language)}" dir="ltr">
<head>
<meta charset="UTF-8"/>
<meta name="robots" content="noindex,nofollow"/>
<title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;margin:1em 2em}pre{white-space:pre-wrap;word-break:break-all;background:#f8f9fa;border:1px solid #c8ccd1;padding:1em}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${note}</p>
${status}<pre>${escapeHtml(text)}</pre>
</body>
</html>
`;
}

/** The Content-Security-Policy of every HTML page the API serves. */
export const HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
