import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseLocale, isLocale } from '../../web/i18n/locale.js';
import { type PageContext, pageContext } from '../../web/layout.js';
import { parseCookies, serializeCookie } from './cookies.js';

const languageCookie = 'lang';

/**
 * The language and path of a page request. A `?lang=` choice is remembered in a cookie so the
 * next pages keep it (it holds nothing but the language code).
 */
export function pageContextFor(request: FastifyRequest, reply: FastifyReply): PageContext {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const cookies = parseCookies(request.headers.cookie);
  const locale = chooseLocale({
    query: query.lang,
    cookie: cookies.get(languageCookie),
    acceptLanguage: request.headers['accept-language'],
  });
  if (isLocale(query.lang) && cookies.get(languageCookie) !== query.lang) {
    reply.header(
      'set-cookie',
      serializeCookie(languageCookie, query.lang, {
        httpOnly: true,
        secure: false,
        sameSite: 'Lax',
        maxAgeSeconds: 365 * 24 * 3600,
      }),
    );
  }
  reply.header('vary', 'Accept-Language, Cookie');
  return pageContext(locale, request.url);
}

export function sendPage(reply: FastifyReply, status: number, page: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page);
}
