/**
 * Password logins, as MediaWiki's `action=login` and `action=clientlogin` decide them: a main
 * account with its password, or a bot password (`User@app` with the generated password, or the
 * user name with `app@password`). Failures say no more than MediaWiki says: an unknown account and
 * a wrong password read the same. Failed attempts are throttled per address and name.
 */

import type { SiteConfig } from '../site/site.js';
import { normalizeUserValue } from '../site/user-name.js';
import { primaryOf, type WikiStore } from '../store/database.js';
import { type AccountForRequest, loadAccount } from './account.js';
import { ipHex } from './blocks.js';
import { hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { formatWait, LoginThrottle, passwordThrottle } from './throttle.js';

export type LoginOutcome =
  | { ok: true; account: AccountForRequest; viaBotPassword: boolean }
  | { ok: false; reason: LoginFailure };

/** Why a login failed: a message key of MediaWiki's and its parameters. */
export interface LoginFailure {
  key: string;
  params: string[];
}

const BOT_PASSWORD_SEPARATOR = '@';
const BOT_PASSWORD = /^[0-9a-w]{32,}$/;

const failure = (key: string, params: string[] = []): LoginOutcome => ({
  ok: false,
  reason: { key, params },
});

/**
 * Bot-password credentials in canonical form (`User@app`, password), when the name or the
 * password carries an application id and the password has a bot password's shape.
 */
export function botPasswordCredentials(name: string, password: string): [string, string] | undefined {
  if (password.length >= 32 && name.includes(BOT_PASSWORD_SEPARATOR)) {
    if (BOT_PASSWORD.test(password)) return [name, password];
  } else if (password.length > 32 && password.includes(BOT_PASSWORD_SEPARATOR)) {
    const at = password.lastIndexOf(BOT_PASSWORD_SEPARATOR);
    const secret = password.slice(at + 1);
    if (BOT_PASSWORD.test(secret)) return [`${name}${BOT_PASSWORD_SEPARATOR}${password.slice(0, at)}`, secret];
  }
  return undefined;
}

/** Whether an address lies in a CIDR range (or equals a single address), IPv4 or IPv6. */
function ipInRange(ip: string, range: string): boolean {
  const [base, bitsText] = range.split('/');
  const a = ipHex(ip);
  const b = ipHex(base);
  if (a === undefined || b === undefined || a.startsWith('v6-') !== b.startsWith('v6-')) return false;
  const width = a.startsWith('v6-') ? 128 : 32;
  const bits = bitsText === undefined ? width : Number(bitsText);
  if (!Number.isInteger(bits) || bits < 0 || bits > width) return false;
  const value = (hex: string) => BigInt(`0x${hex.replace('v6-', '')}`);
  const shift = BigInt(width - bits);
  return value(a) >> shift === value(b) >> shift;
}

function restrictionsAllow(restrictions: string, ip: string): boolean {
  try {
    const parsed = JSON.parse(restrictions || '{}') as { IPAddresses?: unknown };
    const ranges = Array.isArray(parsed.IPAddresses) ? parsed.IPAddresses.map(String) : ['0.0.0.0/0', '::/0'];
    return ranges.some((range) => ipInRange(ip, range));
  } catch {
    return false;
  }
}

/** A bot password's grants (`bp_grants`, a JSON list); unreadable data grants nothing beyond `basic`. */
export function parseGrants(grants: string): string[] {
  try {
    const parsed = JSON.parse(grants || '[]');
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

export class Authenticator {
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly store: WikiStore,
    site: SiteConfig,
  ) {
    this.throttle = new LoginThrottle(store, passwordThrottle(site));
  }

  /** Logs in with a name and password: a bot password when they have its shape, else the account. */
  async logIn(name: string, password: string, ip: string, now: Date): Promise<LoginOutcome> {
    const bot = botPasswordCredentials(name, password);
    if (bot) return this.logInWithBotPassword(bot[0], bot[1], ip, now);
    return this.logInMainAccount(name, password, ip, now);
  }

  private async throttled(kind: string, name: string, ip: string, now: Date): Promise<LoginOutcome | undefined> {
    const limit = await this.throttle.exceeded(kind, name, ip, now);
    return limit ? failure('login-throttled', [formatWait(limit.seconds)]) : undefined;
  }

  async logInMainAccount(rawName: string, password: string, ip: string, now: Date): Promise<LoginOutcome> {
    const name = normalizeUserValue(rawName, ['name']);
    if (name === null || password === '') return failure('authmanager-authn-no-primary');
    const throttled = await this.throttled('password', name, ip, now);
    if (throttled) return throttled;
    const row = await primaryOf(this.store)
      .selectFrom('user')
      .select(['user_id', 'user_password'])
      .where('user_name', '=', name)
      .executeTakeFirst();
    if (!row || !(await verifyPassword(row.user_password, password))) {
      await this.throttle.recordFailure('password', name, ip, now);
      return failure('wrongpassword');
    }
    await this.throttle.clear('password', name, ip);
    if (needsRehash(row.user_password)) {
      await primaryOf(this.store)
        .updateTable('user')
        .set({ user_password: await hashPassword(password) })
        .where('user_id', '=', row.user_id)
        .execute();
    }
    const account = await loadAccount(this.store, row.user_id, now);
    if (!account) return failure('wrongpassword');
    return { ok: true, account, viaBotPassword: false };
  }

  async logInWithBotPassword(loginName: string, password: string, ip: string, now: Date): Promise<LoginOutcome> {
    const at = loginName.lastIndexOf(BOT_PASSWORD_SEPARATOR);
    if (at < 0) return failure('botpasswords-invalid-name', [BOT_PASSWORD_SEPARATOR]);
    const rawName = loginName.slice(0, at);
    const appId = loginName.slice(at + 1);
    const name = normalizeUserValue(rawName, ['name']);
    if (name === null) return failure('nosuchuser', [rawName]);
    const throttled = await this.throttled('botpassword', loginName, ip, now);
    if (throttled) return throttled;
    const user = await primaryOf(this.store)
      .selectFrom('user')
      .select(['user_id'])
      .where('user_name', '=', name)
      .executeTakeFirst();
    if (!user) return failure('nosuchuser', [name]);
    const bp = await primaryOf(this.store)
      .selectFrom('bot_passwords')
      .selectAll()
      .where('bp_user', '=', user.user_id)
      .where('bp_app_id', '=', appId)
      .executeTakeFirst();
    if (!bp) return failure('botpasswords-not-exist', [name, appId]);
    if (!restrictionsAllow(bp.bp_restrictions, ip)) return failure('botpasswords-restriction-failed');
    if (!(await verifyPassword(bp.bp_password, password))) {
      await this.throttle.recordFailure('botpassword', loginName, ip, now);
      return failure('wrongpassword');
    }
    await this.throttle.clear('botpassword', loginName, ip);
    const account = await loadAccount(this.store, user.user_id, now);
    if (!account) return failure('nosuchuser', [name]);
    return {
      ok: true,
      account: { ...account, botPassword: { appId, grants: parseGrants(bp.bp_grants) } },
      viaBotPassword: true,
    };
  }
}
