/**
 * XML dump import throughput and memory, in two parts.
 *
 * First, the import as users run it (`npm run wiki -- import`, default options) of one generated
 * dump (`BENCH_IMPORT_PAGES` pages, default 500: linting them takes minutes), as `.xml` and as `.xml.bz2`: the XML reader
 * alone and bzip2 decompression alone (lbzip2, bzip2 and the JavaScript decoder) on the same
 * file as baselines, each import's MB/s of XML, pages/s and peak memory, then the time the search
 * index and the lint errors take after it (they are built after the import, which the server
 * answers from at once).
 *
 * `BENCH_IMPORT_ONLY=1` leaves out the JavaScript decoder and the builds after the import (the
 * lint errors of 500 pages take minutes on a busy machine), to compare imports quickly.
 *
 * Then, with `BENCH_PAGES` set, the throughput table of imports without lint errors: the largest
 * sample dump (enwiki, 206 long articles) and generated dumps following its shape (≈28 KB and ≈150
 * links a page) of 10,000 and `BENCH_PAGES` pages, the search index built in the import.
 *
 * The two imports run twice in alternation (the machine's load moves), and their CPU seconds are
 * printed with the decoder's (a child process's, from /proc): on a machine whose cores are all
 * busy, CPU time sets the pace, so the ratio of CPU seconds is then the ratio of speeds. Each
 * import's CPU seconds by thread follow (Linux): the main thread's while the busiest other thread
 * (the reader thread of a large `.xml` dump) ran and after it, which on two free cores set the
 * pace, then the busiest other's and the rest's (V8's compiler and collector, SQLite's sorter).
 *
 * Each import runs in its own process into a fresh SQLite store, with link extraction and every
 * write, so its peak memory is its own (a decompressing lbzip2 process's is not counted). Figures
 * of one run compare; the machine's load average is printed with them. MediaWiki's importDump.php
 * does about 0.06 MB/s here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { decoderArguments } from '../src/import/xml/bzip2-decoder.js';
import { sampleModel, writeGeneratedDump } from './dump-generator.js';

type Mode = 'import' | 'parse' | 'default' | 'bunzip-js';

interface Measurement {
  mode: Mode;
  bytes: number;
  /** Bytes of XML (the decompressed size of a compressed file). */
  xmlBytes: number;
  seconds: number;
  /** Default imports: the builds after the import (links of templates, search index, lint errors). */
  linksSeconds?: number;
  searchSeconds?: number;
  lintSeconds?: number;
  /** Default imports: each build's CPU seconds, and the process's peak memory when each ended. */
  linksCpuSeconds?: number;
  searchCpuSeconds?: number;
  lintCpuSeconds?: number;
  linksPeakRssMb?: number;
  searchPeakRssMb?: number;
  lintPeakRssMb?: number;
  /** Default imports: the peak memory when the import ended (before the builds after it). */
  importPeakRssMb?: number;
  /** Default imports: the import's CPU seconds (before the builds after it). */
  importCpuSeconds?: number;
  /**
   * Default imports: CPU seconds of the main thread (in all, and when the busiest other thread
   * last ran), of the busiest other thread (the reader thread, when there is one) and of the rest.
   */
  threads?: { main: number; mainBefore: number; busiest: number; rest: number };
  /** Default imports: the progress line's first label (it names the decompression). */
  label?: string;
  cpuSeconds: number;
  /** CPU seconds of the process's children (a native bzip2 decoder), from /proc where there is one. */
  childCpuSeconds: number;
  pages: number;
  revisions: number;
  peakRssMb: number;
}

const here = fileURLToPath(new URL('.', import.meta.url));
const sampleGz = join(here, '../test/fixtures/dumps/enwiki-pages-articles1-shortened.xml.gz');
const dist = (module: string) => JSON.stringify(new URL(`../dist/${module}`, import.meta.url).href);

/**
 * One measurement (an import, or the XML reader alone), printed as JSON. It runs the compiled
 * build in a plain Node.js process, as `npm run wiki -- import` does, so that its peak memory is
 * the importer's and not the TypeScript loader's.
 */
