/**
 * The two servers a conformance run compares: a real MediaWiki 1.39 on the reference wiki, set up
 * with the shared set-up script when its folder is missing, and this service on the same wiki,
 * imported from the test fixture into a SQLite store, with MediaWiki's interface messages and language data.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/api/app.js';
import { MediaWikiApiClient } from '../src/import/mediawiki-api/api-client.js';
import { importSourceLanguages } from '../src/import/mediawiki-api/languages.js';
import { importSourceMessages } from '../src/import/mediawiki-api/messages.js';
import { importReferenceWiki } from '../test/helpers/reference-wiki.js';

/** The repository's root folder. */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningServer {
  /** The api.php address. */
  api: string;
  stop(): Promise<void>;
}

/** A port nobody listens on now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * MediaWiki in `dir` (set up there first when missing), started on `port` from the recorded state,
 * stopped again by `stop()`.
 */
export async function startMediaWiki(dir: string, port: number, log: (line: string) => void): Promise<RunningServer> {
  if (!existsSync(join(dir, 'start.sh'))) {
    const setup = join(REPOSITORY_ROOT, '..', 'shared', 'tools', 'mediawiki', 'setup.sh');
    if (!existsSync(setup)) throw new Error(`the MediaWiki set-up script is missing: ${setup}`);
    log(`conformance: setting up MediaWiki in ${dir}`);
    execFileSync('bash', [setup, dir], { stdio: ['ignore', 'inherit', 'inherit'] });
  }
  const started = execFileSync(join(dir, 'start.sh'), ['--reset', '--port', String(port)], { encoding: 'utf8' });
  if (/already running/.test(started)) {
    throw new Error(
      `a MediaWiki of ${dir} is already running: stop it (${join(dir, 'stop.sh')}) or pass --mediawiki URL`,
    );
  }
  return {
    api: `http://127.0.0.1:${port}/api.php`,
    stop: async () => {
      execFileSync(join(dir, 'stop.sh'), { stdio: 'ignore' });
    },
  };
}

/**
 * This service on the reference wiki, listening on `port` of 127.0.0.1; with `messagesFrom` (an
 * api.php), with that MediaWiki's interface messages as its catalogue and its language data, as
 * `wiki messages` and `wiki languages` store them.
 */
export async function startOurServer(port: number, messagesFrom?: string): Promise<RunningServer> {
  const wiki = await importReferenceWiki();
  if (messagesFrom !== undefined) {
    const client = new MediaWikiApiClient(messagesFrom, { attempts: 3 });
    await importSourceMessages(wiki.store, client);
    await importSourceLanguages(wiki.store, client);
  }
  const app = await buildApp({ store: wiki.store, site: wiki.site, logLevel: 'warn' });
  await app.listen({ host: '127.0.0.1', port });
  return {
    api: `http://127.0.0.1:${port}/api.php`,
    stop: async () => {
      await app.close();
      await wiki.dispose();
    },
  };
}
