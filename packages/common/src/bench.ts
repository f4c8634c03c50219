import autocannon from 'autocannon';
import Fastify from 'fastify';

export interface HttpMeasurement {
  label: string;
  connections: number;
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
}

/** The value below which a share `q` of the sorted samples lies (nearest rank). */
function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * Drives `url` with autocannon from this process for the given time and reports rate and latency.
 * Latencies are taken from each response's own time (autocannon measures it with
 * `process.hrtime`) rather than from autocannon's histogram, which keeps whole milliseconds: at
 * a millisecond or two per request that rounding alone would change a p99 by half.
 */
export async function measureHttp(label: string, load: HttpLoad): Promise<HttpMeasurement> {
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
