/**
 * A client of the api.php server that keeps cookies between requests, as mwn and mwclient do:
 * what a response sets is sent with every later request, an expired cookie is dropped.
 */
import type { FastifyInstance } from 'fastify';

/** What requests are sent through: a Fastify app in process, or a server over HTTP (`httpInjector`). */
export type ApiInjector = Pick<FastifyInstance, 'inject'>;

/**
 * Requests sent over HTTP to a server at `origin` with fetch, answered in the shape of Fastify's
 * `inject` (status, headers with `set-cookie` as a list, body as text).
 */
export function httpInjector(origin: string): ApiInjector {
  const inject = async (request: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: string;
  }) => {
    const response = await fetch(new URL(request.url, origin), {
      method: request.method,
      headers: request.headers,
      body: request.payload,
    });
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) headers['set-cookie'] = cookies;
    return { statusCode: response.status, headers, body: await response.text() };
  };
  return { inject: inject as unknown as FastifyInstance['inject'] };
}

export interface ClientAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json: any;
  setCookies: string[];
}

export class SessionClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly app: ApiInjector,
    readonly headers: Record<string, string> = {},
  ) {}

  async get(params: Record<string, string> | [string, string][]): Promise<ClientAnswer> {
    const query = new URLSearchParams(Array.isArray(params) ? params : Object.entries(params)).toString();
    return this.send({ method: 'GET', url: `/api.php?${query}` });
  }

  async post(params: Record<string, string> | [string, string][]): Promise<ClientAnswer> {
    const payload = new URLSearchParams(Array.isArray(params) ? params : Object.entries(params)).toString();
    return this.send({
      method: 'POST',
      url: '/api.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
  }

  /** Logs in with `action=login` the way clients do: a login token first, then the password. */
  async logIn(name: string, password: string): Promise<ClientAnswer> {
    const token = await this.get({ action: 'query', meta: 'tokens', type: 'login', format: 'json' });
    return this.post({
      action: 'login',
      lgname: name,
      lgpassword: password,
      lgtoken: token.json.query.tokens.logintoken,
      format: 'json',
    });
  }

  async csrfToken(): Promise<string> {
    const answer = await this.get({ action: 'query', meta: 'tokens', format: 'json' });
    return answer.json.query.tokens.csrftoken;
  }

  /** Sends a request as given, with the cookies kept so far. */
  async send(request: {
    method: 'GET' | 'POST';
    url: string;
    headers?: Record<string, string>;
    payload?: string;
  }): Promise<ClientAnswer> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({
      ...request,
      headers: { ...this.headers, ...request.headers, ...(cookie ? { cookie } : {}) },
    });
    const raw = response.headers['set-cookie'];
    const setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const expired = attributes.some((a) => /^max-age=0$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1));
    }
    let json: any;
    try {
      json = JSON.parse(response.body);
    } catch {
      json = undefined;
    }
    return { status: response.statusCode, headers: response.headers, body: response.body, json, setCookies };
  }
}
