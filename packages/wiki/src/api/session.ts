/**
 * The session of one request, kept by cookie as MediaWiki keeps it: `<prefix>_session` holds the
 * session id, and a logged-in session also sets `<prefix>UserID` and `<prefix>UserName` (the
 * prefix is the wiki id), which is what mwn, mwclient and pywikibot expect to see after a login.
 * A session is created only when something must be remembered: a login token, or a login.
 */

import { type AccountForRequest, loadAccount } from '../accounts/account.js';
import { parseGrants } from '../accounts/authenticate.js';
import { SessionStore, type StoredSession, tokenKey, USER_SESSION_SECONDS } from '../accounts/sessions.js';
import { ANONYMOUS_SESSION_TOKENS, makeToken, TOKEN_SUFFIX, type TokenType, tokenMatches } from '../accounts/tokens.js';
import type { SiteConfig } from '../site/site.js';
import { primaryOf, type WikiStore } from '../store/database.js';
import type { RequestUser } from './module.js';
import { accountUser, anonymousUser, applyBlockToRights } from './user.js';

/** Parses a `Cookie` header; the first of repeated names wins, as browsers send the most specific first. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      continue;
    }
    if (!cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

/** MediaWiki's `$wgCookiePrefix`: the wiki id, with characters a cookie name cannot hold replaced. */
export function cookiePrefix(site: SiteConfig): string {
  const configured = site.settings.CookiePrefix;
  const prefix = typeof configured === 'string' && configured !== '' ? configured : site.wikiId;
  return prefix.replace(/[=,; +."'\\[]/g, '_');
}

export interface SessionRequest {
  cookieHeader?: string;
  ip: string;
  /** Whether the request came over HTTPS (cookies are then marked Secure). */
  secure: boolean;
}

export class RequestSession {
  private stored: StoredSession | undefined;
  private readonly setCookies: string[] = [];
  private readonly sessions: SessionStore;

  private constructor(
    private readonly store: WikiStore,
    private readonly site: SiteConfig,
    private readonly request: SessionRequest,
    private readonly now: Date,
    stored: StoredSession | undefined,
    /** The caller: anonymous, or the session's account. */
    public user: RequestUser,
  ) {
    this.sessions = new SessionStore(store);
    this.stored = stored;
    this.existedAtStart = stored !== undefined;
  }

  /** Whether the request came with a live session. */
  readonly existedAtStart: boolean;

  /**
   * The request lacks the same-origin policy's protection (JSONP, `origin=*`, `Treat-as-Untrusted`):
   * its cookies were ignored, and nothing that acts for a session (tokens) is given out.
   */
  credentialsStripped = false;

  /**
   * The request's session from its cookie. With `useCookies` false (JSONP, `origin=*`,
   * `Treat-as-Untrusted`) the request is anonymous whatever it sends, as MediaWiki makes it.
   */
  static async open(
    store: WikiStore,
    site: SiteConfig,
    request: SessionRequest,
    now: Date,
    useCookies: boolean,
  ): Promise<RequestSession> {
    const anonymous = () => anonymousUser(site, request.ip, store, now);
    if (!useCookies) {
      const session = new RequestSession(store, site, request, now, undefined, anonymous());
      session.credentialsStripped = true;
      return session;
    }
    const id = parseCookies(request.cookieHeader).get(`${cookiePrefix(site)}_session`);
    const sessions = new SessionStore(store);
    const stored = id ? await sessions.find(id, now) : undefined;
    if (!stored || stored.userId === 0) return new RequestSession(store, site, request, now, stored, anonymous());
    const account = await loadAccount(store, stored.userId, now);
    if (!account) {
      // The account is gone (a re-import): the session ends with it.
      await sessions.delete(stored.id);
      return new RequestSession(store, site, request, now, undefined, anonymous());
    }
    let grants: AccountForRequest['botPassword'];
    if (stored.botApp !== null) {
      const bp = await primaryOf(store)
        .selectFrom('bot_passwords')
        .select(['bp_grants'])
        .where('bp_user', '=', stored.userId)
        .where('bp_app_id', '=', stored.botApp)
        .executeTakeFirst();
      if (!bp) {
        await sessions.delete(stored.id);
        return new RequestSession(store, site, request, now, undefined, anonymous());
      }
      grants = { appId: stored.botApp, grants: parseGrants(bp.bp_grants) };
    }
    const user = await applyBlockToRights(
      site,
      accountUser(site, store, { ...account, botPassword: grants }, request.ip, now),
    );
    return new RequestSession(store, site, request, now, stored, user);
  }

  /** Whether the request has (or now has) a session. */
  get active(): boolean {
    return this.stored !== undefined;
  }

  /**
   * Whether the request has a session or came with a session cookie, even one it may not use
   * (JSONP, `origin=*`): MediaWiki then keeps answers that depend on who asks from shared caches.
   */
  get cameWithSession(): boolean {
    return this.active || parseCookies(this.request.cookieHeader).has(`${cookiePrefix(this.site)}_session`);
  }

  /** Makes sure a session exists, creating an anonymous one and its cookie if needed. */
  async persist(): Promise<void> {
    if (this.stored) return;
    this.stored = await this.sessions.create(this.user.id, null, this.now);
    this.writeSessionCookies();
  }

  /** A token of `type` for this caller; session-bound types create the session they need. */
  async token(type: TokenType): Promise<string> {
    if (this.user.anonymous && !ANONYMOUS_SESSION_TOKENS.has(type)) return TOKEN_SUFFIX;
    await this.persist();
    return makeToken(tokenKey((this.stored as StoredSession).id), type, this.now);
  }

  /** Whether `value` is a token of `type` issued to this caller. */
  matchesToken(type: TokenType, value: string): boolean {
    if (this.user.anonymous && !ANONYMOUS_SESSION_TOKENS.has(type)) return value === TOKEN_SUFFIX;
    if (!this.stored) return false;
    return tokenMatches(tokenKey(this.stored.id), type, value);
  }

  /** Logs the session in: a new session id (the old one, which others may have seen, ends). */
  async logIn(account: AccountForRequest): Promise<void> {
    if (this.stored) await this.sessions.delete(this.stored.id);
    this.stored = await this.sessions.create(account.id, account.botPassword?.appId ?? null, this.now);
    this.user = await applyBlockToRights(
      this.site,
      accountUser(this.site, this.store, account, this.request.ip, this.now),
    );
    this.writeSessionCookies();
  }

  /** Ends the session and clears its cookies. */
  async logOut(): Promise<void> {
    if (this.stored) await this.sessions.delete(this.stored.id);
    this.stored = undefined;
    this.user = anonymousUser(this.site, this.request.ip, this.store, this.now);
    const prefix = cookiePrefix(this.site);
    for (const name of [`${prefix}_session`, `${prefix}UserID`, `${prefix}UserName`, `${prefix}Token`]) {
      this.setCookies.push(this.cookie(name, 'deleted', new Date(0)));
    }
  }

  /** `Set-Cookie` values for the response. */
  cookies(): readonly string[] {
    return this.setCookies;
  }

  private writeSessionCookies() {
    const prefix = cookiePrefix(this.site);
    const stored = this.stored as StoredSession;
    if (this.user.anonymous) {
      this.setCookies.push(this.cookie(`${prefix}_session`, stored.id));
      return;
    }
    const expires = new Date(this.now.getTime() + USER_SESSION_SECONDS * 1000);
    this.setCookies.push(this.cookie(`${prefix}_session`, stored.id, expires));
    this.setCookies.push(this.cookie(`${prefix}UserID`, String(this.user.id), expires));
    this.setCookies.push(this.cookie(`${prefix}UserName`, this.user.name, expires));
  }

  private cookie(name: string, value: string, expires?: Date): string {
    const parts = [`${name}=${encodeURIComponent(value)}`];
    if (expires) {
      parts.push(`expires=${expires.toUTCString()}`);
      if (expires.getTime() === 0) parts.push('Max-Age=0');
    }
    parts.push('path=/');
    if (this.request.secure) parts.push('secure');
    parts.push('HttpOnly');
    return parts.join('; ');
  }
}
