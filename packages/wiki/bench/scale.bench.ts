/**
 * The wiki at scale: `npm run bench -- scale --pages 1000000` generates a dump of that many
 * enwiki-shaped pages (dump-generator.ts, ≈28 KB and ≈150 links a page; several sizes may be
 * given, `--pages 200000,500000`), imports it with its search index in a process of its own
 * (generated-wiki.ts, cached like the api benchmark's wiki), and prints the import's time, MB/s of
 * XML, the peak memory of the process that generated and imported it, and the store's size. Then
 * the api benchmark's targeted queries on the reference wiki and on the generated one, measured in
 * the same run: the CPU per request in process
 * and, against `wiki serve` with one worker per core, p99 at 8 clients (`BENCH_SECONDS` each,
 * default 5), with the ratio of the generated wiki's to the reference wiki's (target: p99 within
 * 1.3 times). `BENCH_HTTP=0` stops after the CPU per request.
 *
 * The generated pages are enwiki-shaped, larger than the reference wiki's, so a query that sends
 * page texts answers with more bytes on the generated wiki at any size. To tell what the wiki's
 * size costs from what its pages' size costs, a generated wiki of `--baseline-pages` pages
 * (default 10,000; 0 leaves it out) is measured too, in the same run, and each query's p99 is also
 * printed as a ratio to that small wiki's of the same shape.
 *
 * A million pages make about 28 GB of XML, and a store larger still; the import takes hours on
 * two cores. Each size's store is removed after it is measured unless `--keep` is given (it stays
 * in the cache folder, `WIKI_BENCH_CACHE`, for the api benchmark with `BENCH_WIKI_PAGES`). The
 * machine's load average is printed with the figures: on a shared machine only same-run ratios
 * compare.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HttpMeasurement } from '@svc/common/bench';
import { importReferenceWiki } from '../test/helpers/reference-wiki.js';
import { cpuPerRequest, measureBaseline, measureServer, type Query } from './api-measure.js';
import { type Group, issueQueries, REFERENCE_SUBJECTS } from './api-queries.js';
import { type CacheMeta, type GeneratedWikiTitles, generatedWiki } from './generated-wiki.js';

const TARGET_P99_RATIO = 1.3;
/** The groups whose queries have targets (the api benchmark's; files and uncompressed have none). */
const UNTARGETED = new Set(['files', 'uncompressed']);

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    if (args[i] === `--${name}`) return args[i + 1];
    if (args[i]?.startsWith(`--${name}=`)) return args[i]!.slice(name.length + 3);
  }
  return undefined;
}

const sizes = (option('pages') ?? '1000000').split(',').map((s) => Number(s.replace(/_/g, '')));
if (sizes.some((n) => !Number.isInteger(n) || n < 1000)) {
  throw new Error('--pages takes page counts of at least 1,000, separated by commas (--pages 200000,500000)');
}
const baselinePages = Number((option('baseline-pages') ?? '10000').replace(/_/g, ''));
if (!Number.isInteger(baselinePages) || (baselinePages !== 0 && baselinePages < 1000)) {
  throw new Error('--baseline-pages takes a page count of at least 1,000, or 0 for none');
}
const keep = process.argv.includes('--keep');
const here = fileURLToPath(new URL('.', import.meta.url));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const targeted = (groups: Group[]): Query[] =>
  groups.filter(([issue]) => !UNTARGETED.has(issue)).flatMap(([, queries]) => queries);
const generatedQueries = (titles: GeneratedWikiTitles) =>
  targeted(issueQueries({ category: `Category:${titles.category}`, linked: titles.linked, user: titles.user }));
const referenceQueries = targeted(issueQueries(REFERENCE_SUBJECTS));

/** Builds (or finds cached) the generated wiki of `pages` pages in a process of its own. */
function build(pages: number): { file: string; meta: CacheMeta } {
  process.stdout.write(`\n${pages.toLocaleString('en-US')} pages: generating and importing (load average ${load()})\n`);
  const result = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', join(here, 'generated-wiki.ts'), String(pages)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 },
  );
  const [file, meta] = result.stdout.trim().split('\n');
  if (result.status !== 0 || !file || !meta) throw new Error(`building the generated wiki of ${pages} pages failed`);
  return { file, meta: JSON.parse(meta) as CacheMeta };
}

