import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { InvoicingError } from '../src/domain/errors.js';
import { formatRate } from '../src/domain/money.js';
import { TickerRateSource } from '../src/rates/ticker-rate.js';
import { postInvoice, useHarness } from './harness.js';

/** A local stand-in for a Kraken-style public ticker whose answer the test controls. */
class FakeTicker {
  app: FastifyInstance = Fastify({ logger: false });
  url = '';
  price = '0.3125';
  failing = false;
  requests = 0;
  lastPair = '';

  async start() {
    this.app.get('/0/public/Ticker', async (request, reply) => {
      this.requests++;
      this.lastPair = (request.query as { pair?: string }).pair ?? '';
      if (this.failing) return reply.code(502).send({ error: ['EService:Unavailable'] });
      return {
        error: [],
        result: { XXLMZEUR: { a: ['0.32', '1', '1.0'], b: ['0.31', '1', '1.0'], c: [this.price, '100'] } },
      };
    });
    await this.app.listen({ host: '127.0.0.1', port: 0 });
    const address = this.app.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/0/public/Ticker`;
  }
}

test('the ticker source caches for 60 s, serves a stale rate up to 5 min, then refuses', async () => {
  const ticker = new FakeTicker();
  await ticker.start();
  let now = 1_000_000;
  const source = new TickerRateSource({ url: ticker.url, pair: 'XLMEUR', now: () => now });
  try {
    const first = await source.current();
    assert.equal(formatRate(first.eurPerCoin), '0.3125');
    assert.equal(first.source, 'ticker:XLMEUR');
    assert.equal(ticker.lastPair, 'XLMEUR');
    ticker.price = '0.5';
    now += 59_000;
    assert.equal(formatRate((await source.current()).eurPerCoin), '0.3125', 'cached within 60 s');
    assert.equal(ticker.requests, 1);
    now += 2_000;
    assert.equal(formatRate((await source.current()).eurPerCoin), '0.5', 'refreshed after 60 s');
    ticker.failing = true;
    now += 4 * 60_000;
    assert.equal(formatRate((await source.current()).eurPerCoin), '0.5', 'stale but under 5 min');
    now += 61_000;
    await assert.rejects(source.current(), (error: unknown) => {
      assert.ok(error instanceof InvoicingError);
      assert.equal(error.status, 503);
      assert.equal(error.code, 'rate_unavailable');
      return true;
    });
    ticker.failing = false;
    ticker.price = 'garbage';
    await assert.rejects(source.current(), /rate/);
    ticker.price = '0.4';
    assert.equal(formatRate((await source.current()).eurPerCoin), '0.4');
  } finally {
    await ticker.app.close();
  }
});

test('an unreachable ticker is rate_unavailable', async () => {
  const source = new TickerRateSource({ url: 'http://127.0.0.1:9/0/public/Ticker', pair: 'XLMEUR', timeoutMs: 500 });
  await assert.rejects(
    source.current(),
    (error: unknown) => error instanceof InvoicingError && error.code === 'rate_unavailable',
  );
});

describeEachEngine('invoices priced by the ticker', (engine) => {
  const ticker = new FakeTicker();
  let now = Date.now();
  before(() => ticker.start());
  after(() => ticker.app.close());
  const harness = useHarness(engine, {
    rates: () => new TickerRateSource({ url: ticker.url, pair: 'XLMEUR', now: () => now }),
  });

  test('the invoice locks the ticker rate and stores its source and time; no fresh rate is 503', async () => {
    const h = harness();
    const created = await postInvoice(h, { api_key: h.key, amount_eur: 10 });
    assert.equal(created.status, 201, created.text);
    assert.match(created.text, /"eur_per_coin":0\.3125[,}]/);
    assert.match(created.text, /"amount_coin":32[,}]/);
    const stored = await h.service.getInvoice(created.body.id);
    assert.equal(stored?.rateSource, 'ticker:XLMEUR');
    assert.ok(stored && Math.abs(stored.rateAt - now) < 1000);
    ticker.failing = true;
    now += 6 * 60_000;
    const refused = await postInvoice(h, { api_key: h.key, amount_eur: 10 });
    assert.equal(refused.status, 503);
    assert.equal(refused.body.error.code, 'rate_unavailable');
    assert.equal(refused.body.error.type, 'api_error');
    assert.equal(refused.headers['retry-after'], '30');
    // A bad request is still told what is wrong with it rather than waiting on the rate.
    const invalid = await postInvoice(h, { api_key: h.key, amount_eur: -1 });
    assert.equal(invalid.status, 400);
  });
});
