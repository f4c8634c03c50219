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

/** Drives `url` with autocannon from this process for the given time and reports rate and latency. */
export async function measureHttp(label: string, load: HttpLoad): Promise<HttpMeasurement> {
  const { body } = load;
  const result = await autocannon({
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
  });
  return {
    label,
    connections: load.connections,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
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
  return `${m.label.padEnd(48)} c=${String(m.connections).padStart(2)}  ${m.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${m.p50Ms.toFixed(1)} ms  p99 ${m.p99Ms.toFixed(1)} ms${ratio}${problems}`;
}
