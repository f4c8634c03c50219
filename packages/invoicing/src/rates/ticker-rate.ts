import { rateUnavailable } from '../domain/errors.js';
import type { Rate } from '../domain/invoice.js';
import { parseRate, type RateSource } from './rate-source.js';

export interface TickerOptions {
  /** The ticker endpoint, e.g. https://api.kraken.com/0/public/Ticker */
  url: string;
  /** The pair asked for, e.g. XLMEUR. */
  pair: string;
  /** A fetched rate is reused for this long. */
  cacheMs?: number;
  /** Past this age a rate is never used, even when the ticker cannot be reached. */
  maxAgeMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

/**
 * A public ticker answering Kraken's JSON shape:
 * `{"error":[],"result":{"<PAIR>":{"c":["<last price>","<volume>"], ...}}}`. The last trade
 * price is the rate. Fetched at most once per cache period (concurrent callers share one request);
 * when the ticker fails, the previous rate serves until it reaches its maximum age, then
 * invoices are refused with `rate_unavailable` rather than priced at a stale rate.
 */
export class TickerRateSource implements RateSource {
  readonly name: string;
  private cached: Rate | undefined;
  private inflight: Promise<Rate> | undefined;
  private readonly cacheMs: number;
  private readonly maxAgeMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(private readonly options: TickerOptions) {
    this.name = `ticker:${options.pair}`;
    this.cacheMs = options.cacheMs ?? 60_000;
    this.maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
    this.timeoutMs = options.timeoutMs ?? 3_000;
    this.now = options.now ?? Date.now;
  }

  async current(): Promise<Rate> {
    const cached = this.cached;
    if (cached && this.now() - cached.at <= this.cacheMs) return cached;
    try {
      this.inflight ??= this.fetchRate().finally(() => {
        this.inflight = undefined;
      });
      const fresh = await this.inflight;
      this.cached = fresh;
      return fresh;
    } catch (error) {
      if (cached && this.now() - cached.at <= this.maxAgeMs) return cached;
      const reason = error instanceof Error ? error.message : String(error);
      throw rateUnavailable(
        `no exchange rate newer than ${Math.round(this.maxAgeMs / 1000)} s is available (${reason})`,
      );
    }
  }

  private async fetchRate(): Promise<Rate> {
    const url = new URL(this.options.url);
    url.searchParams.set('pair', this.options.pair);
    const response = await fetch(url, {
      signal: AbortSignal.timeout(this.timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`the ticker answered HTTP ${response.status}`);
    const body = (await response.json()) as { error?: unknown; result?: Record<string, { c?: unknown }> };
    if (Array.isArray(body.error) && body.error.length > 0) {
      throw new Error(`the ticker reported: ${body.error.map(String).join('; ')}`);
    }
    const entries = Object.values(body.result ?? {});
    const last = entries[0]?.c;
    const price = Array.isArray(last) ? last[0] : undefined;
    const rate = typeof price === 'string' ? parseRate(price) : undefined;
    if (rate === undefined) throw new Error('the ticker answer has no positive last price');
    return { eurPerCoin: rate, source: this.name, at: this.now() };
  }
}
