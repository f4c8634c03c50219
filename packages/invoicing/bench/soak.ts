/**
 * Soak benchmark: the invoicing service (`invoicing serve`, its own process, SQLite, simulated
 * ledger, payment watcher and expiry scheduler running) under a steady mixed load for
 * `--minutes N` (default 30): invoice creations, API reads, payments on the simulated ledger
 * (which the watcher credits) and checkout page loads, at `--rate R` requests per second
 * (default 200). Each minute it prints the answered requests per second, p50 and p99 latency
 * (measured from when a request was due, so a stalled server is not hidden), errors and the
 * server's memory: resident (and its anonymous part), the JS heap used and reserved, external and
 * array-buffer memory; at the end, whether resident memory stayed flat after the warm-up.
 * `SOAK_MEMORY_TRACE=file` records the server's memory each second (see soak-memory-probe.ts);
 * `kill -USR2 <server pid>` makes it write a heap snapshot.
 *
 *   node --conditions=source --import tsx packages/invoicing/bench/soak.ts --minutes 3
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { openInvoicing } from '../src/runtime.js';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    rate: { type: 'string', default: '200' },
    port: { type: 'string', default: '0' },
  },
});
const minutes = Number(args.minutes);
const rate = Number(args.rate);
if (!(minutes > 0) || !(rate > 0) || !/^\d+$/.test(args.port ?? '')) {
  process.stderr.write('usage: soak.ts [--minutes N] [--rate requests/s] [--port P]\n');
  process.exit(2);
}
/** Requests in flight at most; beyond it a due request waits (and its wait counts in its latency). */
const MAX_IN_FLIGHT = 64;
const WARM_UP_MINUTES = Math.max(1, Math.round(minutes * 0.2));

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'invoicing-soak-'));
const env = {
  ...process.env,
  INVOICING_DATA_DIR: dataDir,
  INVOICING_PORT: args.port,
  INVOICING_HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  INVOICING_RATE_LIMIT_CREATE_PER_MIN: '0',
  INVOICING_RATE_LIMIT_READ_PER_MIN: '0',
  NODE_ENV: 'production',
};
delete (env as Record<string, string | undefined>).DATABASE_URL;

// Merchants and their keys, made before the service starts on the same files.
const setup = await openInvoicing(loadConfig(env));
const keys: string[] = [];
for (let i = 0; i < 4; i++) {
  const merchant = await setup.service.createMerchant({ name: `Soak shop ${i}` });
  keys.push((await setup.service.createApiKey(merchant.id)).key);
}
await setup.close();

// The probe reports the server's memoryUsage() each second over IPC; SIGUSR2 makes the server
// write a heap snapshot into its working directory (for comparing two moments of a run).
const server: ChildProcess = spawn(
  process.execPath,
  [
    '--conditions=source',
    '--import',
    'tsx',
    '--import',
    './packages/invoicing/bench/soak-memory-probe.ts',
    '--heapsnapshot-signal=SIGUSR2',
    'packages/invoicing/src/cli.ts',
    'serve',
  ],
  { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
);
interface MemoryUsage {
  rss: number;
  rssAnon: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}
let memory: MemoryUsage | undefined;
server.on('message', (message: { memory?: MemoryUsage }) => {
  if (message.memory) memory = message.memory;
});
const base = await new Promise<string>((resolve, reject) => {
  let seen = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    seen += chunk.toString();
    const match = /listening on (http:\/\/\S+)/.exec(seen);
    if (match) resolve(match[1]!);
  });
  server.once('exit', (code) => reject(new Error(`the service exited (${code}) before listening`)));
});

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

interface OpenInvoice {
  id: string;
  recipient: string;
  message: string;
  amountCoin: string;
}

/** Recently created invoices (read and shown), and those still waiting for their payment. */
const recent: string[] = [];
const unpaid: OpenInvoice[] = [];
/** The last invoices paid in full: at the end each must read `paid` (the watcher credited them). */
const paid: string[] = [];
let sequence = 0;

type Kind = 'create' | 'read' | 'pay' | 'page';
/** The mix: one creation, two reads, one payment and two checkout page loads in six requests. */
const MIX: Kind[] = ['create', 'read', 'page', 'pay', 'read', 'page'];

async function expectStatus(response: Response, status: number, what: string): Promise<string> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${text.slice(0, 200)}`);
  return text;
}

async function create() {
  const i = sequence++;
  const response = await fetch(`${base}/api/invoices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[i % keys.length]}` },
    body: `{"amount_eur":${(1 + (i % 5000) / 100).toFixed(2)},"expires_min":60}`,
  });
  const text = await expectStatus(response, 201, 'create');
  const invoice = JSON.parse(text) as { id: string; recipient: string; message: string };
  // The coin amount is taken from the text: it is an exact decimal, which JSON.parse would make a float.
  const amountCoin = /"amount_coin":([0-9.]+)/.exec(text)?.[1] ?? '';
  recent.push(invoice.id);
  if (recent.length > 2000) recent.shift();
  unpaid.push({ id: invoice.id, recipient: invoice.recipient, message: invoice.message, amountCoin });
  if (unpaid.length > 2000) unpaid.shift();
}

function anyRecent(): string | undefined {
  return recent[Math.floor(Math.random() * recent.length)];
}

async function run(kind: Kind): Promise<void> {
  const id = anyRecent();
  if (kind === 'create' || id === undefined) return create();
  if (kind === 'read') {
    await expectStatus(await fetch(`${base}/api/invoices/${id}`), 200, 'read');
    return;
  }
  if (kind === 'page') {
    await expectStatus(await fetch(`${base}/pay/${id}`), 200, 'checkout page');
    return;
  }
  const invoice = unpaid.shift();
  if (!invoice) return create();
  const response = await fetch(`${base}/dev/ledger/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: `{"to":"${invoice.recipient}","amount":${invoice.amountCoin},"message":"${invoice.message}"}`,
  });
  await expectStatus(response, 201, 'payment');
  paid.push(invoice.id);
  if (paid.length > 50) paid.shift();
}

