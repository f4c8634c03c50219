/**
 * api.php throughput: requests/s and p50/p99 latency at 1, 2 and 8 concurrent clients for the
 * issue's five queries, on the imported reference wiki and on the generated wiki of 100,000 pages
 * (generated-wiki.ts; `BENCH_WIKI_PAGES` changes its size), beside a trivial Fastify route measured
 * in the same run (printed as a ratio). The server is the production one (`wiki serve` from the
 * compiled build) in its own processes: one worker, and one per core (`WIKI_WORKERS`' default).
 * Before that, the CPU time per request of the API in process, for these and more queries: on a
 * machine shared with other work it is steadier than throughput. At the end, the targets: at
 * least 6,000 requests/s at 8 clients, p99 under 10 ms, and the large wiki's p99 within 1.3 times
 * the small one's.
 *
 * `BENCH_SECONDS` sets the duration of each measurement (default 5); `BENCH_HTTP=0` measures the
 * CPU per request only.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMeasurement, type HttpMeasurement, measureHttp, withTrivialServer } from '@svc/common/bench';
import type * as AppModule from '../src/api/app.js';
import type * as MainModule from '../src/api/main.js';
import type { SiteConfig } from '../src/site/site.js';
import type * as TitleModule from '../src/site/title.js';
import type { WikiStore } from '../src/store/database.js';
import type * as StatementCacheModule from '../src/store/statement-cache.js';
import { importReferenceWiki } from '../test/helpers/reference-wiki.js';
import { type GeneratedWikiTitles, generatedWiki, generatedWikiFile } from './generated-wiki.js';

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
const { cachePreparedStatements } = await compiled<typeof StatementCacheModule>('store/statement-cache.js');

const seconds = Number(process.env.BENCH_SECONDS ?? '5');
const CLIENTS = [1, 2, 8];
/** One worker, and the production default: one per core. */
const WORKERS = [...new Set([1, availableParallelism()])];
const TARGET_RPS = 6000;
const TARGET_P99_MS = 10;
const TARGET_P99_RATIO = 1.3;

type Query = [label: string, query: string];
type WikiName = 'reference' | 'generated';

/** The issue's five queries, with a category and a linked page that the wiki has. */
function issueQueries(category: string, linked: string): Query[] {
  const e = encodeURIComponent;
  return [
    ['meta=siteinfo', 'action=query&meta=siteinfo&format=json&formatversion=2'],
    ['list=allpages&aplimit=50', 'action=query&list=allpages&aplimit=50&format=json&formatversion=2'],
    [
      'list=categorymembers&cmlimit=50',
      `action=query&list=categorymembers&cmtitle=${e(category)}&cmlimit=50&format=json&formatversion=2`,
    ],
    [
      'generator=allpages&gaplimit=50&prop=info',
      'action=query&generator=allpages&gaplimit=50&prop=info&format=json&formatversion=2',
    ],
    [
      'list=backlinks&bllimit=50',
      `action=query&list=backlinks&bltitle=${e(linked)}&bllimit=50&format=json&formatversion=2`,
    ],
  ];
}

const REFERENCE_QUERIES = issueQueries('Kategorie:Seiten mit defekten Dateilinks', 'Berlin');

const generatedQueries = (titles: GeneratedWikiTitles) => issueQueries(`Category:${titles.category}`, titles.linked);

/** More requests of the reference wiki, measured in process only. */
const MORE_REFERENCE_QUERIES: Query[] = [
  ['generator=allpages&gaplimit=50', 'action=query&generator=allpages&gaplimit=50&format=json&formatversion=2'],
  [
    'prop=info|categories|links on 3 pages',
    'action=query&prop=info%7Ccategories%7Clinks&titles=Berlin%7CHamburg%7CM%C3%BCnchen&inprop=protection%7Curl%7Ctalkid&format=json&formatversion=2',
  ],
  [
    'generator=allpages (50) prop=revisions content',
    'action=query&generator=allpages&gaplimit=50&prop=revisions&rvprop=content%7Cids%7Ctimestamp%7Cuser&rvslots=main&format=json&formatversion=2',
  ],
  [
    'list=usercontribs&uclimit=50',
    'action=query&list=usercontribs&ucuser=Carol&uclimit=50&format=json&formatversion=2',
  ],
  [
    'list=recentchanges&rclimit=50',
    'action=query&list=recentchanges&rclimit=50&rcprop=title%7Cids%7Ctimestamp%7Cuser%7Ccomment%7Cloginfo%7Csizes&format=json&formatversion=2',
  ],
  ['list=logevents&lelimit=50', 'action=query&list=logevents&lelimit=50&format=json&formatversion=2'],
  ['paraminfo query+allpages', 'action=paraminfo&modules=query%2Ballpages&format=json&formatversion=2'],
  ['titles=3 pages (page set)', 'action=query&titles=Berlin%7CHamburg%7CM%C3%BCnchen&format=json&formatversion=2'],
  ['error: badvalue', 'action=query&list=allpages&apfilterredir=bogus&format=json'],
];

