/**
 * `wiki serve`: the api.php server, in `config.workers` processes sharing one port (node:cluster).
 * The first process brings the store up to date (migrations, the sample wiki on a first start) and
 * then starts the workers; each worker opens the store and answers requests. A worker that dies
 * (an error, or killed) is replaced; SIGINT/SIGTERM stop every worker after its requests finish. With one worker the
 * server runs in the first process itself.
 */
import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { listenUntilSignalled, type RunningServer } from '@svc/common';
import { buildApp } from './api/app.js';
import { contentMessageReader } from './api/messages/store.js';
import type { WikiConfig } from './config.js';
import { tuneHeapForServing } from './heap-tuning.js';
import { completeDeferredBuilds, describeDeferredBuild } from './import/deferred-builds.js';
import { streamProgress } from './import/progress.js';
import { importSampleIfEmpty } from './import/sample-wiki.js';
import { openWikiStore } from './store/database.js';
import { readStatementTimeoutMs } from './store/work-budget.js';

/** Message a worker sends once it listens. */
const READY = 'wiki-worker-ready';
/** Message that asks a worker to finish its requests and stop (a signal could be its second one). */
const STOP = 'wiki-worker-stop';

/** The Action API's address under the server's. */
function apiUrl(serverUrl: string): string {
  return `${serverUrl.replace(/\/$/, '')}/api.php`;
}

/** Opens the store (bringing its schema up to date) and imports the sample into an empty one. */
async function prepareStore(config: WikiConfig): Promise<void> {
  const store = await openWikiStore(config.database);
  try {
    if (config.sampleDump) {
      const sample = await importSampleIfEmpty(store, config.sampleDump, streamProgress(process.stderr), () =>
        process.stdout.write('wiki: the store is empty: importing the sample wiki (progress below)\n'),
      );
      if (sample) process.stdout.write(`wiki: imported the sample wiki ${sample.siteName} (${sample.wikiId})\n`);
    }
  } finally {
    await store.close();
  }
}

/**
 * Builds, in this (the first) process and while the server answers, what an import left for
 * after it and did not finish (the links of templates, the search index, the lint errors): a build stopped with the
 * server resumes at its next start.
 */
function resumeDeferredBuilds(config: WikiConfig): void {
  const build = async () => {
    const store = await openWikiStore(config.database);
    try {
      for (const result of await completeDeferredBuilds(store, streamProgress(process.stderr), {
        message: contentMessageReader(store),
      })) {
        process.stdout.write(`wiki: ${describeDeferredBuild(result)}\n`);
      }
    } finally {
      await store.close();
    }
  };
  build().catch((err: Error) => {
    process.stderr.write(
      `wiki: completing the link tables, the search index or the lint errors stopped: ${err.message}; it resumes at the next start\n`,
    );
  });
}

/** Runs one server in this process, until a signal; resolves once it listens. */
async function runServer(config: WikiConfig): Promise<RunningServer> {
  const store = await openWikiStore(config.database, {
    readUrls: config.readDatabaseUrls,
    readStatementTimeoutMs: readStatementTimeoutMs(),
  });
  const app = await buildApp({
    store,
    logLevel: config.logLevel,
    thumbnails: config.thumbnails,
    requestThreads: { database: config.database, readUrls: config.readDatabaseUrls, count: config.requestThreads },
  });
  return listenUntilSignalled(app, {
    host: config.host,
    port: config.port,
    name: 'wiki',
    onClose: () => store.close(),
  });
}

/** The engine, and the read replicas when there are some. */
function describeDatabase(config: WikiConfig): string {
  const replicas = config.readDatabaseUrls.length;
  if (replicas === 0) return config.database.engine;
  return `${config.database.engine}, ${replicas} read replica${replicas > 1 ? 's' : ''}`;
}

/** A port free on `host` now, as the system picks one for port 0. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The Node.js options of the workers: this process's, and V8's garbage collection on the worker's
 * own thread when the workers take every core. V8 otherwise spreads each collection over helper
 * threads, which then wait for cores the other workers hold: measured with two workers on two
 * cores, 8 clients, the 99th percentile of small queries' latency fell by about a tenth to a fifth
 * (list=logevents 9.4 to 7.9 ms) and their rate did not drop.
 */
export function workerExecArgv(workers: number, execArgv: readonly string[] = process.execArgv): string[] {
  const own = [...execArgv];
  if (workers >= availableParallelism() && !own.some((arg) => arg.includes('single-threaded-gc'))) {
    own.push('--single-threaded-gc');
  }
  return own;
}

/** Starts the workers and keeps them running until a signal; resolves never. */
async function superviseWorkers(config: WikiConfig): Promise<never> {
  const port = config.port === 0 ? await freePort(config.host) : config.port;
  let stopping = false;
  let announced = false;
  // Workers that reported listening: one that dies before is a setup error, not a crash.
  const listening = new Set<Worker>();
  cluster.setupPrimary({ execArgv: workerExecArgv(config.workers) });
  // Every worker, a replacement too, listens on the same port: port 0 is resolved here.
  const fork = () => cluster.fork({ WIKI_PORT: String(port) });
  const ready = new Set<Worker>();
  cluster.on('message', (worker, message: { type?: string; url?: string }) => {
    if (message?.type !== READY) return;
    listening.add(worker);
    if (announced) {
      process.stderr.write(`wiki: worker ${worker.process.pid} listening (a replacement)\n`);
      return;
    }
    ready.add(worker);
    if (ready.size < config.workers) return;
    announced = true;
    process.stdout.write(
      `wiki: listening on ${message.url} (${describeDatabase(config)}, ${config.workers} workers); the API at ${apiUrl(String(message.url))}\n`,
    );
  });
  cluster.on('exit', (worker, code, signal) => {
    const wasListening = listening.delete(worker);
    // A worker that stopped cleanly was told to (by a signal that may reach this process later, as
    // Ctrl-C does): it is not replaced.
    if (stopping || (code === 0 && signal === null)) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (!wasListening) {
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
    // Each worker finishes its requests and closes its store (Ctrl-C in a terminal also reaches
    // the workers; the message does not count as a second signal).
    for (const worker of workers) {
      if (worker?.isConnected()) worker.send({ type: STOP });
      else worker?.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  for (let i = 0; i < config.workers; i++) fork();
  return new Promise<never>(() => {});
}

/** `wiki serve`. */
export async function serve(config: WikiConfig): Promise<never> {
  if (cluster.isWorker) {
    tuneHeapForServing();
    let server: RunningServer | undefined;
    process.on('message', (message: { type?: string }) => {
      if (message?.type !== STOP) return;
      // Asked to stop before it listens, a worker has nothing to finish.
      if (!server) process.exit(0);
      void server.stop().finally(() => process.exit(0));
    });
    server = await runServer(config);
    process.send?.({ type: READY, url: server.url });
    return new Promise<never>(() => {});
  }
  // After the sample import, which keeps V8's pretenuring (it builds long-lived batches).
  await prepareStore(config);
  tuneHeapForServing();
  resumeDeferredBuilds(config);
  if (config.workers > 1) return superviseWorkers(config);
  const server = await runServer(config);
  process.stdout.write(
    `wiki: listening on ${server.url} (${describeDatabase(config)}); the API at ${apiUrl(server.url)}\n`,
  );
  return new Promise<never>(() => {});
}
