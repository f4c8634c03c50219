import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * CSRF tokens for the portal's forms. A token is an HMAC, under the server's secret, of a value
 * only the visitor's browser holds in an HttpOnly cookie: the session token when signed in, a
 * random pre-session value on the sign-in and sign-up forms. Another site can make the browser
 * send the cookie but can neither read it nor compute the token, so its forged post is refused.
 */
export function csrfToken(secret: Buffer, binding: string): string {
  return createHmac('sha256', secret).update('portal-csrf\u0000').update(binding).digest('base64url');
}

export function csrfTokenMatches(secret: Buffer, binding: string | undefined, token: unknown): boolean {
  if (!binding || typeof token !== 'string' || token.length === 0 || token.length > 100) return false;
  const expected = Buffer.from(csrfToken(secret, binding));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function newPreSessionValue(): string {
  return randomBytes(24).toString('base64url');
}