function describeBuild(meta: CacheMeta): string {
  const mb = meta.dumpBytes / 1e6;
  const seconds = meta.importSeconds ?? meta.seconds;
  return [
    `  import: ${mb.toFixed(0)} MB of XML in ${seconds.toFixed(0)} s`,
    `${(mb / seconds).toFixed(1)} MB/s`,
    `${Math.round(meta.pages / seconds).toLocaleString('en-US')} articles/s`,
    meta.peakRssMb
      ? `peak ${meta.peakRssMb.toFixed(0)} MB (generation and import)`
      : 'peak memory not recorded (built before it was)',
    meta.storeBytes ? `store ${(meta.storeBytes / 1e9).toFixed(1)} GB` : '',
    `(generation and import ${meta.seconds.toFixed(0)} s; load average now ${load()})`,
  ]
    .filter(Boolean)
    .join(', ');
}

const ratio = (large: number, small: number) => large / Math.max(small, 1e-9);

const reference = await importReferenceWiki();
let referenceCpu: Map<string, number>;
try {
  referenceCpu = await cpuPerRequest(reference, 'reference', referenceQueries, { runs: 500 });
} finally {
  await reference.dispose();
}
const workers = availableParallelism();
const http = process.env.BENCH_HTTP !== '0';
const baseline = http ? await measureBaseline([8]) : new Map<number, HttpMeasurement>();

/** The generated wiki of `pages` pages served over HTTP (the cached store `BENCH_WIKI_PAGES` names). */
async function serveGenerated(pages: number, queries: Query[]): Promise<Map<string, HttpMeasurement>> {
  process.env.BENCH_WIKI_PAGES = String(pages);
  return measureServer('generated', workers, queries, baseline, [8]);
}

const baselineBuild = http && baselinePages > 0 ? build(baselinePages) : undefined;
if (baselineBuild) process.stdout.write(`${describeBuild(baselineBuild.meta)}\n`);
const baselineQueries = baselineBuild ? generatedQueries(baselineBuild.meta.titles) : [];

const lines: string[] = [];
for (const pages of sizes) {
  const { file, meta } = build(pages);
  process.stdout.write(`${describeBuild(meta)}\n`);
  process.env.BENCH_WIKI_PAGES = String(pages);
  const wiki = await generatedWiki(pages);
  const queries = generatedQueries(wiki.titles);
  let cpu: Map<string, number>;
  try {
    cpu = await cpuPerRequest(wiki, `generated ${pages.toLocaleString('en-US')}`, queries, { runs: 500 });
  } finally {
    await wiki.dispose();
  }
  // The reference wiki's and the small generated wiki's requests just before the large one's, so
  // that all three meet the same load.
  const referenceHttp = http ? await measureServer('reference', workers, referenceQueries, baseline, [8]) : undefined;
  const smallHttp = baselineBuild ? await serveGenerated(baselinePages, baselineQueries) : undefined;
  const served = http ? await serveGenerated(pages, queries) : undefined;
  lines.push(`${pages.toLocaleString('en-US')} pages: ${describeBuild(meta).trim()}`);
  for (const [label] of queries) {
    const cpuRatio = ratio(cpu.get(label) ?? 0, referenceCpu.get(label) ?? 0);
    const small = referenceHttp?.get(`${label}|8`);
    const sameShape = smallHttp?.get(`${label}|8`);
    const large = served?.get(`${label}|8`);
    const p99 = small && large ? ratio(large.p99Ms, small.p99Ms) : undefined;
    const p99SameShape = sameShape && large ? ratio(large.p99Ms, sameShape.p99Ms) : undefined;
    lines.push(
      [
        `  ${label.padEnd(48)}`,
        `CPU/request ${(cpu.get(label) ?? 0).toFixed(0).padStart(5)} µs = ${cpuRatio.toFixed(2)} x reference`,
        p99 === undefined
          ? ''
          : `p99 at 8 clients ${large!.p99Ms.toFixed(1)} ms = ${p99.toFixed(2)} x reference (${p99 <= TARGET_P99_RATIO ? 'ok' : 'MISSED'})`,
        p99SameShape === undefined
          ? ''
          : `= ${p99SameShape.toFixed(2)} x generated ${baselinePages.toLocaleString('en-US')} (${p99SameShape <= TARGET_P99_RATIO ? 'ok' : 'MISSED'})`,
      ].join('  '),
    );
  }
  if (!keep) rmSync(dirname(file), { recursive: true, force: true });
}
if (baselineBuild && !keep) rmSync(dirname(baselineBuild.file), { recursive: true, force: true });
process.stdout.write(
  `\nscale, against the reference wiki${baselineBuild ? ` and a generated wiki of ${baselinePages.toLocaleString('en-US')} pages` : ''} measured in the same run (target: p99 <= ${TARGET_P99_RATIO} x):\n`,
);
process.stdout.write(`${lines.join('\n')}\n`);
