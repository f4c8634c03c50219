/**
 * XML dump import throughput and memory: the largest sample dump (enwiki, 206 long articles) and
 * generated dumps following its shape (≈28 KB and ≈150 links a page) of 10,000 and 100,000 pages
 * (`BENCH_PAGES` changes the larger size). Each import runs in its own process into a fresh SQLite
 * store, with link extraction and every write, so its peak memory is its own. The baseline is the
 * XML reader alone on the same file, measured in the same run: the import's MB/s as a share of it
 * shows what extraction and writing cost. MediaWiki's importDump.php does about 0.06 MB/s here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { sampleModel, writeGeneratedDump } from './dump-generator.js';

interface Measurement {
  mode: 'import' | 'parse';
  bytes: number;
  seconds: number;
  cpuSeconds: number;
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
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
const { readDump } = await import(${dist('import/xml/dump-reader.js')});
const { importXmlDump } = await import(${dist('import/xml/xml-importer.js')});
const { openWikiStore } = await import(${dist('store/database.js')});
const [mode, file] = process.argv.slice(2);
const started = performance.now();
const cpu = process.cpuUsage();
let pages = 0;
let revisions = 0;
if (mode === 'parse') {
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
process.stdout.write(JSON.stringify({
  mode,
  bytes: statSync(file).size,
  seconds: (performance.now() - started) / 1000,
  cpuSeconds: (used.user + used.system) / 1e6,
  pages,
  revisions,
  peakRssMb: process.resourceUsage().maxRSS / 1024,
}) + '\\n');
`;

function runChild(mode: 'import' | 'parse', file: string): Measurement {
  const script = join(dirname(file), 'measure.mjs');
  writeFileSync(script, CHILD);
  const result = spawnSync(process.execPath, [script, mode, file], {
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

async function main(): Promise<void> {
  // The compiled build, brought up to date as `npm run wiki` does.
  const build = spawnSync(join(here, '../../../node_modules/.bin/tsc'), ['-b', join(here, '..')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the wiki package failed');
  const dir = mkdtempSync(join(tmpdir(), 'wiki-import-bench-'));
  try {
    const sample = join(dir, 'enwiki-sample.xml');
    writeFileSync(sample, gunzipSync(readFileSync(sampleGz)));
    const lines: string[] = [];
    lines.push(report('enwiki sample', runChild('parse', sample), runChild('import', sample)));
    process.stdout.write(`${lines.at(-1)}\n`);
    const model = await sampleModel(sampleGz);
    const large = Number(process.env.BENCH_PAGES ?? 100_000);
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
