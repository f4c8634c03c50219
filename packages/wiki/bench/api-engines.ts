/**
 * `npm run bench -- api --engine postgres`: the api benchmark's queries of the reference wiki (and
 * `list=search`) on SQLite and on PostgreSQL in the same run, printed as the PostgreSQL/SQLite
 * ratio per query. The reference wiki is imported into a new schema of the PostgreSQL database of
 * `BENCH_DATABASE_URL` (else `TEST_DATABASE_URL`), removed at the end.
 *
 * First the CPU per request in process for each engine (the PostgreSQL server's own CPU is not in
 * it: it shows what the node spends; the PostgreSQL store watches its changes, as a node's does), then requests/s at 8 clients against `wiki serve` with the
 * production's worker count, one engine after the other for each query, so that the ratio of a
 * query compares two measurements taken a few seconds apart on the same loaded machine.
 */
import { availableParallelism } from 'node:os';
import type { HttpMeasurement } from '@svc/common/bench';
import { formatMeasurement, measureHttp } from '@svc/common/bench';
import { testEngines } from '@svc/common/testing';
import { watchStoreChanges } from '../src/store/change-watch.js';
import { importReferenceWiki } from '../test/helpers/reference-wiki.js';
import { cpuPerRequest, dataDir, type Query, seconds, startServer } from './api-measure.js';

const CLIENTS = 8;

/** The PostgreSQL database the comparison imports into, from the environment. */
function postgresUrl(): string {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error('--engine postgres needs a PostgreSQL database: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
  }
  return url;
}

/** The URL of a schema of a database: `options=-c search_path=...` as libpq reads it. */
function schemaUrl(url: string, schema: string): string {
  const made = new URL(url);
  made.searchParams.set('options', `-c search_path=${schema}`);
  return made.toString();
}

export async function compareEngines(queries: Query[]): Promise<void> {
  const url = postgresUrl();
  process.env.TEST_DATABASE_URL = url;
  const postgresEngine = testEngines().find((e) => e.name === 'postgres')!;
  const sqlite = await importReferenceWiki();
  const postgres = await importReferenceWiki(postgresEngine);
  const target = postgres.store.engine === 'postgres' ? postgresTarget(postgres) : undefined;
  if (!target) throw new Error('the PostgreSQL import gave no PostgreSQL store');
  const cpu = new Map<string, number>();
  // As a PostgreSQL node does (`wiki serve`): the change watch lets its store keep rows.
  const watch = watchStoreChanges(postgres.store, async () => {});
  try {
    for (const [name, wiki] of [
      ['sqlite', sqlite],
      ['postgres', postgres],
    ] as const) {
      const measured = await cpuPerRequest(wiki, `reference, ${name}`, queries, { runs: 500 });
      for (const [label, micros] of measured) cpu.set(`${label}|${name}`, micros);
    }
    const workers = availableParallelism();
    const data = await dataDir('reference');
    const servers = {
      sqlite: await startServer(data.dir, workers, { WIKI_DATABASE_URL: '', WIKI_READ_DATABASE_URLS: '' }),
      postgres: await startServer(data.dir, workers, { WIKI_DATABASE_URL: schemaUrl(url, target) }),
    };
    const rates = new Map<string, HttpMeasurement>();
    try {
      for (const [label, query, headers] of queries) {
        for (const name of ['sqlite', 'postgres'] as const) {
          const address = `http://127.0.0.1:${servers[name].port}/api.php?${query}`;
          await measureHttp('warm-up', { url: address, headers, connections: CLIENTS, durationSeconds: 1 });
        }
        for (const name of ['sqlite', 'postgres'] as const) {
          const m = await measureHttp(`${label} [${name}, ${workers} workers]`, {
            url: `http://127.0.0.1:${servers[name].port}/api.php?${query}`,
            headers,
            connections: CLIENTS,
            durationSeconds: seconds,
          });
          rates.set(`${label}|${name}`, m);
          process.stdout.write(`${formatMeasurement(m)}\n`);
        }
      }
    } finally {
      for (const server of Object.values(servers)) {
        await new Promise((resolve) => {
          server.child.once('exit', resolve);
          server.child.kill('SIGTERM');
        });
      }
      data.dispose();
    }
    process.stdout.write(
      `\nPostgreSQL/SQLite, same run, ${CLIENTS} clients, ${workers} workers (target: rate ratio >= 0.5)\n`,
    );
    let missed = 0;
    for (const [label] of queries) {
      const s = rates.get(`${label}|sqlite`)!;
      const p = rates.get(`${label}|postgres`)!;
      const ratio = p.requestsPerSecond / Math.max(s.requestsPerSecond, 1e-9);
      if (ratio < 0.5) missed++;
      const cpuRatio = (cpu.get(`${label}|sqlite`) ?? 0) / Math.max(cpu.get(`${label}|postgres`) ?? 0, 1e-9);
      process.stdout.write(
        [
          `  ${label.padEnd(48)}`,
          `sqlite ${s.requestsPerSecond.toFixed(0).padStart(6)} req/s`,
          `postgres ${p.requestsPerSecond.toFixed(0).padStart(6)} req/s`,
          `ratio ${ratio.toFixed(2)} ${ratio >= 0.5 ? 'ok' : 'MISSED'}`,
          `(in process: CPU ratio ${cpuRatio.toFixed(2)})`,
        ].join('  '),
      );
      process.stdout.write('\n');
    }
    process.stdout.write(`${missed === 0 ? 'every query at 0.5 or more' : `${missed} queries under 0.5`}\n`);
  } finally {
    watch.stop();
    await sqlite.dispose();
    await postgres.dispose();
  }
}

/** The schema the reference wiki was imported into (the test engine's fresh schema). */
function postgresTarget(wiki: { store: { pool?: { options: { options?: string } } } }): string | undefined {
  return /search_path="?([^"\s]+)"?/.exec(wiki.store.pool?.options.options ?? '')?.[1];
}
