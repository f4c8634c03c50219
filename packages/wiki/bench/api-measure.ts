/**
 * What the api.php benchmarks share: the compiled build they measure (brought up to date first),
 * the CPU time per request in process, and requests/s with p50/p99 at 1, 2 and 8 clients against
 * `wiki serve` (the production server, from the compiled build) in its own processes, beside a
 * trivial Fastify route, with the server's own CPU time per request (from /proc). `BENCH_SECONDS`
 * sets the duration of each measurement (default 5).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMeasurement, type HttpMeasurement, loadClient, measureHttp, withTrivialServer } from '@svc/common/bench';
import type * as AppModule from '../src/api/app.js';
import type * as MainModule from '../src/api/main.js';
import type * as HeapModule from '../src/heap-tuning.js';
import type { SiteConfig } from '../src/site/site.js';
import type * as TitleModule from '../src/site/title.js';
import type { WikiStore } from '../src/store/database.js';
import { importReferenceWiki } from '../test/helpers/reference-wiki.js';
import { generatedWikiFile } from './generated-wiki.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/**
 * The server runs as in production, from the compiled build (`npm install` makes it; brought up
 * to date here): the in-process measurement uses the same compiled code.
 */
function buildCompiled(): void {
  const tsc = join(root, 'node_modules/.bin/tsc');
  const built = spawnSync(tsc, ['-b', 'packages/common', 'packages/wiki'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('tsc -b failed: the benchmark needs the compiled build');
}
buildCompiled();
const compiled = async <T>(path: string): Promise<T> => (await import(join(dist, path))) as T;
const { DEFAULT_SOFTWARE_NAME } = await compiled<typeof AppModule>('api/app.js');
const { handleApiRequest } = await compiled<typeof MainModule>('api/main.js');
const { TitleCodec } = await compiled<typeof TitleModule>('site/title.js');
// In process as in `wiki serve`: the server's V8 settings (heap-tuning.ts).
(await compiled<typeof HeapModule>('heap-tuning.js')).tuneHeapForServing();

export const seconds = Number(process.env.BENCH_SECONDS ?? '5');
export const CLIENTS = [1, 2, 8];

/** A measured request: its label, its query string and, over HTTP, headers the client sends. */
export type Query = [label: string, query: string, headers?: Record<string, string>];
export type WikiName = 'reference' | 'generated';

/** The wiki's store, as a data folder holding `wiki.sqlite` for the server. */
export async function dataDir(wiki: WikiName): Promise<{ dir: string; dispose: () => void }> {
  if (wiki === 'generated') {
    const { file } = await generatedWikiFile();
    return { dir: dirname(file), dispose: () => {} };
  }
  const dir = mkdtempSync(join(tmpdir(), 'wiki-api-bench-'));
  const reference = await importReferenceWiki();
  try {
    reference.store.sqlite?.exec(`VACUUM INTO '${join(dir, 'wiki.sqlite')}'`);
  } finally {
    await reference.dispose();
  }
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * `wiki serve` from the compiled build, with `workers` processes, on `BENCH_WIKI_PORT` when set, a
 * free port otherwise (`env`: more of its settings).
 */
export async function startServer(
  dir: string,
  workers: number,
  env: Record<string, string> = {},
): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(dist, 'cli.js'), 'serve'], {
    env: {
      ...process.env,
      ...env,
      WIKI_DATA_DIR: dir,
      WIKI_PORT: process.env.BENCH_WIKI_PORT ?? '0',
      WIKI_WORKERS: String(workers),
      WIKI_SAMPLE_DUMP: 'none',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { port, child };
}

/**
 * CPU time per request of the API itself (no HTTP), in this process: steadier than throughput on a
 * machine shared with other work, and what the throughput targets divide into.
 */
export async function cpuPerRequest(
  wiki: { store: WikiStore; site: SiteConfig },
  name: string,
  queries: Query[],
  { runs = 2000, annotate = () => '' }: { runs?: number; annotate?: (body: string) => string } = {},
): Promise<Map<string, number>> {
  const results = new Map<string, number>();
  const services = {
    site: wiki.site,
    titles: new TitleCodec(wiki.site),
    store: wiki.store,
    softwareName: DEFAULT_SOFTWARE_NAME,
    hostName: 'bench',
  };
  for (const [label, query] of queries) {
    const run = () =>
      handleApiRequest(
        {
          method: 'GET',
          params: [...new URLSearchParams(query)],
          ip: '127.0.0.1',
          requestOrigin: 'http://127.0.0.1',
        },
        services,
      );
    const first = await run();
    if (first.status !== 200) throw new Error(`${label} on the ${name} wiki answered ${first.status}`);
    // Warm-up until the code is optimised: a second of requests (at least a seventh of the runs),
    // as a server's first requests are; fewer warm-up runs measured code not yet optimised.
    const warmUntil = performance.now() + 1000;
    for (let i = 0; i < Math.ceil(runs / 7) || (performance.now() < warmUntil && i < runs * 4); i++) await run();
    const count = runs;
    const start = process.cpuUsage();
    for (let i = 0; i < count; i++) await run();
    const used = process.cpuUsage(start);
    const micros = (used.user + used.system) / count;
    results.set(label, micros);
    process.stdout.write(
      `${`${label} [${name}, in process]`.padEnd(64)} ${micros.toFixed(0).padStart(5)} µs CPU per request${annotate(String(first.body))}\n`,
    );
  }
  return results;
}

/**
 * CPU seconds used so far by a process and its children (the server's workers), from /proc;
 * undefined where there is no /proc. Whatever else runs on the machine, the server's CPU per
 * request divides into the cores to give the rate they can serve.
 */
function processTreeCpuSeconds(pid: number): number | undefined {
  const ticksPerSecond = 100;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let total = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of children ? children.split(' ') : []) total += processTreeCpuSeconds(Number(child)) ?? 0;
    return total;
  } catch {
    return undefined;
  }
}

/** The server's CPU per request during a measurement, and the rate the machine's cores would give it alone. */
function serverCpu(before: number | undefined, after: number | undefined, m: HttpMeasurement): string {
  if (before === undefined || after === undefined || m.requestsPerSecond <= 0) return '';
  const micros = ((after - before) * 1e6) / (m.requestsPerSecond * seconds);
  const cores = availableParallelism();
  return `  server ${micros.toFixed(0)} µs CPU/request (${cores} cores for the server alone: ~${Math.round((cores * 1e6) / micros)} req/s)`;
}

/** Measures each query at each client count (`clients`, default 1, 2 and 8) against a server of `workers` processes. */
export async function measureServer(
  wiki: WikiName,
  workers: number,
  queries: Query[],
  baseline: Map<number, HttpMeasurement>,
  clients: readonly number[] = CLIENTS,
): Promise<Map<string, HttpMeasurement>> {
  const results = new Map<string, HttpMeasurement>();
  const data = await dataDir(wiki);
  const { port, child } = await startServer(data.dir, workers);
  try {
    // Warm-up: the first requests of each worker compile code paths; they are not measured.
    for (const [, query, headers] of queries) {
      await measureHttp('warm-up', {
        url: `http://127.0.0.1:${port}/api.php?${query}`,
        headers,
        connections: 8,
        durationSeconds: 1,
      });
    }
    for (const [label, query, headers] of queries) {
      for (const connections of clients) {
        const cpuBefore = processTreeCpuSeconds(child.pid ?? 0);
        const m = await measureHttp(`${label} [${wiki}, ${workers} worker${workers > 1 ? 's' : ''}]`, {
          url: `http://127.0.0.1:${port}/api.php?${query}`,
          headers,
          connections,
          durationSeconds: seconds,
        });
        const cpu = serverCpu(cpuBefore, processTreeCpuSeconds(child.pid ?? 0), m);
        results.set(`${label}|${connections}`, m);
        process.stdout.write(`${formatMeasurement(m, baseline.get(connections))}${cpu}\n`);
      }
    }
  } finally {
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
    data.dispose();
  }
  return results;
}

/** The trivial Fastify route at each client count: what the API's figures are printed beside. */
export async function measureBaseline(clients: readonly number[] = CLIENTS): Promise<Map<number, HttpMeasurement>> {
  const baseline = new Map<number, HttpMeasurement>();
  process.stdout.write(`load generator: ${loadClient()} (BENCH_CLIENT=wrk|autocannon)\n`);
  await withTrivialServer(async (url) => {
    for (const connections of clients) {
      const m = await measureHttp('trivial Fastify route', { url, connections, durationSeconds: seconds });
      baseline.set(connections, m);
      process.stdout.write(`${formatMeasurement(m)}\n`);
    }
  });
  return baseline;
}
