/**
 * api.php throughput: requests/s and p50/p99 latency at 1, 2 and 8 concurrent clients for each
 * query below, beside a trivial Fastify route measured in the same run (printed as a ratio). The
 * server runs in its own processes: one worker, and a cluster of two (the target machine has two
 * cores). `BENCH_SECONDS` sets the duration of each measurement (default 5).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { formatMeasurement, type HttpMeasurement, measureHttp, withTrivialServer } from '@svc/common/bench';

const seconds = Number(process.env.BENCH_SECONDS ?? '5');
const CLIENTS = [1, 2, 8];

/** The measured requests; list modules join as they are implemented. */
const QUERIES: [string, string][] = [
  ['meta=siteinfo', 'action=query&meta=siteinfo&format=json&formatversion=2'],
  ['paraminfo query+allpages', 'action=paraminfo&modules=query%2Ballpages&format=json&formatversion=2'],
  ['titles=3 pages (page set)', 'action=query&titles=Berlin%7CHamburg%7CM%C3%BCnchen&format=json&formatversion=2'],
  ['error: badvalue', 'action=query&list=allpages&apfilterredir=bogus&format=json'],
];

async function startServer(workers: number): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', new URL('./bench-server.ts', import.meta.url).pathname],
    {
      env: { ...process.env, WORKERS: String(workers) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening (\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { port, child };
}

const baseline = new Map<number, HttpMeasurement>();
await withTrivialServer(async (url) => {
  for (const connections of CLIENTS) {
    const m = await measureHttp('trivial Fastify route', { url, connections, durationSeconds: seconds });
    baseline.set(connections, m);
    process.stdout.write(`${formatMeasurement(m)}\n`);
  }
});

for (const workers of [1, 2]) {
  const { port, child } = await startServer(workers);
  try {
    // Warm-up: the first requests of each worker compile code paths; they are not measured.
    for (const [, query] of QUERIES) {
      await measureHttp('warm-up', {
        url: `http://127.0.0.1:${port}/api.php?${query}`,
        connections: 8,
        durationSeconds: 1,
      });
    }
    for (const [label, query] of QUERIES) {
      for (const connections of CLIENTS) {
        const m = await measureHttp(`${label} [${workers} worker${workers > 1 ? 's' : ''}]`, {
          url: `http://127.0.0.1:${port}/api.php?${query}`,
          connections,
          durationSeconds: seconds,
        });
        process.stdout.write(`${formatMeasurement(m, baseline.get(connections))}\n`);
      }
    }
  } finally {
    child.kill('SIGTERM');
  }
}
