/**
 * The api.php server for benchmarks, as its own process: `WORKERS` worker processes (node:cluster)
 * share one port and one SQLite store holding the imported reference wiki. Prints
 * `listening <port>` when every worker is ready.
 */
import cluster from 'node:cluster';
import { createServer } from 'node:net';
import { buildApp } from '../src/api/app.js';
import { openWikiStore } from '../src/store/database.js';
import { importReferenceWiki } from '../test/helpers/reference-wiki.js';

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

if (cluster.isPrimary) {
  const port = await freePort();
  const wiki = await importReferenceWiki();
  const file = wiki.store.sqlite?.name;
  if (!file) throw new Error('the reference wiki store has no file');
  let ready = 0;
  for (let i = 0; i < workers; i++) {
    const worker = cluster.fork({ ...process.env, PORT: String(port), WIKI_BENCH_DB: file });
    worker.on('message', (message) => {
      if (message === 'ready' && ++ready === workers) process.stdout.write(`listening ${port}\n`);
    });
  }
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    void wiki.dispose().finally(() => process.exit(0));
  });
} else {
  const store = await openWikiStore({ engine: 'sqlite', file: process.env.WIKI_BENCH_DB ?? '' });
  const app = await buildApp({ store });
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
  process.send?.('ready');
}
