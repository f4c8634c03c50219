/**
 * api.php throughput: requests/s and p50/p99 latency at 1, 2 and 8 concurrent clients for the
 * queries the wiki's issues set targets for (the entry point's five; revisions with content,
 * recent changes, user contributions and log events; image info by generator; extracts and page
 * images by generator), on the imported reference wiki and on the generated wiki of 100,000 pages
 * (generated-wiki.ts; `BENCH_WIKI_PAGES` changes its size), beside a trivial Fastify route measured
 * in the same run (printed as a ratio). The server is the production one (`wiki serve` from the
 * compiled build) in its own processes: one worker, and one per core (`WIKI_WORKERS`' default).
 * Before that, the CPU time per request of the API in process, for these and more queries: on a
 * machine shared with other work it is steadier than throughput. At the end, the targets: at
 * least 6,000 requests/s at 8 clients, p99 under 10 ms, and the large wiki's p99 within 1.3 times
 * the small one's.
 *
 * Every request over HTTP says `Accept-Encoding: gzip, deflate`, as mwclient, mwn and pywikibot
 * send it: answers of 16 KB or more (here, the revision contents) come gzip-compressed. The revision
 * contents are measured once more without it (untargeted).
 *
 * `BENCH_SECONDS` sets the duration of each measurement (default 5); `BENCH_HTTP=0` measures the
 * CPU per request only; `BENCH_ONLY` (a regular expression) keeps the queries whose label matches.
 */
import { availableParallelism } from 'node:os';
import type { HttpMeasurement } from '@svc/common/bench';
import { importReferenceWiki } from '../test/helpers/reference-wiki.js';
import { compareEngines } from './api-engines.js';
import { cpuPerRequest, measureBaseline, measureServer, type Query } from './api-measure.js';
import { type Group, issueQueries, MORE_REFERENCE_QUERIES, REFERENCE_SUBJECTS } from './api-queries.js';
import { type GeneratedWikiTitles, generatedWiki } from './generated-wiki.js';

/** One worker, and the production default: one per core. */
const WORKERS = [...new Set([1, availableParallelism()])];
const TARGET_RPS = 6000;
const TARGET_P99_MS = 10;
const TARGET_P99_RATIO = 1.3;

const flat = (groups: Group[]) => groups.flatMap(([, queries]) => queries);
/** In process there are no headers: a query measured twice over HTTP (with and without gzip) is measured once. */
const distinct = (queries: Query[]) => queries.filter((q, i) => queries.findIndex((o) => o[1] === q[1]) === i);

/** The reference wiki's queries (see api-queries.ts). */
const REFERENCE_GROUPS = issueQueries(REFERENCE_SUBJECTS);

const generatedGroups = (titles: GeneratedWikiTitles) =>
  issueQueries({ category: `Category:${titles.category}`, linked: titles.linked, user: titles.user });

/** Groups measured without targets, and why. */
const UNTARGETED_GROUPS = new Map([
  [
    'files',
    '(the files issue sets no rate for imageinfo; the reference wiki has 5 files, the generated one 50 a request)',
  ],
  [
    'uncompressed',
    '(a client that does not accept gzip: about a megabyte an answer, which the loopback of a two-core machine carries about 6,000 times a second with nothing else to do)',
  ],
]);

/** The targets at 8 clients for the largest worker count, on both wikis, by issue. */
function summary(reference: Map<string, HttpMeasurement>, generated: Map<string, HttpMeasurement>, workers: number) {
  process.stdout.write(
    `\ntargets at 8 clients, ${workers} workers: >= ${TARGET_RPS} req/s, p99 < ${TARGET_P99_MS} ms, generated p99 <= ${TARGET_P99_RATIO} x reference p99\n`,
  );
  const ok = (pass: boolean) => (pass ? 'ok' : 'MISSED');
  for (const [issue, queries] of REFERENCE_GROUPS) {
    const targeted = !UNTARGETED_GROUPS.has(issue);
    process.stdout.write(`${issue}:${targeted ? '' : ` ${UNTARGETED_GROUPS.get(issue)}`}\n`);
    for (const [label] of queries) {
      const small = reference.get(`${label}|8`);
      const large = generated.get(`${label}|8`);
      if (!small || !large) continue;
      const ratio = large.p99Ms / Math.max(small.p99Ms, 0.001);
      process.stdout.write(
        [
          `  ${label.padEnd(48)}`,
          `reference ${small.requestsPerSecond.toFixed(0).padStart(6)} req/s p99 ${small.p99Ms.toFixed(1)} ms`,
          `generated ${large.requestsPerSecond.toFixed(0).padStart(6)} req/s p99 ${large.p99Ms.toFixed(1)} ms`,
          `p99 ratio ${ratio.toFixed(2)}${targeted ? ` (${ok(ratio <= TARGET_P99_RATIO)})` : ''}`,
          ...(targeted
            ? [
                `rate ${ok(Math.min(small.requestsPerSecond, large.requestsPerSecond) >= TARGET_RPS)}`,
                `p99 ${ok(Math.max(small.p99Ms, large.p99Ms) < TARGET_P99_MS)}`,
              ]
            : []),
        ].join('  '),
      );
      process.stdout.write('\n');
    }
  }
}

const REFERENCE_QUERIES = flat(REFERENCE_GROUPS);

/** `--engine postgres`: the reference wiki's queries on both engines, as ratios (api-engines.ts). */
const engineArgument = process.argv.indexOf('--engine');
const engine = engineArgument >= 0 ? process.argv[engineArgument + 1] : undefined;
if (engine !== undefined && engine !== 'postgres') throw new Error(`--engine: expected postgres, got ${engine}`);
if (engine === 'postgres') {
  const search: Query = [
    'list=search "Stadt" (snippets)',
    'action=query&list=search&srsearch=Stadt&format=json&formatversion=2',
    { 'accept-encoding': 'gzip, deflate' },
  ];
  const compared = distinct(REFERENCE_QUERIES).filter(([label]) => !/identity/i.test(label));
  await compareEngines(
    [...compared, search].filter(
      ([label]) => !process.env.BENCH_ONLY || new RegExp(process.env.BENCH_ONLY).test(label),
    ),
  );
  process.exit(0);
}
const reference = await importReferenceWiki();
try {
  await cpuPerRequest(reference, 'reference', [
    ...distinct(REFERENCE_QUERIES),
    ...(process.env.BENCH_ONLY ? [] : MORE_REFERENCE_QUERIES),
  ]);
} finally {
  await reference.dispose();
}
const generated = await generatedWiki();
const GENERATED_QUERIES = flat(generatedGroups(generated.titles));
try {
  await cpuPerRequest(generated, `generated ${generated.pages.toLocaleString('en-US')}`, distinct(GENERATED_QUERIES));
} finally {
  await generated.dispose();
}

if (process.env.BENCH_HTTP !== '0') {
  const baseline = await measureBaseline();
  const results = new Map<string, Map<string, HttpMeasurement>>();
  for (const workers of WORKERS) {
    results.set(`reference|${workers}`, await measureServer('reference', workers, REFERENCE_QUERIES, baseline));
    results.set(`generated|${workers}`, await measureServer('generated', workers, GENERATED_QUERIES, baseline));
  }
  for (const workers of WORKERS) {
    summary(results.get(`reference|${workers}`)!, results.get(`generated|${workers}`)!, workers);
  }
}
