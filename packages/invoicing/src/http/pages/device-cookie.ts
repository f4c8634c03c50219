import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A browser that signed in to an account gets a device cookie: a random id and an HMAC, under
 * the server secret, binding it to that account's email. Shown again at a later sign-in to the
 * same account, it lets the sign-in limiter tell the merchant's own browser from a guesser's.
 * Nobody can make one for an account without signing in to it.
 */
function deviceMac(secret: Buffer, email: string, id: string): string {
  return createHmac('sha256', secret)
    .update('portal-device\u0000')
    .update(email)
    .update('\u0000')
    .update(id)
    .digest('base64url');
}

export function newDeviceCookieValue(secret: Buffer, email: string): string {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${deviceMac(secret, email, id)}`;
}

/** The device id when `value` is a device cookie made for `email`, else undefined. */
export function verifiedDevice(secret: Buffer, email: string, value: string | undefined): string | undefined {
  if (!value || value.length > 200) return undefined;
  const dot = value.indexOf('.');
  if (dot <= 0) return undefined;
  const id = value.slice(0, dot);
  const expected = Buffer.from(deviceMac(secret, email, id));
  const given = Buffer.from(value.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}
