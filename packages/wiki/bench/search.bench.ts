/**
 * `list=search`: requests/s and p50/p99 latency at 1, 2 and 8 concurrent
 * clients on the imported reference wiki and on the generated wiki of 100,000 pages
 * (generated-wiki.ts; `BENCH_WIKI_PAGES` changes its size), beside a trivial Fastify route measured
 * in the same run (printed as a ratio), with `wiki serve` in its own processes (api-measure.ts;
 * `BENCH_WORKERS` workers, default one per core as in production). Before that, each query's CPU time in process.
 * At the end, the target: search p99 under 50 ms on the large wiki.
 *
 * The generated wiki's store is built by the XML importer, which builds its search index; a
 * cached store made before the search index existed gets its index here first (once, in place:
 * the store is then what an import gives); `BENCH_COMPLETE_INDEX=0` measures with the index as
 * far as it was built (the run says how many pages it covers).
 *
 * `BENCH_SECONDS` sets the duration of each measurement (default 5); `BENCH_HTTP=0` measures the
 * CPU per request only.
 */
import { availableParallelism } from 'node:os';
import { sql } from 'kysely';
import { refreshSearchIndex } from '../src/store/search-index.js';
import { importReferenceWiki } from '../test/helpers/reference-wiki.js';
import { cpuPerRequest, measureBaseline, measureServer, type Query, type WikiName } from './api-measure.js';
import { generatedWiki } from './generated-wiki.js';

const workers = Number(process.env.BENCH_WORKERS ?? String(availableParallelism()));
const TARGET_SEARCH_P99_MS = 50;

const api = (params: Record<string, string>) =>
  new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', ...params }).toString();

const searchQuery = (words: string, what = 'text'): Query => [
  `list=search srwhat=${what} "${words}"`,
  api({ list: 'search', srsearch: words, srwhat: what }),
];

/** Common words of each wiki (the generated one draws its text from the English sample dump). */
const QUERIES: Record<WikiName, Query[]> = {
  reference: [
    searchQuery('Stadt'),
    searchQuery('die'),
    searchQuery('Deutschland Einwohner'),
    searchQuery('Berlin', 'title'),
  ],
  generated: [
    searchQuery('the'),
    searchQuery('history'),
    searchQuery('war city'),
    searchQuery('"the history"'),
    searchQuery('american', 'title'),
  ],
};

/** The number of hits a search answered, beside its CPU time. */
function hits(body: string): string {
  const total = (JSON.parse(body) as { query?: { searchinfo?: { totalhits?: number } } }).query?.searchinfo?.totalhits;
  return total === undefined ? '' : `  (${total.toLocaleString('en-US')} hits)`;
}

const reference = await importReferenceWiki();
try {
  await cpuPerRequest(reference, 'reference', QUERIES.reference, { runs: 200, annotate: hits });
} finally {
  await reference.dispose();
}
const generated = await generatedWiki();
try {
  const counts = await sql<{ pages: number; indexed: number }>`select
      (select count(*) from page) as pages, (select count(*) from searchindex_page) as indexed`.execute(
    generated.store.db,
  );
  const { pages, indexed } = counts.rows[0]!;
  if (Number(indexed) < Number(pages) && process.env.BENCH_COMPLETE_INDEX !== '0') {
    process.stderr.write(`building the search index of the generated wiki (${indexed} of ${pages} pages indexed)\n`);
    await generated.store.db.transaction().execute((trx) => refreshSearchIndex(trx, generated.site));
  } else if (Number(indexed) < Number(pages)) {
    process.stdout.write(`the search index covers ${indexed} of ${pages} pages (BENCH_COMPLETE_INDEX=0)\n`);
  }
  await cpuPerRequest(generated, 'generated', QUERIES.generated, { runs: 100, annotate: hits });
} finally {
  await generated.dispose();
}

if (process.env.BENCH_HTTP !== '0') {
  const baseline = await measureBaseline();
  await measureServer('reference', workers, QUERIES.reference, baseline);
  const large = await measureServer('generated', workers, QUERIES.generated, baseline);
  process.stdout.write(
    `\ntarget: list=search p99 < ${TARGET_SEARCH_P99_MS} ms on the generated wiki (${workers} worker(s))\n`,
  );
  for (const [key, m] of large) {
    const [label, connections] = key.split('|');
    const verdict = m.p99Ms < TARGET_SEARCH_P99_MS ? 'ok' : 'MISSED';
    process.stdout.write(
      `${`${label} at ${connections} clients`.padEnd(56)} p99 ${m.p99Ms.toFixed(1)} ms  ${verdict}\n`,
    );
  }
}
