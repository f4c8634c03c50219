/**
 * The api.php server for benchmarks, as its own process: `WORKERS` worker processes (node:cluster)
 * share one port and one SQLite store, the imported reference wiki (`BENCH_WIKI=reference`, the
 * default) or the generated benchmark wiki (`BENCH_WIKI=generated`, see generated-wiki.ts). Prints
 * `listening <port>` when every worker is ready.
 */
import cluster from 'node:cluster';
import { createServer } from 'node:net';
import { buildApp } from '../src/api/app.js';
import { openWikiStore } from '../src/store/database.js';
import { importReferenceWiki } from '../test/helpers/reference-wiki.js';
import { generatedWikiFile } from './generated-wiki.js';

const workers = Number(process.env.WORKERS ?? '1');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The store file the workers open, and what removes it afterwards. */
async function storeFile(): Promise<{ file: string; dispose: () => Promise<void> }> {
  if (process.env.BENCH_WIKI === 'generated') {
    const { file } = await generatedWikiFile();
    return { file, dispose: async () => {} };
  }
  const wiki = await importReferenceWiki();
  const file = wiki.store.sqlite?.name;
  if (!file) throw new Error('the reference wiki store has no file');
  return { file, dispose: () => wiki.dispose() };
}

if (cluster.isPrimary) {
  const port = await freePort();
  const { file, dispose } = await storeFile();
  let ready = 0;
  for (let i = 0; i < workers; i++) {
    const worker = cluster.fork({ ...process.env, PORT: String(port), WIKI_BENCH_DB: file });
    worker.on('message', (message) => {
      if (message === 'ready' && ++ready === workers) process.stdout.write(`listening ${port}\n`);
    });
  }
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    void dispose().finally(() => process.exit(0));
  });
} else {
  const store = await openWikiStore({ engine: 'sqlite', file: process.env.WIKI_BENCH_DB ?? '' });
  const app = await buildApp({ store });
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
  process.send?.('ready');
}
