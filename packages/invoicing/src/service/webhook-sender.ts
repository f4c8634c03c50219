import http from 'node:http';
import https from 'node:https';
import { checkedLookup, literalAddressAllowed } from './webhook-url.js';

export interface SendResult {
  /** The HTTP status, or null when no answer came (timeout, refused, blocked address). */
  status: number | null;
  /** The first 1 KiB of the answer's body. */
  bodyPrefix: string | null;
  /** What went wrong before an answer, in words. */
  error: string | null;
  /** The answer's Retry-After, in ms from now, when it gave one. */
  retryAfterMs: number | null;
  durationMs: number;
}

export const RESPONSE_KEPT_BYTES = 1024;

/** Reads Retry-After (seconds or an HTTP date) as ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * POSTs webhooks: keep-alive connections, at most `timeoutMs` per attempt from connecting to the
 * end of the answer, redirects never followed (a 3xx is a failed attempt), and every connection's
 * address checked (see webhook-url.ts).
 */
export class WebhookSender {
  /**
   * Connection pools by endpoint (not by host): endpoints on one host must not wait behind each
   * other's slow requests.
   */
  private readonly agents = new Map<string, { agent: http.Agent; secure: boolean; usedAt: number }>();
  private readonly lookup: any;

  constructor(private readonly options: { timeoutMs: number; allowPrivate: boolean; maxSocketsPerEndpoint?: number }) {
    this.lookup = checkedLookup(options.allowPrivate);
  }

  private agentFor(endpoint: string, secure: boolean): http.Agent {
    const now = Date.now();
    const found = this.agents.get(endpoint);
    if (found && found.secure === secure) {
      found.usedAt = now;
      return found.agent;
    }
    found?.agent.destroy();
    for (const [key, pool] of this.agents) {
      if (now - pool.usedAt > 10 * 60_000) {
        pool.agent.destroy();
        this.agents.delete(key);
      }
    }
    const agentOptions = { keepAlive: true, maxSockets: this.options.maxSocketsPerEndpoint ?? 8, lookup: this.lookup };
    const agent = secure ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
    this.agents.set(endpoint, { agent, secure, usedAt: now });
    return agent;
  }

  /** POSTs `body` to the endpoint's URL; `endpoint` names its connection pool. */
  send(endpoint: string, urlText: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const started = Date.now();
    const done = (partial: Omit<SendResult, 'durationMs'>): SendResult => ({
      ...partial,
      durationMs: Date.now() - started,
    });
    return new Promise<SendResult>((resolve) => {
      let url: URL;
      try {
        url = new URL(urlText);
      } catch {
        resolve(done({ status: null, bodyPrefix: null, error: 'the endpoint URL is not valid', retryAfterMs: null }));
        return;
      }
      const secure = url.protocol === 'https:';
      if ((!secure && !this.options.allowPrivate) || !literalAddressAllowed(url, this.options.allowPrivate)) {
        resolve(
          done({ status: null, bodyPrefix: null, error: 'the endpoint address is not allowed', retryAfterMs: null }),
        );
        return;
      }
      let settled = false;
      const finish = (result: SendResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      let current: http.ClientRequest | undefined;
      const timer = setTimeout(() => {
        current?.destroy();
        finish(
          done({
            status: null,
            bodyPrefix: null,
            error: `no complete answer within ${this.options.timeoutMs / 1000} s`,
            retryAfterMs: null,
          }),
        );
      }, this.options.timeoutMs);
      const open = (again: boolean) => {
        const request = (secure ? https : http).request(url, {
          method: 'POST',
          agent: this.agentFor(endpoint, secure),
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': 'invoicing-webhooks/1',
          },
        });
        current = request;
        request.on('error', (error: NodeJS.ErrnoException) => {
          // A kept-alive connection the receiver closed meanwhile: sent again once, on a new one.
          if (!again && request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
            open(true);
            return;
          }
          finish(done({ status: null, bodyPrefix: null, error: error.message, retryAfterMs: null }));
        });
        request.on('response', (response) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          response.on('data', (chunk: Buffer) => {
            if (kept < RESPONSE_KEPT_BYTES) {
              chunks.push(chunk.subarray(0, RESPONSE_KEPT_BYTES - kept));
              kept += Math.min(chunk.length, RESPONSE_KEPT_BYTES - kept);
            }
          });
          response.on('error', (error) => {
            finish(done({ status: null, bodyPrefix: null, error: error.message, retryAfterMs: null }));
          });
          response.on('end', () => {
            const retryAfter = response.headers['retry-after'];
            finish(
              done({
                status: response.statusCode ?? null,
                bodyPrefix: Buffer.concat(chunks).toString('utf8'),
                error: null,
                retryAfterMs: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, Date.now()),
              }),
            );
          });
        });
        request.end(body);
      };
      open(false);
    });
  }

  close(): void {
    for (const pool of this.agents.values()) pool.agent.destroy();
    this.agents.clear();
  }
}
