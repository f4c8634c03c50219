/**
 * Invoice creations/s and reads/s over HTTP at 1 and 8 concurrent clients on SQLite (durable
 * commits: WAL with synchronous=FULL), printed beside a trivial Fastify route measured in the
 * same run; then the time from a simulated payment to `paid` being visible on GET (p50/p99).
 * The service and the load generator (autocannon) share this process, as the trivial baseline does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatMeasurement, type HttpMeasurement, measureHttp, withTrivialServer } from '@svc/common/bench';
import SQLite from 'better-sqlite3';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openInvoicing, startBackgroundWork } from '../src/runtime.js';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 300);

const dataDir = mkdtempSync(join(tmpdir(), 'invoicing-bench-'));
const config = loadConfig({
  INVOICING_DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  INVOICING_RATE_LIMIT_CREATE_PER_MIN: '0',
  INVOICING_RATE_LIMIT_READ_PER_MIN: '0',
});
const invoicing = await openInvoicing(config);
const app = await buildApp({ store: invoicing.store, service: invoicing.service, rateLimits: config.rateLimits });
const background = await startBackgroundWork(invoicing, (what, error) =>
  process.stderr.write(`${what}: ${String(error)}\n`),
);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const merchant = await invoicing.service.createMerchant({ name: 'Bench shop' });
const { key } = await invoicing.service.createApiKey(merchant.id);

async function post(path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: string; recipient: string; message: string; amount_coin: number };
}

// An invoice with a payment and two timeline entries: what a typical read returns.
const sample = await post('/api/invoices', { amount_eur: 12.5 });
await post('/dev/ledger/payments', { to: sample.recipient, amount: sample.amount_coin, message: sample.message });

let counter = 0;
const createBody = () => `{"amount_eur":${(1 + (counter++ % 5000) / 100).toFixed(2)},"expires_min":60}`;

/** How many durable commits per second this disk gives right now: the ceiling for one client. */
function measureDurableCommits(): number {
  const probe = new SQLite(join(dataDir, 'fsync-probe.sqlite'));
  probe.pragma('journal_mode = WAL');
  probe.pragma('synchronous = FULL');
  probe.exec('create table t (v text)');
  const insert = probe.prepare('insert into t values (?)');
  const start = performance.now();
  const count = 300;
  for (let i = 0; i < count; i++) insert.run(String(i));
  const perSecond = count / ((performance.now() - start) / 1000);
  probe.close();
  return perSecond;
}

const results: string[] = [];
const print = (line: string) => {
  results.push(line);
  process.stdout.write(`${line}\n`);
};

print(
  `${'durable SQLite commit alone (one row, fsync)'.padEnd(48)}       ${measureDurableCommits().toFixed(0).padStart(7)} commits/s`,
);
for (const connections of [1, 8]) {
  const trivial = await withTrivialServer((url) =>
    measureHttp('trivial Fastify route', { url, connections, durationSeconds: DURATION_SECONDS, client: 'autocannon' }),
  );
  print(formatMeasurement(trivial));
  const before = { ...invoicing.service.writes.stats };
  const creations: HttpMeasurement = await measureHttp('POST /api/invoices (create)', {
    url: `${base}/api/invoices`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: createBody,
    connections,
    durationSeconds: DURATION_SECONDS,
  });
  const commits = invoicing.service.writes.stats.commits - before.commits;
  const writes = invoicing.service.writes.stats.writes - before.writes;
  print(`${formatMeasurement(creations, trivial)}  (${(writes / Math.max(1, commits)).toFixed(1)} per commit)`);
  // Requests still in flight when the load stopped finish before the next measurement starts.
  while (invoicing.service.writes.busy) await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const reads = await measureHttp('GET /api/invoices/:id (read)', {
    url: `${base}/api/invoices/${sample.id}`,
    connections,
    durationSeconds: DURATION_SECONDS,
    client: 'autocannon',
  });
  print(formatMeasurement(reads, trivial));
}

// Payment to `paid` visible: pay on the simulated ledger, then read every millisecond until the
// status is paid.
const latencies: number[] = [];
for (let i = 0; i < LATENCY_SAMPLES; i++) {
  const invoice = await post('/api/invoices', { amount_coin: 1 });
  const start = performance.now();
  await post('/dev/ledger/payments', { to: invoice.recipient, amount: 1, message: invoice.message });
  for (;;) {
    const view = (await (await fetch(`${base}/api/invoices/${invoice.id}`)).json()) as { status: string };
    if (view.status === 'paid') break;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  latencies.push(performance.now() - start);
}
latencies.sort((a, b) => a - b);
const quantile = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
print(
  `${'payment -> paid visible on GET'.padEnd(48)} n=${latencies.length}  p50 ${quantile(0.5).toFixed(1)} ms  p99 ${quantile(0.99).toFixed(1)} ms  max ${latencies.at(-1)!.toFixed(1)} ms`,
);

await app.close();
await background.stop();
await invoicing.close();
rmSync(dataDir, { recursive: true, force: true });
