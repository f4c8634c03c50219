import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';

export interface HttpMeasurement {
  label: string;
  connections: number;
  /** The load generator that measured it (`wrk` or `autocannon`). */
  client: LoadClient;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface HttpLoad {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Body per request; a function gives each request its own body. */
  body?: string | (() => string);
  connections: number;
  durationSeconds: number;
  /** The load generator, when it must be this one (default: `loadClient()`). */
  client?: LoadClient;
}

/** The value below which a share `q` of the sorted samples lies (nearest rank). */
function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export type LoadClient = 'wrk' | 'autocannon';

let wrkFound: boolean | undefined;

/**
 * The load generator: `BENCH_CLIENT` (`wrk` or `autocannon`) when set, else wrk when it is
 * installed (`apt install wrk`), else autocannon. wrk is a separate native process and spends
 * a small fraction of autocannon's CPU per request; on a machine of two cores the generator
 * shares them with the server, so what it spends is taken from the server's figures.
 */
export function loadClient(): LoadClient {
  const chosen = process.env.BENCH_CLIENT;
  if (chosen === 'wrk' || chosen === 'autocannon') return chosen;
  if (chosen) throw new Error(`BENCH_CLIENT must be wrk or autocannon, not ${chosen}`);
  wrkFound ??= spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
  return wrkFound ? 'wrk' : 'autocannon';
}

/**
 * Drives `url` for the given time with the load generator of `load.client` or `loadClient()`
 * (autocannon for a body made per request, which wrk cannot send) and reports rate and latency. Both keep
 * `connections` requests in flight, each connection sending its next request when its answer
 * has arrived.
 */
export async function measureHttp(label: string, load: HttpLoad): Promise<HttpMeasurement> {
  const client = load.client ?? (typeof load.body === 'function' ? 'autocannon' : loadClient());
  if (client === 'wrk') {
    if (typeof load.body === 'function') throw new Error('wrk cannot send a body made per request');
    return measureWithWrk(label, load);
  }
  return measureWithAutocannon(label, load);
}

/** wrk's script: the request, and at the end the figures on one line (latencies in µs). */
function wrkScript(load: HttpLoad): string {
  const lua = (value: string) => JSON.stringify(value);
  const headers = Object.entries(load.headers ?? {})
    .map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}\n`)
    .join('');
  return `wrk.method = ${lua(load.method ?? 'GET')}
${typeof load.body === 'string' ? `wrk.body = ${lua(load.body)}\n` : ''}${headers}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("BENCH %d %d %d %d %d %d\\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99), e.connect + e.read + e.write + e.timeout, e.status))
end
`;
}

async function measureWithWrk(label: string, load: HttpLoad): Promise<HttpMeasurement> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  try {
    const script = join(dir, 'load.lua');
    writeFileSync(script, wrkScript(load));
    const args = [
      '-t1',
      `-c${load.connections}`,
      `-d${load.durationSeconds}s`,
      '--timeout',
      '10s',
      '-s',
      script,
      load.url,
    ];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text}`))));
    });
    const m = /^BENCH (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)$/m.exec(output);
    if (!m) throw new Error(`wrk printed no figures: ${output}`);
    const [requests, durationUs, p50Us, p99Us, errors, non2xx] = m.slice(1).map(Number) as number[];
    return {
      label,
      connections: load.connections,
      client: 'wrk',
      requestsPerSecond: (requests! * 1e6) / durationUs!,
      p50Ms: p50Us! / 1000,
      p99Ms: p99Us! / 1000,
      errors: errors!,
      non2xx: non2xx!,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * autocannon, from this process: drives `url` for the given time and reports rate and latency.
 * Latencies are taken from each response's own time (autocannon measures it with
 * `process.hrtime`) rather than from autocannon's histogram, which keeps whole milliseconds: at
 * a millisecond or two per request that rounding alone would change a p99 by half.
 */
async function measureWithAutocannon(label: string, load: HttpLoad): Promise<HttpMeasurement> {
  const { body } = load;
  let times = new Float64Array(1 << 16);
  let count = 0;
  const options: autocannon.Options = {
    url: load.url,
    method: load.method ?? 'GET',
    headers: load.headers,
    connections: load.connections,
    duration: load.durationSeconds,
    ...(typeof body === 'function'
      ? { requests: [{ setupRequest: (req: any) => ({ ...req, body: body() }) }] }
      : body !== undefined
        ? { body }
        : {}),
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (err: unknown, done: autocannon.Result) =>
      err ? reject(err) : resolve(done),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode < 200 || statusCode >= 300) return;
      if (count === times.length) {
        const larger = new Float64Array(times.length * 2);
        larger.set(times);
        times = larger;
      }
      times[count++] = responseTime;
    });
  });
  const sorted = times.subarray(0, count).sort();
  return {
    label,
    connections: load.connections,
    client: 'autocannon',
    requestsPerSecond: result.requests.average,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * The baseline every HTTP benchmark is printed against: a Fastify route that returns a constant
 * small JSON object, measured on this machine in the same run.
 */
export async function withTrivialServer<T>(run: (url: string) => Promise<T>): Promise<T> {
  const app = Fastify({ logger: false });
  app.get('/trivial', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    return await run(`http://127.0.0.1:${port}/trivial`);
  } finally {
    await app.close();
  }
}

export function formatMeasurement(m: HttpMeasurement, baseline?: HttpMeasurement): string {
  const ratio = baseline ? `  ratio ${(m.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)} of trivial` : '';
  const problems = m.errors || m.non2xx ? `  (errors ${m.errors}, non-2xx ${m.non2xx})` : '';
  return `${m.label.padEnd(48)} c=${String(m.connections).padStart(2)}  ${m.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${m.p50Ms.toFixed(2)} ms  p99 ${m.p99Ms.toFixed(2)} ms${ratio}${problems}`;
}