const CHILD = `
import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
const { readDump } = await import(${dist('import/xml/dump-reader.js')});
const { importXmlDump } = await import(${dist('import/xml/xml-importer.js')});
const { openWikiStore } = await import(${dist('store/database.js')});
const { completeDeferredBuilds } = await import(${dist('import/deferred-builds.js')});
const { openDump } = await import(${dist('import/xml/open-dump.js')});
const [mode, file] = process.argv.slice(2);
const started = performance.now();
const cpu = process.cpuUsage();
let pages = 0;
let revisions = 0;
let xmlBytes = statSync(file).size;
const extra = {};
if (mode === 'bunzip-js') {
  process.env.WIKI_BZIP2 = 'javascript';
  xmlBytes = 0;
  for await (const chunk of (await openDump(file)).stream) xmlBytes += chunk.length;
} else if (mode === 'default') {
  // Each thread's CPU seconds (Linux), sampled as the event loop turns: the reader thread's are
  // taken before it ends, and the main thread's when the busiest other thread last moved.
  const threads = new Map();
  const mainHistory = [];
  const sample = () => {
    try {
      const now = performance.now();
      for (const tid of readdirSync('/proc/self/task')) {
        let stat;
        try {
          stat = readFileSync('/proc/self/task/' + tid + '/stat', 'utf8');
        } catch {
          continue; // the thread has ended
        }
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const cpu = (Number(fields[11]) + Number(fields[12])) / 100;
        if (threads.get(tid)?.cpu !== cpu) threads.set(tid, { cpu, moved: now });
      }
      mainHistory.push([now, threads.get(String(process.pid))?.cpu ?? 0]);
    } catch {}
  };
  // What the threads had used before the import (loading the modules) is not counted.
  sample();
  const before = new Map([...threads].map(([tid, t]) => [tid, t.cpu]));
  const sampler = setInterval(sample, 20);
  extra.threadsOf = () => {
    clearInterval(sampler);
    sample();
    const used = (tid) => threads.get(tid).cpu - (before.get(tid) ?? 0);
    const mainTid = String(process.pid);
    const others = [...threads.keys()].filter((tid) => tid !== mainTid);
    const busiest = others.reduce((a, b) => (a === undefined || used(b) > used(a) ? b : a), undefined);
    const until = busiest === undefined ? 0 : threads.get(busiest).moved;
    const mainThen = (mainHistory.filter(([at]) => at <= until).pop()?.[1] ?? before.get(mainTid)) - before.get(mainTid);
    const busiestUsed = busiest === undefined ? 0 : used(busiest);
    return { main: used(mainTid), mainBefore: mainThen, busiest: busiestUsed, rest: others.reduce((s, tid) => s + used(tid), 0) - busiestUsed };
  };
  const dir = mkdtempSync(join(tmpdir(), 'wiki-import-bench-'));
  try {
    const store = await openWikiStore({ engine: 'sqlite', file: join(dir, 'wiki.sqlite') });
    try {
      // As the import command runs it: the links of templates, search index and lint errors after the import.
      let label;
      const progress = { begin: (l) => { label ??= l; }, advance() {}, end() {} };
      const summary = await importXmlDump(store, file, { deferBuilds: true, progress });
      extra.importSeconds = (performance.now() - started) / 1000;
      extra.threads = extra.threadsOf();
      delete extra.threadsOf;
      extra.importPeakRssMb = process.resourceUsage().maxRSS / 1024;
      const importCpu = process.cpuUsage(cpu);
      extra.importCpuSeconds = (importCpu.user + importCpu.system) / 1e6;
      extra.label = label;
      pages = summary.pages;
      revisions = summary.revisions;
      if (process.argv[4] === 'builds') {
        // Each build's CPU seconds, and the peak so far when each ends (the last: the whole's).
        const marks = [];
        const mark = (kind) => {
          const used = process.cpuUsage();
          marks.push({ kind, cpu: (used.user + used.system) / 1e6, peak: process.resourceUsage().maxRSS / 1024 });
        };
        const kindOf = (l) => (l.includes('search') ? 'search' : l.includes('link tables') ? 'links' : 'lint');
        const builds = { begin: (l) => mark(kindOf(l)), advance() {}, end() {} };
        for (const result of await completeDeferredBuilds(store, builds)) extra[result.kind + 'Seconds'] = result.seconds;
        mark('end');
        for (let i = 0; i + 1 < marks.length; i++) {
          extra[marks[i].kind + 'CpuSeconds'] = marks[i + 1].cpu - marks[i].cpu;
          extra[marks[i].kind + 'PeakRssMb'] = marks[i + 1].peak;
        }
      }
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
} else if (mode === 'parse') {
  for await (const event of readDump(createReadStream(file, { highWaterMark: 1 << 20 }), file)) {
    if (event.type === 'page') pages++;
    else if (event.type === 'revision') revisions++;
  }
} else {
  const dir = mkdtempSync(join(tmpdir(), 'wiki-import-bench-'));
  try {
    const store = await openWikiStore({ engine: 'sqlite', file: join(dir, 'wiki.sqlite') });
    try {
      // Linting (list=linterrors) is left out: at about 0.1 MB of wikitext per CPU-second it would
      // dominate every figure; the README gives its cost on its own.
      const summary = await importXmlDump(store, file, { lint: false });
      pages = summary.pages;
      revisions = summary.revisions;
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const used = process.cpuUsage(cpu);
// The children's CPU time (a decoder that has exited and been waited for): cutime and cstime.
let childCpuSeconds = 0;
try {
  const stat = (await import('node:fs')).readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  childCpuSeconds = (Number(fields[13]) + Number(fields[14])) / 100;
} catch {}
process.stdout.write(JSON.stringify({
  mode,
  bytes: statSync(file).size,
  xmlBytes,
  seconds: (performance.now() - started) / 1000,
  ...extra,
  ...(extra.importSeconds ? { seconds: extra.importSeconds } : {}),
  cpuSeconds: (used.user + used.system) / 1e6,
  childCpuSeconds,
  pages,
  revisions,
  peakRssMb: process.resourceUsage().maxRSS / 1024,
}) + '\\n');
`;

