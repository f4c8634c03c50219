/**
 * Sessions for replaying golden cases recorded with a logged-in user (`auth`, see the golden
 * README): one cookie-keeping client per session name. `admin`, `bob`, `dave` and `eve` are logged
 * in before their first case; `login-demo` (Alice) and `login-bad` (a failed login) are the
 * `login-*` sequence, whose redacted passwords and recorded tokens are replaced by the real
 * password and by tokens of our own session.
 */
import type { GoldenAnswer, GoldenCase } from './golden.js';
import { REFERENCE_PASSWORDS } from './reference-accounts.js';
import { type ApiInjector, SessionClient } from './session-client.js';

const LOGGED_IN: Record<string, string> = { admin: 'Admin', bob: 'Bob', dave: 'Dave', eve: 'Eve' };
/** The account each login-sequence session uses, and the password it sends. */
const SEQUENCE: Record<string, { name: string; password: string }> = {
  'login-demo': { name: 'Alice', password: REFERENCE_PASSWORDS.Alice },
  'login-bad': { name: 'Alice', password: 'not-the-password' },
};

export class GoldenSessions {
  private readonly clients = new Map<string, SessionClient>();

  constructor(private readonly app: ApiInjector) {}

  /** The session name of a case (`admin`), or undefined for an anonymous case. */
  static sessionOf(c: GoldenCase): string | undefined {
    const m = /^logged-in as (.+)$/.exec(c.request.auth);
    return m?.[1];
  }

  static knows(session: string): boolean {
    return session in LOGGED_IN || session in SEQUENCE;
  }

  private async client(session: string): Promise<SessionClient> {
    let client = this.clients.get(session);
    if (client) return client;
    client = new SessionClient(this.app);
    this.clients.set(session, client);
    const account = LOGGED_IN[session];
    if (account) {
      const login = await client.logIn(account, REFERENCE_PASSWORDS[account]);
      if (login.json?.login?.result !== 'Success') throw new Error(`golden session ${session}: login failed`);
    }
    return client;
  }

  async replay(c: GoldenCase, session: string): Promise<GoldenAnswer> {
    const client = await this.client(session);
    const sequence = SEQUENCE[session];
    const params: [string, string][] = [];
    for (const [name, value] of c.request.params) {
      if (name === 'lgpassword' && sequence) params.push([name, sequence.password]);
      else if (name === 'lgtoken') {
        const token = await client.get({ action: 'query', meta: 'tokens', type: 'login', format: 'json' });
        params.push([name, token.json.query.tokens.logintoken]);
      } else params.push([name, value]);
    }
    const answer = c.request.method === 'POST' ? await client.post(params) : await client.get(params);
    return { status: answer.status, headers: answer.headers, body: answer.body };
  }
}