/** The wiki's store, as a data folder holding `wiki.sqlite` for the server. */
async function dataDir(wiki: WikiName): Promise<{ dir: string; dispose: () => void }> {
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

/** `wiki serve` from the compiled build, with `workers` processes, on a free port. */
async function startServer(dir: string, workers: number): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(dist, 'cli.js'), 'serve'], {
    env: {
      ...process.env,
      WIKI_DATA_DIR: dir,
      WIKI_PORT: '0',
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
async function cpuPerRequest(wiki: { store: WikiStore; site: SiteConfig }, name: string, queries: Query[]) {
  if (wiki.store.sqlite) cachePreparedStatements(wiki.store.sqlite);
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
    for (let i = 0; i < 300; i++) await run();
    const count = 2000;
    const start = process.cpuUsage();
    for (let i = 0; i < count; i++) await run();
    const used = process.cpuUsage(start);
    const micros = (used.user + used.system) / count;
    process.stdout.write(
      `${`${label} [${name}, in process]`.padEnd(64)} ${micros.toFixed(0).padStart(5)} µs CPU per request\n`,
    );
  }
}

/** Measures each query at each client count against a server of `workers` processes. */
async function measureServer(
  wiki: WikiName,
  workers: number,
  queries: Query[],
  baseline: Map<number, HttpMeasurement>,
): Promise<Map<string, HttpMeasurement>> {
  const results = new Map<string, HttpMeasurement>();
  const data = await dataDir(wiki);
  const { port, child } = await startServer(data.dir, workers);
  try {
    // Warm-up: the first requests of each worker compile code paths; they are not measured.
    for (const [, query] of queries) {
      await measureHttp('warm-up', {
        url: `http://127.0.0.1:${port}/api.php?${query}`,
        connections: 8,
        durationSeconds: 1,
      });
    }
    for (const [label, query] of queries) {
      for (const connections of CLIENTS) {
        const m = await measureHttp(`${label} [${wiki}, ${workers} worker${workers > 1 ? 's' : ''}]`, {
          url: `http://127.0.0.1:${port}/api.php?${query}`,
          connections,
          durationSeconds: seconds,
        });
        results.set(`${label}|${connections}`, m);
        process.stdout.write(`${formatMeasurement(m, baseline.get(connections))}\n`);
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

/** The issue's targets at 8 clients for the largest worker count, on both wikis. */
function summary(reference: Map<string, HttpMeasurement>, generated: Map<string, HttpMeasurement>, workers: number) {
  process.stdout.write(
    `\ntargets at 8 clients, ${workers} workers: >= ${TARGET_RPS} req/s, p99 < ${TARGET_P99_MS} ms, generated p99 <= ${TARGET_P99_RATIO} x reference p99\n`,
  );
  for (const [label] of REFERENCE_QUERIES) {
    const small = reference.get(`${label}|8`);
    const large = generated.get(`${label}|8`);
    if (!small || !large) continue;
    const ratio = large.p99Ms / Math.max(small.p99Ms, 0.001);
    const ok = (pass: boolean) => (pass ? 'ok' : 'MISSED');
    process.stdout.write(
      [
        label.padEnd(44),
        `reference ${small.requestsPerSecond.toFixed(0).padStart(6)} req/s p99 ${small.p99Ms.toFixed(1)} ms`,
        `generated ${large.requestsPerSecond.toFixed(0).padStart(6)} req/s p99 ${large.p99Ms.toFixed(1)} ms`,
        `p99 ratio ${ratio.toFixed(2)} (${ok(ratio <= TARGET_P99_RATIO)})`,
        `rate ${ok(Math.min(small.requestsPerSecond, large.requestsPerSecond) >= TARGET_RPS)}`,
        `p99 ${ok(Math.max(small.p99Ms, large.p99Ms) < TARGET_P99_MS)}`,
      ].join('  '),
    );
    process.stdout.write('\n');
  }
}

const reference = await importReferenceWiki();
try {
  await cpuPerRequest(reference, 'reference', [...REFERENCE_QUERIES, ...MORE_REFERENCE_QUERIES]);
} finally {
  await reference.dispose();
}
const generated = await generatedWiki();
const GENERATED_QUERIES = generatedQueries(generated.titles);
try {
  await cpuPerRequest(generated, `generated ${generated.pages.toLocaleString('en-US')}`, GENERATED_QUERIES);
} finally {
  await generated.dispose();
}

if (process.env.BENCH_HTTP !== '0') {
  const baseline = new Map<number, HttpMeasurement>();
  await withTrivialServer(async (url) => {
    for (const connections of CLIENTS) {
      const m = await measureHttp('trivial Fastify route', { url, connections, durationSeconds: seconds });
      baseline.set(connections, m);
      process.stdout.write(`${formatMeasurement(m)}\n`);
    }
  });
  const results = new Map<string, Map<string, HttpMeasurement>>();
  for (const workers of WORKERS) {
    results.set(`reference|${workers}`, await measureServer('reference', workers, REFERENCE_QUERIES, baseline));
    results.set(`generated|${workers}`, await measureServer('generated', workers, GENERATED_QUERIES, baseline));
  }
  for (const workers of WORKERS) {
    summary(results.get(`reference|${workers}`)!, results.get(`generated|${workers}`)!, workers);
  }
}
