/**
 * Tokens as MediaWiki shapes them: an HMAC over the time of issue and the token type, the time in
 * hex, and the suffix `+\` (which a proxy that mangles form data would break, so a mangled token is
 * told apart from a wrong one). The HMAC key belongs to the session, so a token is good for the
 * session it was issued in and for no other. A caller without an account gets the bare suffix as
 * its CSRF-style tokens, exactly as MediaWiki answers; only the `login` and `createaccount` tokens
 * of such a caller are bound to a session.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TOKEN_SUFFIX = '+\\';

/** Token types of `meta=tokens`, with the salt each is made with. */
export const TOKEN_TYPES = ['createaccount', 'csrf', 'login', 'patrol', 'rollback', 'userrights', 'watch'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

/** Types a caller without an account receives a session-bound token for. */
export const ANONYMOUS_SESSION_TOKENS: ReadonlySet<TokenType> = new Set(['login', 'createaccount']);

function mac(key: Buffer, type: string, timestamp: number): string {
  return createHmac('sha256', key).update(`${timestamp}:${type}`).digest('hex').slice(0, 32);
}

/** A token of `type` for the session whose token key is `key`, issued at `now`. */
export function makeToken(key: Buffer, type: TokenType, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `${mac(key, type, timestamp)}${timestamp.toString(16)}${TOKEN_SUFFIX}`;
}

/** Whether `token` was issued for this session and type. */
export function tokenMatches(key: Buffer, type: TokenType, token: string): boolean {
  if (!token.endsWith(TOKEN_SUFFIX)) return false;
  const body = token.slice(0, -TOKEN_SUFFIX.length);
  const match = /^([0-9a-f]{32})([0-9a-f]{1,12})$/.exec(body);
  if (!match) return false;
  const expected = mac(key, type, Number.parseInt(match[2], 16));
  return timingSafeEqual(Buffer.from(expected), Buffer.from(match[1]));
}
