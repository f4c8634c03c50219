/**
 * The wiki store: how fast the MediaWiki database importer copies the reference wiki, and how
 * fast the queries the API's lists are built on run on SQLite, as ratios to a trivial query
 * (`select 1`) measured in the same run. Every list query should stay within a small factor of
 * it: one indexed range read, no scan, no sort.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importMediaWikiDatabase } from '../src/import/mediawiki-database/importer.js';
import { openWikiStore } from '../src/store/database.js';
import { listQueries } from '../test/helpers/list-queries.js';
import { referenceWikiFiles } from '../test/helpers/reference-wiki.js';

const dir = mkdtempSync(join(tmpdir(), 'wiki-store-bench-'));
try {
  const files = await referenceWikiFiles();
  const store = await openWikiStore({ engine: 'sqlite', file: join(dir, 'store.sqlite') });
  const started = process.hrtime.bigint();
  const summary = await importMediaWikiDatabase(store, files.database, {
    settingsFile: files.settings,
    imagesDir: files.images,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rows = summary.tables.reduce((sum, t) => sum + t.rows, 0);
  const peakMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(
    `database import: ${rows.toLocaleString('en-US')} rows in ${seconds.toFixed(2)} s = ` +
      `${Math.round(rows / seconds).toLocaleString('en-US')} rows/s, peak memory ${peakMb.toFixed(0)} MB\n\n`,
  );

  const sqlite = store.sqlite;
  if (!sqlite) throw new Error('the benchmark needs the SQLite store');
  const rounds = 20_000;
  const perSecond = (sql: string) => {
    const statement = sqlite.prepare(sql);
    for (let i = 0; i < 1000; i++) statement.all();
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) statement.all();
    return rounds / (Number(process.hrtime.bigint() - t0) / 1e9);
  };
  const baseline = perSecond('select 1');
  process.stdout.write(`baseline select 1: ${Math.round(baseline).toLocaleString('en-US')} queries/s\n`);
  const width = Math.max(...Object.keys(listQueries).map((n) => n.length));
  let slowest = { name: '', ratio: 0 };
  for (const [name, sql] of Object.entries(listQueries)) {
    const rate = perSecond(sql);
    const ratio = baseline / rate;
    if (ratio > slowest.ratio) slowest = { name, ratio };
    process.stdout.write(
      `${name.padEnd(width)}  ${Math.round(rate).toLocaleString('en-US').padStart(9)} queries/s  ${ratio.toFixed(1)}x baseline time\n`,
    );
  }
  process.stdout.write(`\nslowest list query: ${slowest.name}, ${slowest.ratio.toFixed(1)}x the baseline's time\n`);
  await store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
