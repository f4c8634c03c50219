/**
 * The api.php server for benchmarks, as its own process: `WORKERS` worker processes (node:cluster)
 * share one port and one SQLite store. Prints `listening <port>` when every worker is ready.
 */
import cluster from 'node:cluster';
import { createServer } from 'node:net';
import { buildApp } from '../src/api/app.js';
import { openWikiStore } from '../src/store/database.js';
import { germanSite } from '../test/helpers/german-site.js';

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
  let ready = 0;
  for (let i = 0; i < workers; i++) {
    const worker = cluster.fork({ ...process.env, PORT: String(port) });
    worker.on('message', (message) => {
      if (message === 'ready' && ++ready === workers) process.stdout.write(`listening ${port}\n`);
    });
  }
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  const file = process.env.WIKI_BENCH_DB ?? ':memory:';
  const store = await openWikiStore({ engine: 'sqlite', file });
  const app = await buildApp({ store, site: germanSite() });
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
  process.send?.('ready');
}
