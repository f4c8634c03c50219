/**
 * A client of another wiki's `api.php`, for the mirror and the follower: one cookie session
 * (logged in when asked), JSON with formatversion 2, continuation followed to its end, and retries
 * with a growing pause when the source is down, slow, overloaded or answers something that is not
 * its API (every failure is said once, with what was wrong).
 */

export class SourceError extends Error {
  override name = 'SourceError';
}

/** The source answered with an API error: retrying the same request will not help. */
export class SourceApiError extends SourceError {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type Params = Record<string, string | number | boolean | undefined>;
type Json = Record<string, any>;

export interface ApiClientOptions {
  /** Seconds a request may take before it counts as failed. */
  timeoutSeconds?: number;
  /** Attempts before a request is given up (default: without end, as the follower wants). */
  attempts?: number;
  /** Told of each failure before the pause that follows it. */
  onRetry?: (problem: string, pauseSeconds: number) => void;
  userAgent?: string;
  /** Stops the retries: a request after it fails at once, a pause before a retry ends. */
  signal?: AbortSignal;
}

const MAX_PAUSE_SECONDS = 60;

/** Merges a continued answer into the ones before: lists grow, pages are merged by their title. */
function merge(into: any, next: any, key = ''): any {
  if (Array.isArray(into) && Array.isArray(next)) {
    if (key !== 'pages') return [...into, ...next];
    const byTitle = new Map<string, any>(into.map((page: any) => [page.title ?? String(page.pageid), page]));
    for (const page of next) {
      const id = page.title ?? String(page.pageid);
      byTitle.set(id, byTitle.has(id) ? merge(byTitle.get(id), page) : page);
    }
    return [...byTitle.values()];
  }
  if (into && next && typeof into === 'object' && typeof next === 'object' && !Array.isArray(into)) {
    const out: Json = { ...into };
    for (const [k, v] of Object.entries(next)) out[k] = k in out ? merge(out[k], v, k) : v;
    return out;
  }
  return next;
}

export class MediaWikiApiClient {
  private readonly cookies = new Map<string, string>();
  private readonly timeout: number;
  private readonly attempts: number;

  constructor(
    readonly url: string,
    private readonly options: ApiClientOptions = {},
  ) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new SourceError(`${url} is not a URL of an api.php`);
    }
    if (!/^https?:$/.test(parsed.protocol)) throw new SourceError(`${url} is not an http(s) URL`);
    this.timeout = (options.timeoutSeconds ?? 60) * 1000;
    this.attempts = options.attempts ?? Number.POSITIVE_INFINITY;
  }

  private keepCookies(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === 'deleted' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** One request, without retries: the parsed answer, or a SourceError saying what was wrong. */
  private async once(params: Params, post: boolean): Promise<Json> {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries({ format: 'json', formatversion: '2', ...params } as Params)) {
      if (value === undefined || value === false) continue;
      form.set(name, value === true ? '1' : String(value));
    }
    const headers: Record<string, string> = { 'user-agent': this.options.userAgent ?? 'wiki-replica/1.0' };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
    let response: Response;
    try {
      response = await fetch(post ? this.url : `${this.url}?${form}`, {
        method: post ? 'POST' : 'GET',
        headers: post ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
        body: post ? form.toString() : undefined,
        signal: AbortSignal.timeout(this.timeout),
        redirect: 'follow',
      });
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      throw new SourceError(
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${this.timeout / 1000} s`
          : `cannot reach the source (${cause})`,
      );
    }
    this.keepCookies(response);
    const body = await response.text().catch(() => '');
    if (response.status >= 500 || response.status === 429) {
      throw new SourceError(`the source answered HTTP ${response.status}`);
    }
    let answer: Json;
    try {
      answer = JSON.parse(body);
    } catch {
      throw new SourceError(
        `the source answered HTTP ${response.status} with something that is not JSON: ${JSON.stringify(body.slice(0, 80))}`,
      );
    }
    if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) {
      throw new SourceError('the source answered JSON that is not an API answer');
    }
    const error = answer.error ?? answer.errors?.[0];
    if (error) {
      const code = String(error.code ?? 'unknown');
      // Overload and read-only are passing states of the source: try again.
      if (code === 'maxlag' || code === 'readonly' || code === 'internal_api_error_DBQueryError') {
        throw new SourceError(`the source is busy (${code})`);
      }
      throw new SourceApiError(
        code,
        `the source refused ${JSON.stringify(params)}: ${code}: ${error.info ?? error.text ?? ''}`,
      );
    }
    return answer;
  }

  /** One request, retried with a doubling pause (1 s up to a minute) while the source fails. */
  async request(params: Params, post = false): Promise<Json> {
    let pause = 1;
    const signal = this.options.signal;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw new SourceError('stopped');
      try {
        return await this.once(params, post);
      } catch (error) {
        if (!(error instanceof SourceError) || error instanceof SourceApiError || attempt >= this.attempts) throw error;
        if (signal?.aborted) throw error;
        this.options.onRetry?.(error.message, pause);
        await sleep(pause * 1000, signal);
        pause = Math.min(pause * 2, MAX_PAUSE_SECONDS);
      }
    }
  }

  /** `action=query` with its continuation followed to the end, the answers merged. */
  async queryAll(params: Params, maxRequests = Number.POSITIVE_INFINITY): Promise<Json> {
    let merged: Json = {};
    let next: Params = {};
    for (let n = 0; n < maxRequests; n++) {
      const answer = await this.request({ action: 'query', ...params, ...next });
      const { continue: more, batchcomplete: _b, warnings: _w, ...rest } = answer;
      merged = merge(merged, rest);
      if (!more) return merged;
      next = more;
    }
    return merged;
  }

  /** Pages of a list, one answer at a time, as `{ items, continuation }` until the list ends. */
  async *listPages(params: Params, list: string): AsyncGenerator<any[]> {
    let next: Params = {};
    for (;;) {
      const answer = await this.request({ action: 'query', ...params, ...next });
      yield (answer.query?.[list] ?? []) as any[];
      if (!answer.continue) return;
      next = answer.continue;
    }
  }

  /** Logs in with `action=login` (a bot password or, with a warning, the account's own). */
  async logIn(name: string, password: string): Promise<void> {
    const tokens = await this.request({ action: 'query', meta: 'tokens', type: 'login' });
    const answer = await this.request(
      { action: 'login', lgname: name, lgpassword: password, lgtoken: tokens.query?.tokens?.logintoken },
      true,
    );
    if (answer.login?.result !== 'Success') {
      throw new SourceApiError(
        'login-failed',
        `logging in to the source as ${name} failed: ${answer.login?.reason ?? answer.login?.result ?? 'no answer'}`,
      );
    }
  }
}

/** Waits `ms`, or less when `signal` aborts; the pause's listener goes with it (a follower pauses every round). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}
