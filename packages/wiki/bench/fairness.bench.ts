/**
 * Fairness: a cheap request's latency while 8 clients send the most expensive requests the fuzzer
 * finds. The production server (compiled build, one worker per core) serves the reference wiki;
 * the fuzzer first runs against it (`BENCH_FUZZ_COUNT` requests, default 2,000, seed 52) and keeps
 * its 16 slowest answers' requests, beside the known stall (`generator=exturlusage&geulimit=500`
 * with lead extracts of `exlimit=max`). Then one client sends `meta=siteinfo` alone, and again
 * while the 8 clients send the expensive requests in turn, each measured for `BENCH_SECONDS`
 * (default 10). Target: the cheap request's p99 under 50 ms next to the expensive load. The same
 * is then measured on a server without request threads (`WIKI_REQUEST_THREADS=0`), every request on
 * its worker's event loop, for comparison in the same run.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { runFuzz } from '../fuzz/fuzz-run.js';
import { HttpTarget, queryString } from '../fuzz/http-target.js';
import type { FuzzRequest } from '../fuzz/request-generator.js';
import { dataDir, startServer } from './api-measure.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? '10');
const FUZZ_COUNT = Number(process.env.BENCH_FUZZ_COUNT ?? '2000');
const EXPENSIVE_CLIENTS = 8;
const TARGET_P99_MS = 50;

const request = (params: Record<string, string>): FuzzRequest => ({
  transport: 'get',
  params: Object.entries(params).map(([name, value]): [string, Buffer] => [name, Buffer.from(value)]),
  format: 'json',
});

const CHEAP = request({ action: 'query', meta: 'siteinfo', format: 'json' });
const KNOWN_STALL = request({
  action: 'query',
  format: 'json',
  generator: 'exturlusage',
  geulimit: '500',
  prop: 'extracts',
  exintro: '1',
  explaintext: '1',
  exlimit: 'max',
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

/**
 * The client of the cheap request, on a thread of its own: the load's clients in this thread parse
 * large answers and collect their garbage, and a latency measured on the same event loop would
 * include those pauses of the client's. It sends the request one after another for `ms`
 * milliseconds on one kept-alive connection and posts the latencies back.
 */
const CHEAP_CLIENT = `
const { request, Agent } = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const url = new URL(workerData.url);
const send = () => new Promise((resolve, reject) => {
  const started = performance.now();
  const outgoing = request({ agent, host: url.hostname, port: url.port, path: url.pathname + url.search }, (response) => {
    response.on('data', () => {});
    response.on('end', () => resolve(performance.now() - started));
    response.on('error', reject);
  });
  outgoing.on('error', reject);
  outgoing.end();
});
(async () => {
  const latencies = [];
  const until = performance.now() + workerData.ms;
  while (performance.now() < until) latencies.push(await send());
  agent.destroy();
  parentPort.postMessage(latencies);
})();
`;

/** Sends the cheap request one after another for `ms` milliseconds; its latencies in ms, sorted. */
async function cheapLatencies(apiUrl: string, ms: number): Promise<number[]> {
  const url = `${apiUrl}?${queryString(CHEAP.params)}`;
  const worker = new Worker(CHEAP_CLIENT, { eval: true, workerData: { url, ms } });
  const [latencies] = (await once(worker, 'message')) as [number[]];
  await worker.terminate();
  return latencies.sort((a, b) => a - b);
}

function report(label: string, latencies: number[]): number {
  const p99 = percentile(latencies, 0.99);
  process.stdout.write(
    `${label}: ${latencies.length} requests, p50 ${percentile(latencies, 0.5).toFixed(1)} ms, ` +
      `p99 ${p99.toFixed(1)} ms, max ${(latencies.at(-1) ?? Number.NaN).toFixed(1)} ms\n`,
  );
  return p99;
}

