/**
 * api.php throughput: requests/s and p50/p99 latency at 1, 2 and 8 concurrent clients for each
 * query below on the imported reference wiki, beside a trivial Fastify route measured in the same run (printed as a ratio). The
 * server runs in its own processes: one worker, and a cluster of two (the target machine has two
 * cores). `BENCH_SECONDS` sets the duration of each measurement (default 5).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { formatMeasurement, type HttpMeasurement, measureHttp, withTrivialServer } from '@svc/common/bench';
import { DEFAULT_SOFTWARE_NAME } from '../src/api/app.js';
import { handleApiRequest } from '../src/api/main.js';
import { TitleCodec } from '../src/site/title.js';
import { cachePreparedStatements } from '../src/store/statement-cache.js';
import { importReferenceWiki } from '../test/helpers/reference-wiki.js';

const seconds = Number(process.env.BENCH_SECONDS ?? '5');
const CLIENTS = [1, 2, 8];

/** The measured requests; list modules join as they are implemented. */
const QUERIES: [string, string][] = [
  ['meta=siteinfo', 'action=query&meta=siteinfo&format=json&formatversion=2'],
  ['list=allpages&aplimit=50', 'action=query&list=allpages&aplimit=50&format=json&formatversion=2'],
  ['generator=allpages&gaplimit=50', 'action=query&generator=allpages&gaplimit=50&format=json&formatversion=2'],
  [
    'generator=allpages&gaplimit=50&prop=info',
    'action=query&generator=allpages&gaplimit=50&prop=info&format=json&formatversion=2',
  ],
  [
    'prop=info|categories|links on 3 pages',
    'action=query&prop=info%7Ccategories%7Clinks&titles=Berlin%7CHamburg%7CM%C3%BCnchen&inprop=protection%7Curl%7Ctalkid&format=json&formatversion=2',
  ],
  ['paraminfo query+allpages', 'action=paraminfo&modules=query%2Ballpages&format=json&formatversion=2'],
  ['titles=3 pages (page set)', 'action=query&titles=Berlin%7CHamburg%7CM%C3%BCnchen&format=json&formatversion=2'],
  ['error: badvalue', 'action=query&list=allpages&apfilterredir=bogus&format=json'],
];

/** The list modules' requests; joined with the others, one measurement per label. */
const LIST_QUERIES: [string, string][] = [
  ['list=allpages&aplimit=50', 'action=query&list=allpages&aplimit=50&format=json&formatversion=2'],
  [
    'list=categorymembers&cmlimit=50',
    'action=query&list=categorymembers&cmtitle=Kategorie%3ASeiten_mit_defekten_Dateilinks&cmlimit=50&format=json&formatversion=2',
  ],
  [
    'generator=allpages&gaplimit=50&prop=info',
    'action=query&generator=allpages&gaplimit=50&prop=info&format=json&formatversion=2',
  ],
  ['list=backlinks&bllimit=50', 'action=query&list=backlinks&bltitle=Berlin&bllimit=50&format=json&formatversion=2'],
];

const MEASURED: [string, string][] = [...new Map([...QUERIES, ...LIST_QUERIES].map((q) => [q[0], q])).values()];

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

/**
 * CPU time per request of the API itself (no HTTP), in this process: steadier than throughput on a
 * machine shared with other work, and what the throughput targets divide into.
 */
async function cpuPerRequest(): Promise<void> {
  const wiki = await importReferenceWiki();
  if (wiki.store.sqlite) cachePreparedStatements(wiki.store.sqlite);
  const services = {
    site: wiki.site,
    titles: new TitleCodec(wiki.site),
    store: wiki.store,
    softwareName: DEFAULT_SOFTWARE_NAME,
    hostName: 'bench',
  };
  try {
    for (const [label, query] of QUERIES) {
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
      for (let i = 0; i < 300; i++) await run();
      const count = 2000;
      const start = process.cpuUsage();
      for (let i = 0; i < count; i++) await run();
      const used = process.cpuUsage(start);
      const micros = (used.user + used.system) / count;
      process.stdout.write(
        `${`${label} (in process)`.padEnd(48)} ${micros.toFixed(0).padStart(5)} µs CPU per request\n`,
      );
    }
  } finally {
    await wiki.dispose();
  }
}

await cpuPerRequest();

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
    for (const [, query] of MEASURED) {
      await measureHttp('warm-up', {
        url: `http://127.0.0.1:${port}/api.php?${query}`,
        connections: 8,
        durationSeconds: 1,
      });
    }
    for (const [label, query] of MEASURED) {
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