function runChild(mode: Mode, file: string, builds = false): Measurement {
  const script = join(dirname(file), 'measure.mjs');
  writeFileSync(script, CHILD);
  const result = spawnSync(process.execPath, [script, mode, file, ...(builds ? ['builds'] : [])], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
    env: process.env,
  });
  const line = result.stdout.trim().split('\n').pop() ?? '';
  if (result.status !== 0 || !line.startsWith('{')) {
    throw new Error(`benchmark child failed (${mode} ${file}): ${result.stderr || result.stdout}`);
  }
  return JSON.parse(line) as Measurement;
}

function report(name: string, parse: Measurement, imported: Measurement): string {
  const mb = imported.bytes / 1e6;
  const importRate = mb / imported.seconds;
  const parseRate = mb / parse.seconds;
  return [
    name.padEnd(22),
    `${mb.toFixed(0).padStart(6)} MB`,
    `${imported.pages.toLocaleString('en-US').padStart(8)} pages`,
    `${importRate.toFixed(1).padStart(6)} MB/s`,
    `${Math.round(imported.revisions / imported.seconds)
      .toLocaleString('en-US')
      .padStart(7)} rev/s`,
    `${(mb / imported.cpuSeconds).toFixed(1).padStart(5)} MB/cpu-s`,
    `peak ${imported.peakRssMb.toFixed(0).padStart(4)} MB`,
    `${((100 * importRate) / parseRate).toFixed(0).padStart(3)}% of parsing alone (${parseRate.toFixed(1)} MB/s)`,
    `${Math.round(importRate / 0.06).toLocaleString('en-US')}x importDump.php`,
  ].join('  ');
}

/** The CPU seconds of this process's children that have exited and been waited for (from /proc). */
function childrenCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

/** Seconds and CPU seconds a native decoder takes to decompress a file to nowhere. */
function nativeDecompression(command: string, file: string): { seconds: number; cpuSeconds: number } | undefined {
  const started = performance.now();
  const cpu = childrenCpuSeconds();
  const result = spawnSync('sh', ['-c', `${command} "$1" > /dev/null`, 'sh', file]);
  if (result.status !== 0) return undefined;
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: childrenCpuSeconds() - cpu };
}

