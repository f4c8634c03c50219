import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { cookieName, parseCookies, serializeCookie } from '../http/pages/cookies.js';
import { csrfToken, csrfTokenMatches, newPreSessionValue } from '../http/pages/csrf.js';
import { newDeviceCookieValue, verifiedDevice } from '../http/pages/device-cookie.js';
import type { PortalDatabase } from '../store/portal-schema.js';
import {
  createSession,
  defaultSessionPolicy,
  deleteExpiredSessions,
  deleteSession,
  resolveSession,
  type SessionPolicy,
} from './sessions.js';
import { type SignInAttempt, SignInLimiter, SlidingWindowCounter } from './sign-in-limiter.js';

export interface PortalAuthOptions {
  db: Kysely<PortalDatabase>;
  /** The server secret; CSRF tokens are keyed with a value derived from it. */
  secret: Buffer;
  /** Mark cookies Secure (and use the __Host- prefix): on whenever the service is reached over https. */
  secureCookies: boolean;
  now: () => number;
  sessionPolicy?: SessionPolicy;
  limiter?: SignInLimiter;
}

/**
 * Who is signed in to the portal, and the CSRF token that belongs to the request. The session
 * cookie is HttpOnly and SameSite=Lax (links into the portal keep the visitor signed in; posts are
 * guarded by the CSRF token); the pre-session cookie of the sign-in and sign-up forms is
 * SameSite=Strict.
 */
export class PortalAuth {
  readonly limiter: SignInLimiter;
  /** Sign-ups per client address in the last hour. */
  readonly signUps: SlidingWindowCounter;
  private readonly sessionCookie: string;
  private readonly preSessionCookie: string;
  private readonly deviceCookie: string;
  private readonly policy: SessionPolicy;

  constructor(private readonly options: PortalAuthOptions) {
    this.limiter = options.limiter ?? new SignInLimiter(undefined, options.now);
    this.signUps = new SlidingWindowCounter(3600 * 1000, options.now);
    this.policy = options.sessionPolicy ?? defaultSessionPolicy;
    this.sessionCookie = cookieName('inv_session', options.secureCookies);
    this.preSessionCookie = cookieName('inv_presession', options.secureCookies);
    this.deviceCookie = cookieName('inv_device', options.secureCookies);
  }

  private cookies(request: FastifyRequest) {
    return parseCookies(request.headers.cookie);
  }

  /** The signed-in merchant and session token, or undefined. */
  async session(request: FastifyRequest): Promise<{ merchantId: string; token: string } | undefined> {
    const token = this.cookies(request).get(this.sessionCookie);
    if (!token) return undefined;
    const found = await resolveSession(this.options.db, token, this.options.now(), this.policy);
    return found ? { merchantId: found.merchantId, token } : undefined;
  }

  csrfFor(binding: string): string {
    return csrfToken(this.options.secret, binding);
  }

  /** The CSRF token for a form shown before sign-in; sets the pre-session cookie when needed. */
  preSessionCsrf(request: FastifyRequest, reply: FastifyReply): string {
    let value = this.cookies(request).get(this.preSessionCookie);
    if (!value || !/^[\w-]{32}$/.test(value)) {
      value = newPreSessionValue();
      reply.header('set-cookie', this.cookie(this.preSessionCookie, value, 'Strict', 2 * 3600));
    }
    return this.csrfFor(value);
  }

  /** True when the posted token belongs to this browser's session or pre-session cookie. */
  csrfValid(request: FastifyRequest, token: unknown): boolean {
    const cookies = this.cookies(request);
    const { secret } = this.options;
    return (
      csrfTokenMatches(secret, cookies.get(this.sessionCookie), token) ||
      csrfTokenMatches(secret, cookies.get(this.preSessionCookie), token)
    );
  }

  /** The sign-in attempt of `email` from this request, with its device when the browser signed in to it before. */
  signInAttempt(request: FastifyRequest, email: string): SignInAttempt {
    const device = verifiedDevice(this.options.secret, email, this.cookies(request).get(this.deviceCookie));
    return device === undefined ? { email, client: request.ip } : { email, client: request.ip, device };
  }

  /** Remembers this browser as one that signed in to `email` (see `device-cookie.ts`). */
  rememberDevice(reply: FastifyReply, email: string) {
    const value = newDeviceCookieValue(this.options.secret, email);
    reply.header('set-cookie', this.cookie(this.deviceCookie, value, 'Strict', 365 * 24 * 3600));
  }

  /** Starts a new session (a fresh token, so a planted one is never promoted) and sets its cookie. */
  async signIn(reply: FastifyReply, merchantId: string): Promise<void> {
    // Sign-ins are rare enough to sweep ended sessions here, so the table never needs a job of its own.
    await deleteExpiredSessions(this.options.db, this.options.now(), this.policy);
    const token = await createSession(this.options.db, merchantId, this.options.now(), this.policy);
    reply.header(
      'set-cookie',
      this.cookie(this.sessionCookie, token, 'Lax', Math.floor(this.policy.absoluteMs / 1000)),
    );
    reply.header('set-cookie', this.cookie(this.preSessionCookie, '', 'Strict', 0));
  }

  async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = this.cookies(request).get(this.sessionCookie);
    if (token) await deleteSession(this.options.db, token);
    reply.header('set-cookie', this.cookie(this.sessionCookie, '', 'Lax', 0));
  }

  private cookie(name: string, value: string, sameSite: 'Lax' | 'Strict', maxAgeSeconds: number): string {
    return serializeCookie(name, value, {
      httpOnly: true,
      secure: this.options.secureCookies,
      sameSite,
      maxAgeSeconds,
    });
  }
}