/** A server's answers: each expensive request alone, then the cheap request alone and beside the load. */
async function measure(apiUrl: string, expensive: FuzzRequest[]): Promise<{ alone: number; loaded: number }> {
  // Each expensive request alone (the third of three answers): what a client of them costs.
  const probe = new HttpTarget(apiUrl);
  for (const sent of expensive) {
    let ms = 0;
    for (let i = 0; i < 3; i++) ms = (await probe.send(sent)).ms;
    const described = sent.params.map(([name, value]) => `${name}=${value.toString().slice(0, 40)}`).join('&');
    process.stdout.write(`  alone ${ms.toFixed(1).padStart(7)} ms  ${described.slice(0, 150)}\n`);
  }
  probe.close();

  await cheapLatencies(apiUrl, 1000);
  const alone = report('meta=siteinfo alone', await cheapLatencies(apiUrl, SECONDS * 1000));

  const until = performance.now() + SECONDS * 1000;
  let expensiveAnswers = 0;
  let expensiveMs = 0;
  let expensiveUnanswered = 0;
  const loaders = Array.from({ length: EXPENSIVE_CLIENTS }, async (_, client) => {
    const target = new HttpTarget(apiUrl);
    for (let i = client; performance.now() < until; i++) {
      try {
        const answer = await target.send(expensive[i % expensive.length] as FuzzRequest);
        expensiveAnswers++;
        expensiveMs += answer.ms;
      } catch {
        // Not answered within the client's minute: the expensive requests' queue is that long.
        expensiveUnanswered++;
      }
    }
    target.close();
  });
  const loaded = report(
    `meta=siteinfo beside ${EXPENSIVE_CLIENTS} clients of expensive requests`,
    await cheapLatencies(apiUrl, SECONDS * 1000),
  );
  await Promise.all(loaders);
  process.stdout.write(
    `expensive requests: ${expensiveAnswers} answered, ${(expensiveAnswers / SECONDS).toFixed(1)}/s, ` +
      `mean ${(expensiveMs / Math.max(1, expensiveAnswers)).toFixed(0)} ms, ${expensiveUnanswered} not answered in a minute\n`,
  );
  return { alone, loaded };
}

async function stop(child: ChildProcess): Promise<void> {
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

const data = await dataDir('reference');
const workers = availableParallelism();
try {
  // The server as configured by default (request threads), then with every request on the event loop.
  const results: { label: string; alone: number; loaded: number }[] = [];
  let expensive: FuzzRequest[] = [KNOWN_STALL];
  for (const [label, env] of [
    ['request threads (default)', {}],
    ['event loop only (WIKI_REQUEST_THREADS=0)', { WIKI_REQUEST_THREADS: '0' }],
  ] as const) {
    const { port, child } = await startServer(data.dir, workers, env);
    const apiUrl = `http://127.0.0.1:${port}/api.php`;
    try {
      process.stdout.write(`\nserver: ${workers} workers, ${label}\n`);
      if (results.length === 0) {
        process.stdout.write(`finding expensive requests with ${FUZZ_COUNT} fuzzed ones\n`);
        const fuzzed = await runFuzz(apiUrl, { seed: 52, count: FUZZ_COUNT, keepSlowest: 16 });
        expensive = [KNOWN_STALL, ...fuzzed.slowest.map((slow) => slow.sent)];
        for (const slow of fuzzed.slowest.slice(0, 5)) {
          process.stdout.write(`  ${slow.ms.toFixed(0)} ms when fuzzed: ${slow.request.slice(0, 160)}\n`);
        }
      }
      results.push({ label, ...(await measure(apiUrl, expensive)) });
    } finally {
      await stop(child);
    }
  }
  process.stdout.write('\n');
  for (const { label, alone, loaded } of results) {
    process.stdout.write(
      `${label}: cheap p99 ${alone.toFixed(1)} ms alone, ${loaded.toFixed(1)} ms beside the load ` +
        `(${(loaded / alone).toFixed(1)} times alone)\n`,
    );
  }
  const threaded = results[0] as { loaded: number };
  process.stdout.write(
    `target: cheap p99 under ${TARGET_P99_MS} ms beside the load: ${threaded.loaded.toFixed(1)} ms ` +
      `${threaded.loaded < TARGET_P99_MS ? 'met' : 'MISSED'}\n`,
  );
} finally {
  data.dispose();
}