/** Where an import's CPU went by thread (the main thread's own seconds set the pace on two free cores). */
function threadsLine(t: NonNullable<Measurement['threads']>): string {
  const f = (seconds: number) => seconds.toFixed(1);
  return (
    `threads: main ${f(t.main)} s (${f(t.mainBefore)} while the busiest other ran, ${f(t.main - t.mainBefore)} after), ` +
    `busiest other ${f(t.busiest)} s, the rest ${f(t.rest)} s`
  );
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The import as users run it, of one dump as .xml and as .xml.bz2, and what follows it. */
async function defaultImports(dir: string, model: Awaited<ReturnType<typeof sampleModel>>): Promise<void> {
  const pages = Number(process.env.BENCH_IMPORT_PAGES ?? 500);
  const xml = join(dir, `generated-${pages}.xml`);
  await writeGeneratedDump(xml, pages, model);
  const bz2 = `${xml}.bz2`;
  const compress = spawnSync('sh', ['-c', 'lbzip2 -9 -c "$1" > "$2" || bzip2 -9 -c "$1" > "$2"', 'sh', xml, bz2]);
  if (compress.status !== 0) throw new Error(`compressing ${xml} failed: ${compress.stderr}`);
  const mb = (bytes: number) => bytes / 1e6;
  const parse = runChild('parse', xml);
  const xmlMb = mb(parse.bytes);
  process.stdout.write(
    `default import of a generated dump of ${pages.toLocaleString('en-US')} pages: ${xmlMb.toFixed(1)} MB of XML, ` +
      `${mb(statSync(bz2).size).toFixed(1)} MB as .xml.bz2; load average ${load()}\n`,
  );
  const rate = (seconds: number) => `${(xmlMb / seconds).toFixed(1).padStart(6)} MB/s of XML`;
  process.stdout.write(`  XML reader alone          ${rate(parse.seconds)}\n`);
  // lbzip2 on every core, then as the importer runs it (every core but one), and bzip2.
  const lbzip2 = { name: 'lbzip2', program: 'lbzip2' } as const;
  for (const command of ['lbzip2 -d -c', `lbzip2 ${decoderArguments(lbzip2).join(' ')}`, 'bzip2 -d -c']) {
    const m = nativeDecompression(command, bz2);
    process.stdout.write(
      `  ${`${command} alone`.padEnd(25)} ${m ? `${rate(m.seconds)}  CPU ${m.cpuSeconds.toFixed(1)} s` : 'not installed'}\n`,
    );
  }
  const importsOnly = process.env.BENCH_IMPORT_ONLY === '1';
  if (!importsOnly) {
    const js = runChild('bunzip-js', bz2);
    process.stdout.write(`  ${'JavaScript bzip2 alone'.padEnd(25)} ${rate(js.seconds)}\n`);
  }
  const row = (name: string, m: Measurement) =>
    `  ${name.padEnd(25)} ${rate(m.seconds)}  ${Math.round(m.pages / m.seconds)
      .toLocaleString('en-US')
      .padStart(
        6,
      )} pages/s  peak ${(m.importPeakRssMb ?? m.peakRssMb).toFixed(0).padStart(4)} MB  ${m.seconds.toFixed(1)} s` +
    `  CPU ${(m.importCpuSeconds ?? m.cpuSeconds).toFixed(1)} s${m.childCpuSeconds > 0 ? ` + decoder ${m.childCpuSeconds.toFixed(1)} s` : ''}` +
    (m.label?.includes('(') ? `  [${m.label.slice(m.label.indexOf('(') + 1, -1)}]` : '') +
    (m.threads && m.threads.main > 0 ? `\n${' '.repeat(28)}${threadsLine(m.threads)}` : '');
  // Two rounds in alternation, as the machine's load moves; the first .xml import is followed by
  // the builds after it.
  const plain = runChild('default', xml, !importsOnly);
  process.stdout.write(`${row('import .xml', plain)}\n`);
  const compressed = runChild('default', bz2);
  process.stdout.write(`${row('import .xml.bz2', compressed)}\n`);
  const plain2 = runChild('default', xml);
  process.stdout.write(`${row('import .xml again', plain2)}\n`);
  const compressed2 = runChild('default', bz2);
  process.stdout.write(`${row('import .xml.bz2 again', compressed2)}\n`);
  const links = plain.linksSeconds ?? 0;
  const search = plain.searchSeconds ?? 0;
  const lint = plain.lintSeconds ?? 0;
  if (!importsOnly)
    process.stdout.write(
      `  after the .xml import: links of templates ${links.toFixed(1)} s (CPU ${(plain.linksCpuSeconds ?? 0).toFixed(1)} s, ` +
        `${(xmlMb / (plain.linksCpuSeconds ?? Number.NaN)).toFixed(1)} MB of XML per CPU-second, peak so far ${(plain.linksPeakRssMb ?? 0).toFixed(0)} MB), ` +
        `search index ${search.toFixed(1)} s (CPU ${(plain.searchCpuSeconds ?? 0).toFixed(1)} s, ` +
        `${(xmlMb / (plain.searchCpuSeconds ?? Number.NaN)).toFixed(1)} MB of XML per CPU-second, peak so far ${(plain.searchPeakRssMb ?? 0).toFixed(0)} MB), ` +
        `lint errors ${lint.toFixed(1)} s (CPU ${(plain.lintCpuSeconds ?? 0).toFixed(1)} s, ` +
        `${(xmlMb / (plain.lintCpuSeconds ?? Number.NaN)).toFixed(2)} MB per CPU-second, peak so far ${(plain.lintPeakRssMb ?? 0).toFixed(0)} MB): ` +
        `all complete ${(plain.seconds + links + search + lint).toFixed(1)} s after the import began (peak of the whole ${plain.peakRssMb.toFixed(0)} MB; ` +
        `CPU of the builds ${(plain.cpuSeconds - (plain.importCpuSeconds ?? 0)).toFixed(1)} s)\n`,
    );
  // On a machine whose cores are all busy, CPU time sets the pace: the ratio of the two imports'
  // CPU seconds (the decoder's included) is then the ratio of their speeds.
  const cpuOf = (m: Measurement) => (m.importCpuSeconds ?? m.cpuSeconds) + m.childCpuSeconds;
  const xmlSeconds = plain.seconds + plain2.seconds;
  process.stdout.write(
    `  .xml.bz2 import at ${((100 * xmlSeconds) / (compressed.seconds + compressed2.seconds)).toFixed(0)} % of the .xml import's speed ` +
      `(by CPU seconds, decoder included: ${((100 * (cpuOf(plain) + cpuOf(plain2))) / (cpuOf(compressed) + cpuOf(compressed2))).toFixed(0)} %) ` +
      `(target >= 80 %); .xml import ${((2 * xmlMb) / xmlSeconds).toFixed(1)} MB/s, ${((2 * xmlMb) / (cpuOf(plain) + cpuOf(plain2))).toFixed(1)} MB per CPU-second (target >= 20 MB/s); ` +
      `peak ${Math.max(plain.peakRssMb, compressed.peakRssMb).toFixed(0)} MB with the builds (target < 300); load average now ${load()}\n`,
  );
  rmSync(xml, { force: true });
  rmSync(bz2, { force: true });
}

async function main(): Promise<void> {
  // The compiled build, brought up to date as `npm run wiki` does.
  const build = spawnSync(join(here, '../../../node_modules/.bin/tsc'), ['-b', join(here, '..')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the wiki package failed');
  const dir = mkdtempSync(join(tmpdir(), 'wiki-import-bench-'));
  try {
    const model = await sampleModel(sampleGz);
    await defaultImports(dir, model);
    if (!process.env.BENCH_PAGES) return;
    const sample = join(dir, 'enwiki-sample.xml');
    writeFileSync(sample, gunzipSync(readFileSync(sampleGz)));
    const lines: string[] = [];
    process.stdout.write('without lint errors, the search index built in the import:\n');
    lines.push(report('enwiki sample', runChild('parse', sample), runChild('import', sample)));
    process.stdout.write(`${lines.at(-1)}\n`);
    const large = Number(process.env.BENCH_PAGES);
    for (const pages of [...new Set([Math.min(10_000, large), large])]) {
      const file = join(dir, `generated-${pages}.xml`);
      await writeGeneratedDump(file, pages, model);
      lines.push(
        report(`generated ${pages.toLocaleString('en-US')} pages`, runChild('parse', file), runChild('import', file)),
      );
      process.stdout.write(`${lines.at(-1)}\n`);
      rmSync(file, { force: true });
    }
    process.stdout.write(
      'targets: at least 20 MB/s with link extraction and all writes, peak memory under 300 MB whatever the size\n',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
