/**
 * One client session of an api.php over real HTTP: it keeps the cookies a server sets, as bots do,
 * and can log in as a user with `action=login`.
 */
export interface ApiAnswer {
  status: number;
  contentType: string;
  apiError: string | undefined;
  body: string;
}

/** How long a request may have run before its dropped connection counts as the server's time limit. */
const NO_ANSWER_AFTER_MS = 20_000;

export class ApiSession {
  private readonly cookies = new Map<string, string>();

  /**
   * `connectionRetries`: how often a request whose connection fails (no answer at all) is sent
   * again, after a pause. For the reference MediaWiki, whose PHP server now and then drops a
   * connection under load; never for the service under test, whose dropped connection is a fault.
   */
  constructor(
    readonly base: string,
    private readonly connectionRetries = 0,
  ) {}

  async send(method: 'GET' | 'POST', params: readonly [string, string][]): Promise<ApiAnswer> {
    for (let attempt = 0; ; attempt++) {
      const started = Date.now();
      try {
        return await this.sendOnce(method, params);
      } catch (error) {
        // fetch rejects with a TypeError only when no answer came (refused, reset, closed).
        if (!(error instanceof TypeError) || attempt >= this.connectionRetries) throw error;
        // A connection dropped after a long wait is a request PHP's time limit ended, killing the
        // worker that ran it (a full-text search over every page, say): sent again, it would end
        // the next worker, and the next. It is answered with no answer (status 0) instead.
        if (Date.now() - started >= NO_ANSWER_AFTER_MS)
          return { status: 0, contentType: '', apiError: undefined, body: '' };
        await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
      }
    }
  }

  private async sendOnce(method: 'GET' | 'POST', params: readonly [string, string][]): Promise<ApiAnswer> {
    const encoded = new URLSearchParams(params as [string, string][]).toString();
    const headers: Record<string, string> = { 'user-agent': 'wiki-conformance/1.0' };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    let url = this.base;
    let body: string | undefined;
    if (method === 'POST') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = encoded;
    } else url = `${url}?${encoded}`;
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.keepCookie(line);
    return {
      status: response.status,
      contentType: (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase(),
      apiError: response.headers.get('mediawiki-api-error') ?? undefined,
      body: await response.text(),
    };
  }

  /** The `Cookie` header the session sends, if it holds any cookie. */
  cookieHeader(): string | undefined {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return cookie || undefined;
  }

  private keepCookie(line: string) {
    const [pair, ...attributes] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const expired =
      attributes.some((a) => /^max-age=(0|-\d+)$/i.test(a)) ||
      value === 'deleted' ||
      attributes.some((a) => /^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now());
    if (expired) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  /** Logs in with a login token and the password, as clients do; throws unless it succeeds. */
  async logIn(name: string, password: string): Promise<void> {
    const token = JSON.parse(
      (
        await this.send('GET', [
          ['action', 'query'],
          ['meta', 'tokens'],
          ['type', 'login'],
          ['format', 'json'],
        ])
      ).body,
    ).query.tokens.logintoken as string;
    const answer = await this.send('POST', [
      ['action', 'login'],
      ['lgname', name],
      ['lgpassword', password],
      ['lgtoken', token],
      ['format', 'json'],
    ]);
    const result = JSON.parse(answer.body).login?.result;
    if (result !== 'Success') throw new Error(`${this.base}: logging in as ${name} gave ${answer.body.slice(0, 200)}`);
  }
}
