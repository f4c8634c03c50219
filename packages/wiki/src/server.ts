/**
 * `wiki serve`: the api.php server, in `config.workers` processes sharing one port (node:cluster).
 * The first process brings the store up to date (migrations, the sample wiki on a first start) and
 * then starts the workers; each worker opens the store and answers requests. A worker that dies
 * is replaced; SIGINT/SIGTERM stop every worker after its requests finish. With one worker the
 * server runs in the first process itself.
 */
import cluster, { type Worker } from 'node:cluster';
import { listenUntilSignalled } from '@svc/common';
import { buildApp } from './api/app.js';
import type { WikiConfig } from './config.js';
import { streamProgress } from './import/progress.js';
import { importSampleIfEmpty } from './import/sample-wiki.js';
import { openWikiStore } from './store/database.js';

/** Message a worker sends once it listens. */
const READY = 'wiki-worker-ready';
/** A worker that stops within this time of starting is not restarted (a setup error, not a crash). */
const STARTUP_MS = 10_000;

/** Opens the store (bringing its schema up to date) and imports the sample into an empty one. */
async function prepareStore(config: WikiConfig): Promise<void> {
  const store = await openWikiStore(config.database);
  try {
    if (config.sampleDump) {
      const sample = await importSampleIfEmpty(store, config.sampleDump, streamProgress(process.stderr));
      if (sample) process.stdout.write(`wiki: imported the sample wiki ${sample.siteName} (${sample.wikiId})\n`);
    }
  } finally {
    await store.close();
  }
}

/** Runs one server in this process; returns its URL once it listens. */
async function runServer(config: WikiConfig): Promise<string> {
  const store = await openWikiStore(config.database);
  const app = await buildApp({ store, logLevel: config.logLevel });
  const server = await listenUntilSignalled(app, {
    host: config.host,
    port: config.port,
    name: 'wiki',
    onClose: () => store.close(),
  });
  return server.url;
}

/** Starts the workers and keeps them running until a signal; resolves never. */
function superviseWorkers(config: WikiConfig): Promise<never> {
  let stopping = false;
  let announced = false;
  const started = new Map<Worker, number>();
  const fork = () => started.set(cluster.fork(), Date.now());
  const ready = new Set<Worker>();
  cluster.on('message', (worker, message: { type?: string; url?: string }) => {
    if (announced || message?.type !== READY) return;
    ready.add(worker);
    if (ready.size < config.workers) return;
    announced = true;
    process.stdout.write(`wiki: listening on ${message.url} (${config.database.engine}, ${config.workers} workers)\n`);
  });
  cluster.on('exit', (worker, code, signal) => {
    const since = started.get(worker) ?? 0;
    started.delete(worker);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (Date.now() - since < STARTUP_MS && code !== 0) {
      process.stderr.write(`wiki: a worker failed to start (${signal ?? `exit code ${code}`}); stopping\n`);
      stop(1);
      return;
    }
    process.stderr.write(
      `wiki: worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another\n`,
    );
    fork();
  });
  const stop = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    // Each worker finishes its requests and closes its store on SIGTERM.
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  // Ctrl-C in a terminal reaches the workers too; they stop on their own, and the primary waits.
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  for (let i = 0; i < config.workers; i++) fork();
  return new Promise<never>(() => {});
}

/** `wiki serve`. */
export async function serve(config: WikiConfig): Promise<never> {
  if (cluster.isWorker) {
    const url = await runServer(config);
    process.send?.({ type: READY, url });
    return new Promise<never>(() => {});
  }
  await prepareStore(config);
  if (config.workers > 1) return superviseWorkers(config);
  const url = await runServer(config);
  process.stdout.write(`wiki: listening on ${url} (${config.database.engine})\n`);
  return new Promise<never>(() => {});
}
