/**
 * `list=search` and files by generator: requests/s and p50/p99 latency at 1, 2 and 8 concurrent
 * clients on the imported reference wiki and on the generated wiki of 100,000 pages
 * (generated-wiki.ts; `BENCH_WIKI_PAGES` changes its size), beside a trivial Fastify route measured
 * in the same run (printed as a ratio), with the server in its own process (bench-server.ts,
 * `BENCH_WORKERS` worker processes, default 1). Before that, each query's CPU time in process.
 * At the end, the target: search p99 under 50 ms on the large wiki.
 *
 * The generated wiki's store is built by the XML importer, which builds its search index; a
 * cached store made before the search index existed gets its index here first (once, in place:
 * the store is then what an import gives).
 *
 * `BENCH_SECONDS` sets the duration of each measurement (default 5); `BENCH_HTTP=0` measures the
 * CPU per request only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { formatMeasurement, type HttpMeasurement, measureHttp, withTrivialServer } from '@svc/common/bench';
import { sql } from 'kysely';
import { DEFAULT_SOFTWARE_NAME } from '../src/api/app.js';
import { handleApiRequest } from '../src/api/main.js';
import type { SiteConfig } from '../src/site/site.js';
import { TitleCodec } from '../src/site/title.js';
import type { WikiStore } from '../src/store/database.js';
import { refreshSearchIndex } from '../src/store/search-index.js';
import { cachePreparedStatements } from '../src/store/statement-cache.js';
import { importReferenceWiki } from '../test/helpers/reference-wiki.js';
import { generatedWiki } from './generated-wiki.js';

const seconds = Number(process.env.BENCH_SECONDS ?? '5');
const workers = Number(process.env.BENCH_WORKERS ?? '1');
const CLIENTS = [1, 2, 8];
const TARGET_SEARCH_P99_MS = 50;

type Query = [label: string, query: string];
type WikiName = 'reference' | 'generated';

const api = (params: Record<string, string>) =>
  new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', ...params }).toString();

const searchQuery = (words: string, what = 'text'): Query => [
  `list=search srwhat=${what} "${words}"`,
  api({ list: 'search', srsearch: words, srwhat: what }),
];

const FILES: Query = [
  'generator=allimages&gailimit=50&prop=imageinfo',
  api({ generator: 'allimages', gailimit: '50', prop: 'imageinfo' }),
];

/** Common words of each wiki (the generated one draws its text from the English sample dump). */
const QUERIES: Record<WikiName, Query[]> = {
  reference: [
    searchQuery('Stadt'),
    searchQuery('die'),
    searchQuery('Deutschland Einwohner'),
    searchQuery('Berlin', 'title'),
    FILES,
  ],
  generated: [
    searchQuery('the'),
    searchQuery('history'),
    searchQuery('war city'),
    searchQuery('"the history"'),
    searchQuery('american', 'title'),
    FILES,
  ],
};

const isSearch = (label: string) => label.startsWith('list=search');

async function cpuPerRequest(wiki: { store: WikiStore; site: SiteConfig }, name: WikiName) {
  if (wiki.store.sqlite) cachePreparedStatements(wiki.store.sqlite);
  const services = {
    site: wiki.site,
    titles: new TitleCodec(wiki.site),
    store: wiki.store,
    softwareName: DEFAULT_SOFTWARE_NAME,
    hostName: 'bench',
  };
  for (const [label, query] of QUERIES[name]) {
    const run = () =>
      handleApiRequest(
        { method: 'GET', params: [...new URLSearchParams(query)], ip: '127.0.0.1', requestOrigin: 'http://127.0.0.1' },
        services,
      );
    const first = await run();
    if (first.status !== 200) throw new Error(`${label} on the ${name} wiki answered ${first.status}`);
    const hits = (JSON.parse(String(first.body)) as { query?: { searchinfo?: { totalhits?: number } } }).query
      ?.searchinfo?.totalhits;
    for (let i = 0; i < 20; i++) await run();
    const count = 200;
    const start = process.cpuUsage();
    for (let i = 0; i < count; i++) await run();
    const used = process.cpuUsage(start);
    const micros = (used.user + used.system) / count;
    const found = hits === undefined ? '' : `  (${hits.toLocaleString('en-US')} hits)`;
    process.stdout.write(
      `${`${label} [${name}, in process]`.padEnd(64)} ${micros.toFixed(0).padStart(6)} µs CPU${found}\n`,
    );
  }
}

async function startServer(wiki: WikiName): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', new URL('./bench-server.ts', import.meta.url).pathname],
    { env: { ...process.env, WORKERS: String(workers), BENCH_WIKI: wiki }, stdio: ['ignore', 'pipe', 'inherit'] },
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

async function measureServer(wiki: WikiName, baseline: Map<number, HttpMeasurement>) {
  const results = new Map<string, HttpMeasurement>();
  const { port, child } = await startServer(wiki);
  try {
    for (const [label, query] of QUERIES[wiki]) {
      const url = `http://127.0.0.1:${port}/api.php?${query}`;
      await measureHttp('warm-up', { url, connections: 2, durationSeconds: 1 });
      for (const connections of CLIENTS) {
        const m = await measureHttp(`${label} [${wiki}]`, { url, connections, durationSeconds: seconds });
        results.set(`${label}|${connections}`, m);
        process.stdout.write(`${formatMeasurement(m, baseline.get(connections))}\n`);
      }
    }
  } finally {
    child.kill('SIGTERM');
  }
  return results;
}

const reference = await importReferenceWiki();
try {
  await cpuPerRequest(reference, 'reference');
} finally {
  await reference.dispose();
}
const generated = await generatedWiki();
try {
  const unindexed = await sql<{ n: number }>`select count(*) as n from page
    where not exists (select 1 from searchindex_page where si_page = page_id)`.execute(generated.store.db);
  if (Number(unindexed.rows[0]?.n) > 0) {
    process.stderr.write(`building the search index of ${unindexed.rows[0]?.n} pages of the generated wiki\n`);
    await generated.store.db.transaction().execute((trx) => refreshSearchIndex(trx, generated.site));
  }
  await cpuPerRequest(generated, 'generated');
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
  await measureServer('reference', baseline);
  const large = await measureServer('generated', baseline);
  process.stdout.write(
    `\ntarget: list=search p99 < ${TARGET_SEARCH_P99_MS} ms on the generated wiki (${workers} worker(s))\n`,
  );
  for (const [key, m] of large) {
    const [label, connections] = key.split('|');
    if (!isSearch(label!)) continue;
    const verdict = m.p99Ms < TARGET_SEARCH_P99_MS ? 'ok' : 'MISSED';
    process.stdout.write(
      `${`${label} at ${connections} clients`.padEnd(56)} p99 ${m.p99Ms.toFixed(1)} ms  ${verdict}\n`,
    );
  }
}
