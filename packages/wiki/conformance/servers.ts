/**
 * The two servers a conformance run compares: a real MediaWiki 1.39 on the reference wiki, set up
 * with the shared set-up script when its folder is missing, and this service on the same wiki,
 * imported from the test fixture into a SQLite store, with MediaWiki's interface messages and language data.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/api/app.js';
import { MediaWikiApiClient } from '../src/import/mediawiki-api/api-client.js';
import { importSourceLanguages } from '../src/import/mediawiki-api/languages.js';
import { importSourceMessages } from '../src/import/mediawiki-api/messages.js';
import { readSourceSite } from '../src/import/mediawiki-api/site-from-api.js';
import { refreshSearchIndex } from '../src/store/search-index.js';
import { indexSegmenter } from '../src/store/search-text.js';
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
 * stopped again by `stop()`. With `language`, its content language is set to that one (the same
 * wiki as another language's MediaWiki shows it).
 */
export async function startMediaWiki(
  dir: string,
  port: number,
  log: (line: string) => void,
  language?: string,
): Promise<RunningServer> {
  if (!existsSync(join(dir, 'start.sh'))) {
    const setup = join(REPOSITORY_ROOT, '..', 'shared', 'tools', 'mediawiki', 'setup.sh');
    if (!existsSync(setup)) throw new Error(`the MediaWiki set-up script is missing: ${setup}`);
    log(`conformance: setting up MediaWiki in ${dir}`);
    execFileSync('bash', [setup, dir], { stdio: ['ignore', 'inherit', 'inherit'] });
  }
  if (language !== undefined) {
    if (!/^[a-z]{2,3}(?:-[a-z0-9]+)*$/.test(language)) throw new Error(`not a language code: ${language}`);
    const settings = join(dir, 'LocalSettings.php');
    const text = readFileSync(settings, 'utf8').replace(/^\$wgLanguageCode = .*$/m, `$wgLanguageCode = "${language}";`);
    writeFileSync(settings, text);
  }
  const started = execFileSync(join(dir, 'start.sh'), ['--reset', '--port', String(port)], { encoding: 'utf8' });
  if (/already running/.test(started)) {
    throw new Error(
      `a MediaWiki of ${dir} is already running: stop it (${join(dir, 'stop.sh')}) or pass --mediawiki URL`,
    );
  }
  // The recorded search index holds the words as the German wiki split them; a language that
  // splits them otherwise (Chinese puts a space around each character beyond ASCII) finds nothing
  // in it until the index is built again, as a wiki in that language would have it.
  if (language !== undefined) execFileSync(join(dir, 'mw.sh'), ['rebuildtextindex.php'], { stdio: 'ignore' });
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
 * `wiki messages` and `wiki languages` store them. With `siteFrom` (an api.php of the same wiki in
 * another content language), with that MediaWiki's site (language, namespace names, main page)
 * and German's messages beside the content language's and English's.
 */
export async function startOurServer(port: number, messagesFrom?: string, siteFrom?: string): Promise<RunningServer> {
  const wiki = await importReferenceWiki();
  const languages = siteFrom === undefined ? {} : { languages: ['de'] };
  if (messagesFrom !== undefined) {
    const client = new MediaWikiApiClient(messagesFrom, { attempts: 3 });
    await importSourceMessages(wiki.store, client, languages);
    await importSourceLanguages(wiki.store, client, languages);
  }
  let site = wiki.site;
  if (siteFrom !== undefined) {
    const source = await readSourceSite(new MediaWikiApiClient(siteFrom, { attempts: 3 }));
    site = { ...wiki.site, ...source, settings: { ...wiki.site.settings, ...source.settings } };
    // The search index as a wiki in that language has it (MediaWiki's is built again too).
    if (indexSegmenter(site.language) !== undefined) await refreshSearchIndex(wiki.store.db, site, { rebuild: true });
  }
  const app = await buildApp({ store: wiki.store, site, logLevel: 'warn' });
  await app.listen({ host: '127.0.0.1', port });
  return {
    api: `http://127.0.0.1:${port}/api.php`,
    stop: async () => {
      await app.close();
      await wiki.dispose();
    },
  };
}