interface Minute {
  latencies: number[];
  errors: number;
  rssMb: number[];
}
const newMinute = (): Minute => ({ latencies: [], errors: 0, rssMb: [] });
let current = newMinute();
const firstErrors: string[] = [];

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const intervalMs = 1000 / rate;
const start = performance.now();
const endAt = start + minutes * 60_000;
let inFlight = 0;
let due = 0;
const waiting: number[] = [];

function launch(dueAt: number, kind: Kind) {
  inFlight++;
  const minute = current;
  run(kind)
    .then(
      () => minute.latencies.push(performance.now() - dueAt),
      (error: unknown) => {
        minute.errors++;
        if (firstErrors.length < 5) firstErrors.push(String(error));
      },
    )
    .finally(() => {
      inFlight--;
      const next = waiting.shift();
      if (next !== undefined) launch(next, MIX[due++ % MIX.length]!);
    });
}

const scheduler = setInterval(() => {
  const now = performance.now();
  const target = Math.min(now, endAt);
  // Every request due by now starts (or queues, keeping its due time) at the fixed rate.
  while (start + (due + waiting.length) * intervalMs <= target) {
    const dueAt = start + (due + waiting.length) * intervalMs;
    if (inFlight < MAX_IN_FLIGHT) launch(dueAt, MIX[due++ % MIX.length]!);
    else waiting.push(dueAt);
  }
}, 2);

const sampler = setInterval(() => current.rssMb.push(residentMb(server.pid!)), 1000);

process.stdout.write(
  `invoicing soak: ${minutes} min at ${rate} requests/s (creations, reads, payments, checkout pages), ` +
    `server pid ${server.pid}, warm-up ${WARM_UP_MINUTES} min\n`,
);
process.stdout.write(
  'minute  answered/s   p50 ms   p99 ms  errors   RSS MB  anon MB  heap used/total MB  external MB  arrayBuffers MB\n',
);
const mb = (bytes: number | undefined) => (bytes === undefined ? '?' : (bytes / 1048576).toFixed(1));
const rssByMinute: number[] = [];
for (let m = 1; m <= minutes; m++) {
  await new Promise((resolve) => setTimeout(resolve, start + m * 60_000 - performance.now()));
  const done = current;
  current = newMinute();
  done.rssMb.push(residentMb(server.pid!));
  const sorted = done.latencies.sort((a, b) => a - b);
  const rss = done.rssMb.at(-1)!;
  rssByMinute.push(rss);
  const columns = [
    [String(m), 6],
    [(sorted.length / 60).toFixed(1), 10],
    [percentile(sorted, 0.5).toFixed(1), 7],
    [percentile(sorted, 0.99).toFixed(1), 7],
    [String(done.errors), 6],
    [rss.toFixed(1), 7],
    [mb(memory?.rssAnon), 7],
    [`${mb(memory?.heapUsed)}/${mb(memory?.heapTotal)}`, 18],
    [mb(memory?.external), 11],
    [mb(memory?.arrayBuffers), 15],
  ] as const;
  process.stdout.write(`${columns.map(([text, width]) => text.padStart(width)).join('  ')}\n`);
}
clearInterval(scheduler);
clearInterval(sampler);
while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));

// Flat: after the warm-up, resident memory ends no more than 10 % (at least 16 MB) above where
// the warm-up left it; a leak of a few kilobytes per request grows by far more over the run.
const afterWarmUp = rssByMinute[WARM_UP_MINUTES - 1]!;
const last = rssByMinute.at(-1)!;
const allowed = Math.max(afterWarmUp * 0.1, 16);
const flat = minutes <= WARM_UP_MINUTES || last - afterWarmUp <= allowed;
process.stdout.write(
  `memory after warm-up ${afterWarmUp.toFixed(1)} MB, at the end ${last.toFixed(1)} MB ` +
    `(${last - afterWarmUp >= 0 ? '+' : ''}${(last - afterWarmUp).toFixed(1)} MB, allowed +${allowed.toFixed(1)} MB): ` +
    `${minutes <= WARM_UP_MINUTES ? 'too short to judge' : flat ? 'FLAT' : 'GROWING'}\n`,
);
await new Promise((resolve) => setTimeout(resolve, 3000));
let credited = 0;
for (const id of paid) {
  const status = /"status":"(\w+)"/.exec(await (await fetch(`${base}/api/invoices/${id}`)).text())?.[1];
  if (status === 'paid') credited++;
}
process.stdout.write(`the last ${paid.length} invoices paid: ${credited} read as paid\n`);
if (firstErrors.length > 0) process.stdout.write(`first errors:\n  ${firstErrors.join('\n  ')}\n`);

server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });
process.exit(flat && credited === paid.length ? 0 : 1);
