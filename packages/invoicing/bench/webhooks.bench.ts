/**
 * Webhooks and listing, each beside a baseline measured in the same run:
 * - deliveries/s from the outbox to a local receiver (signed, recorded attempt by attempt) beside
 *   plain keep-alive POSTs of the same body to the same receiver at the same concurrency;
 * - event -> delivery latency (p50/p99: from the call that changes an invoice to the webhook's
 *   arrival) beside one plain POST's round trip;
 * - GET /api/invoices?limit=100 beside GET /api/invoices/:id, as requests/s and invoices/s, and
 *   beside the ceiling set by the answer's size alone: a bare Node server sending a fixed body of
 *   the list's size (and one of the single read's size), nothing else done per request; the four
 *   measured in alternating rounds.
 * SQLite with durable commits; the service, receiver and load generator share this process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatMeasurement, type HttpMeasurement, measureHttp } from '@svc/common/bench';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openInvoicing, startBackgroundWork, startWebhookDispatcher } from '../src/runtime.js';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 2000);
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 200);
const CONCURRENCY = 8;

const print = (line: string) => process.stdout.write(`${line}\n`);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

// The shop: answers 200 at once and notes when each webhook arrived.
const arrivals = new Map<string, number>();
let arrivalWaiter: (() => void) | undefined;
const receiver = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const id = request.headers['webhook-id'];
    if (typeof id === 'string' && !arrivals.has(id)) arrivals.set(id, performance.now());
    response.end('ok');
    arrivalWaiter?.();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
const waitForArrivals = async (count: number) => {
  while (arrivals.size < count) await new Promise<void>((resolve) => (arrivalWaiter = resolve));
};

const dataDir = mkdtempSync(join(tmpdir(), 'invoicing-webhook-bench-'));
const config = loadConfig({
  INVOICING_DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  INVOICING_RATE_LIMIT_CREATE_PER_MIN: '0',
  INVOICING_RATE_LIMIT_READ_PER_MIN: '0',
  INVOICING_WEBHOOK_ALLOW_PRIVATE: 'true',
});
const invoicing = await openInvoicing(config);
const { service, store } = invoicing;
const merchant = await service.createMerchant({ name: 'Bench shop' });
const { key } = await service.createApiKey(merchant.id);
await service.webhooks.createEndpoint(merchant.id, { url: receiverUrl, events: ['invoice.created'] });

async function createMany(count: number) {
  let made = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (made < count) {
        made++;
        await service.createInvoice(merchant.id, { amount: { currency: 'eur', value: '12.50' } });
      }
    }),
  );
}

// Baseline: plain keep-alive POSTs of a webhook-sized body, CONCURRENCY in flight.
const sampleBody = JSON.stringify({
  type: 'invoice.created',
  timestamp: new Date().toISOString(),
  data: 'x'.repeat(900),
});
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const plainPost = () =>
  new Promise<void>((resolve, reject) => {
    const request = http.request(receiverUrl, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json' },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', resolve);
    });
    request.on('error', reject);
    request.end(sampleBody);
  });
{
  let sent = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < DELIVERIES) {
        sent++;
        await plainPost();
      }
    }),
  );
  const plainRate = DELIVERIES / ((performance.now() - start) / 1000);

  // Deliveries queued while no sender runs, then sent as fast as the dispatcher goes.
  await createMany(DELIVERIES);
  arrivals.clear();
  const dispatcher = startWebhookDispatcher(store, service, {
    allowPrivate: true,
    timeoutMs: 15_000,
    pollIntervalMs: 1000,
  });
  const started = performance.now();
  await waitForArrivals(DELIVERIES);
  const deliveryRate = DELIVERIES / ((performance.now() - started) / 1000);
  await dispatcher.stop();
  print(`${'plain keep-alive POST to the receiver'.padEnd(48)} ${plainRate.toFixed(0).padStart(7)} req/s  (baseline)`);
  print(
    `${'webhook deliveries from the outbox'.padEnd(48)} ${deliveryRate.toFixed(0).padStart(7)} deliveries/s  ratio ${(deliveryRate / plainRate).toFixed(3)} of plain POST`,
  );
}

// Event -> delivery, one invoice at a time with the whole service running.
const background = await startBackgroundWork(invoicing, (what, error) => process.stderr.write(`${what}: ${error}\n`));
const app = await buildApp({ store, service, rateLimits: config.rateLimits });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
{
  const plain: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const start = performance.now();
    await plainPost();
    plain.push(performance.now() - start);
  }
  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const start = performance.now();
    const before = arrivals.size;
    await service.createInvoice(merchant.id, { amount: { currency: 'eur', value: '3.20' } });
    await waitForArrivals(before + 1);
    latencies.push(performance.now() - start);
  }
  plain.sort((a, b) => a - b);
  latencies.sort((a, b) => a - b);
  print(
    `${'plain POST round trip'.padEnd(48)} n=${plain.length}  p50 ${quantile(plain, 0.5).toFixed(1)} ms  p99 ${quantile(plain, 0.99).toFixed(1)} ms  (baseline)`,
  );
  print(
    `${'event -> webhook arrived'.padEnd(48)} n=${latencies.length}  p50 ${quantile(latencies, 0.5).toFixed(1)} ms  p99 ${quantile(latencies, 0.99).toFixed(1)} ms  (p99 ${(quantile(latencies, 0.99) / quantile(plain, 0.99)).toFixed(1)}x the plain POST)`,
  );
}

// Listing 100 invoices per request beside reading one (open invoices, no payments yet), and the
// ceiling the answer's size sets: a bare Node server sending fixed bodies of the same sizes. The
// four are measured in turn, round after round (BENCH_ROUNDS, default 5, of BENCH_SECONDS / rounds
// each), and each figure is the mean of its rounds: on a shared machine the load changes from one
// second to the next, and alternating gives every figure the same share of quiet and busy moments.
{
  const sample = await service.createInvoice(merchant.id, { amount: { currency: 'eur', value: '12.50' } });
  const auth = { authorization: `Bearer ${key}` };
  const oneUrl = `${base}/api/invoices/${sample.id}`;
  const listUrl = `${base}/api/invoices?limit=100`;
  const oneBytes = (await (await fetch(oneUrl)).arrayBuffer()).byteLength;
  const listBytes = (await (await fetch(listUrl, { headers: auth })).arrayBuffer()).byteLength;
  const bodies = new Map([
    ['/one', Buffer.alloc(oneBytes, 'x')],
    ['/list', Buffer.alloc(listBytes, 'x')],
  ]);
  const bare = http.createServer((request, response) => {
    const body = bodies.get(request.url ?? '') ?? Buffer.alloc(0);
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
  const load = {
    connections: CONCURRENCY,
    durationSeconds: Math.max(1, Math.round(DURATION_SECONDS / rounds)),
    client: 'autocannon' as const,
  };
  const targets = [
    { label: 'GET /api/invoices/:id (one invoice)', url: oneUrl, headers: undefined },
    { label: 'GET /api/invoices?limit=100 (list)', url: listUrl, headers: auth },
    { label: `bare Node server, fixed ${oneBytes}-byte body`, url: `${bareBase}/one`, headers: undefined },
    { label: `bare Node server, fixed ${listBytes}-byte body`, url: `${bareBase}/list`, headers: undefined },
  ];
  const measured: HttpMeasurement[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of targets.entries()) {
      measured[i]!.push(await measureHttp(target.label, { url: target.url, headers: target.headers, ...load }));
    }
  }
  const [one, list, bareOne, bareList] = measured.map(combineRounds) as [
    HttpMeasurement,
    HttpMeasurement,
    HttpMeasurement,
    HttpMeasurement,
  ];
  print(`(${rounds} rounds of ${load.durationSeconds} s each, load average ${loadavg()[0]!.toFixed(1)})`);
  print(`${formatMeasurement(one)}  ${oneBytes} bytes`);
  const ratio = list.requestsPerSecond / one.requestsPerSecond;
  print(
    `${formatMeasurement(list)}  ${listBytes} bytes = ${(list.requestsPerSecond * 100).toFixed(0)} invoices/s, ${((list.requestsPerSecond * 100) / one.requestsPerSecond).toFixed(1)}x the invoices/s of single reads; ${ratio.toFixed(3)} of their requests/s`,
  );
  print(
    `${formatMeasurement(bareOne)}  (the single read reaches ${(one.requestsPerSecond / bareOne.requestsPerSecond).toFixed(2)} of it)`,
  );
  print(
    `${formatMeasurement(bareList)}  = ${(bareList.requestsPerSecond / one.requestsPerSecond).toFixed(3)} of the single read's requests/s, the ceiling the list's size sets; the list reaches ${(list.requestsPerSecond / bareList.requestsPerSecond).toFixed(2)} of it`,
  );
  bare.close();
}

/** One figure from several rounds: mean requests/s, the median round's p50, the worst round's p99. */
function combineRounds(rounds: HttpMeasurement[]): HttpMeasurement {
  const p50s = rounds.map((r) => r.p50Ms).sort((a, b) => a - b);
  return {
    ...rounds[0]!,
    requestsPerSecond: rounds.reduce((sum, r) => sum + r.requestsPerSecond, 0) / rounds.length,
    p50Ms: p50s[Math.floor(p50s.length / 2)]!,
    p99Ms: Math.max(...rounds.map((r) => r.p99Ms)),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

await app.close();
await background.stop();
await invoicing.close();
agent.destroy();
receiver.close();
rmSync(dataDir, { recursive: true, force: true });
