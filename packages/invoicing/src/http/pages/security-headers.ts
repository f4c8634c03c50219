import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /**
   * Origins allowed to show our pages in a frame (e.g. a shop embedding the checkout). Empty: no
   * one may frame them.
   */
  frameAncestors: readonly string[];
  /** Send Strict-Transport-Security (only when the service is reached over https). */
  hsts: boolean;
}

/**
 * The Content-Security-Policy of every response. Scripts and styles come only from our own
 * files (no inline code, no inline handlers, no `style` attributes); nothing is loaded from or
 * sent to another site; forms post only to us.
 */
export function contentSecurityPolicy(frameAncestors: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

/** The security headers of every response, as one set of names and values. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(options.frameAncestors),
    'x-content-type-options': 'nosniff',
    // Checkout addresses are capabilities (whoever has the link sees the invoice): never pass them on.
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
  if (options.frameAncestors.length === 0) headers['x-frame-options'] = 'DENY';
  if (options.hsts) headers['strict-transport-security'] = 'max-age=31536000';
  return headers;
}

/** Adds the security headers to every response of the app (pages, assets, API and errors alike). */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const headers = securityHeaders(options);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(headers);
    return payload;
  });
}

/** Validates configured frame ancestors: origins like https://shop.example, nothing else. */
export function parseFrameAncestors(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((origin) => {
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        throw new Error(`"${origin}" is not an origin such as https://shop.example`);
      }
      if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.hash) {
        throw new Error(`"${origin}" is not an origin such as https://shop.example`);
      }
      return url.origin;
    });
}
