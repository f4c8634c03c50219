import type { FastifyInstance } from 'fastify';

export interface PageResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  location?: string;
}

/**
 * A browser stand-in over `app.inject`: keeps cookies between requests and reads the CSRF token
 * of the last page, so a test can walk the portal like a visitor.
 */
export class PageClient {
  readonly cookies = new Map<string, string>();
  lastCsrf: string | undefined;

  /** `remoteAddress`: the client address the app sees (by default inject's 127.0.0.1). */
  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress?: string,
  ) {}

  private cookieHeader(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(setCookie: string | string[] | number | undefined) {
    const list = Array.isArray(setCookie) ? setCookie : typeof setCookie === 'string' ? [setCookie] : [];
    for (const line of list) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private read(response: Awaited<ReturnType<FastifyInstance['inject']>>): PageResponse {
    this.remember(response.headers['set-cookie']);
    const csrf = /name="csrf" value="([^"]+)"/.exec(response.body);
    if (csrf) this.lastCsrf = csrf[1];
    const location = response.headers.location;
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.body,
      location: typeof location === 'string' ? location : undefined,
    };
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<PageResponse> {
    const cookie = this.cookieHeader();
    const response = await this.app.inject({
      method: 'GET',
      url,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    return this.read(response);
  }

  /** Posts a form; the CSRF token of the last page is added unless `csrf` is given (or null: none). */
  async post(url: string, fields: Record<string, string>, csrf?: string | null): Promise<PageResponse> {
    const cookie = this.cookieHeader();
    const token = csrf === undefined ? this.lastCsrf : csrf;
    const form = new URLSearchParams({ ...fields, ...(token ? { csrf: token } : {}) });
    const response = await this.app.inject({
      method: 'POST',
      url,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      payload: form.toString(),
    });
    return this.read(response);
  }

  /** Signs up a new merchant and stays signed in. */
  async signUp(fields: { name: string; email: string; password: string; recipient?: string }): Promise<PageResponse> {
    await this.get('/portal/sign-up');
    return this.post('/portal/sign-up', { recipient: '', ...fields });
  }
}

/** The visible text of an HTML snippet, roughly: tags removed, entities of the escaper decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#96;/g, '`')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
