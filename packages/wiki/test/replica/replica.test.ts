/**
 * The live replica against a real MediaWiki 1.39: `mirror` of the reference wiki answers as the
 * source does; a scripted sequence of changes of every kind, followed live by `wiki follow` in
 * another process (killed with SIGKILL at random points and started again), leaves it answering
 * as the source does again; a source that answers garbage or nothing is retried and never
 * changes the store.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import { followWiki } from '../../src/import/mediawiki-api/follow.js';
import { mirrorWiki } from '../../src/import/mediawiki-api/mirror.js';
import { readReplicaState, writeReplicaState } from '../../src/import/mediawiki-api/replica-state.js';
import { defaultSite } from '../../src/site/defaults.js';
import { openWikiStore, type WikiStore } from '../../src/store/database.js';
import { saveSite } from '../../src/store/site-store.js';
import { type ReferenceMediaWiki, startReferenceMediaWiki } from '../helpers/reference-mediawiki.js';
import { SourceEditor } from '../helpers/source-editor.js';
import { runChangesScript } from './changes-script.js';
import { compareWithSource, describeDifferences } from './compare-with-source.js';

const ADMIN_PASSWORD = 'Oracle-Admin-Pass-2024';
const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const PAGES = [
  'Berlin',
  'Hauptseite',
  'Köln',
  'Vorlage:Infobox Stadt',
  'Kategorie:Stadt',
  'Datei:Beispiel.png',
  'München',
  'Hamburg',
];

let mediawiki: ReferenceMediaWiki;
let dataDir: string;
let store: WikiStore;
let app: FastifyInstance;
let mirrorApi: string;

before(async () => {
  mediawiki = await startReferenceMediaWiki({ reset: true });
  dataDir = mkdtempSync(join(tmpdir(), 'wiki-replica-'));
  const mirrorStore = await openWikiStore({ engine: 'sqlite', file: join(dataDir, 'wiki.sqlite') });
  await mirrorWiki(mirrorStore, mediawiki.apiUrl, {
    login: { user: 'Admin', password: ADMIN_PASSWORD },
    uploadDirectory: join(dataDir, 'images'),
  });
  await mirrorStore.close();
  // The server has its own connection, as a `wiki serve` beside `wiki follow` would.
  store = await openWikiStore({ engine: 'sqlite', file: join(dataDir, 'wiki.sqlite') });
  app = await buildApp({ store, logLevel: 'warn' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  mirrorApi = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api.php`;
});

after(async () => {
  await app?.close();
  await store?.close();
  await mediawiki?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function startFollower(): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', CLI, 'follow', mediawiki.apiUrl, '--interval', '1s', '--login', 'Admin'],
    {
      env: { ...process.env, WIKI_DATA_DIR: dataDir, WIKI_SOURCE_PASSWORD: ADMIN_PASSWORD, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  child.stderr?.on('data', (chunk) => {
    if (process.env.REPLICA_TEST_VERBOSE) process.stderr.write(chunk);
  });
  return child;
}

async function stopFollower(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** The source's newest recent change and log entry. */
async function sourceCursors(): Promise<{ rcId: string; logId: string }> {
  const rc: any = await (
    await fetch(`${mediawiki.apiUrl}?action=query&list=recentchanges&rclimit=1&rcprop=ids&format=json`)
  ).json();
  const log: any = await (
    await fetch(`${mediawiki.apiUrl}?action=query&list=logevents&lelimit=1&leprop=ids&format=json`)
  ).json();
  return { rcId: String(rc.query.recentchanges[0]?.rcid ?? 0), logId: String(log.query.logevents[0]?.logid ?? 0) };
}

/** Waits until the follower's cursors reach the source's newest change. */
async function caughtUp(seconds: number): Promise<void> {
  const target = await sourceCursors();
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const state = await readReplicaState(store.db);
    if (state.rcId === target.rcId && state.logId === target.logId) return;
    if (Date.now() > deadline) {
      throw new Error(
        `the follower did not reach rc ${target.rcId} / log ${target.logId}: at ${state.rcId} / ${state.logId}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('wiki mirror', () => {
  test('the mirror answers as its source on every kind of request', async () => {
    const differences = await compareWithSource(mediawiki.apiUrl, mirrorApi, PAGES);
    assert.deepEqual(differences.length, 0, `requests answered differently:\n${describeDifferences(differences)}`);
  });

  test('a mirror that is complete says so and reads nothing again', async () => {
    const again = await openWikiStore({ engine: 'sqlite', file: join(dataDir, 'wiki.sqlite') });
    try {
      const lines: string[] = [];
      const summary = await mirrorWiki(again, mediawiki.apiUrl, { progress: (line) => lines.push(line) });
      assert.equal(summary.pages, 0);
      assert.match(lines.join('\n'), /already complete/);
    } finally {
      await again.close();
    }
  });
});

describe('wiki follow', () => {
  test('a scripted sequence of 60 changes, followed live by a follower killed at random points, leaves the mirror answering as the source', async () => {
    const editor = new SourceEditor(mediawiki.apiUrl);
    await editor.logIn('Admin', ADMIN_PASSWORD);
    let follower = startFollower();
    const kills = new Set([5 + Math.floor(Math.random() * 20), 30 + Math.floor(Math.random() * 25)]);
    let killed = 0;
    try {
      const steps = await runChangesScript(editor, 'a', async (n) => {
        if (kills.has(n)) {
          await stopFollower(follower, 'SIGKILL');
          killed++;
          follower = startFollower();
        }
      });
      assert.ok(steps >= 60, `the script made ${steps} changes`);
      assert.equal(killed, 2);
      // Jobs re-render the template's users and fill their link tables; the follower sees their
      // touched time move.
      await mediawiki.maintenance('runJobs.php');
      await caughtUp(180);
      // Pages whose touched time moved after the jobs are read in the next round or two.
      await new Promise((resolve) => setTimeout(resolve, 15_000));
      await caughtUp(60);
    } finally {
      await stopFollower(follower, 'SIGTERM');
    }
    const differences = await compareWithSource(mediawiki.apiUrl, mirrorApi, [
      ...PAGES,
      'Replica a Seite 5',
      'Replica a Verschoben 1',
      'Replica a Nutzer',
      'Vorlage:Replica Baustein',
      'Datei:Replica a.png',
    ]);
    assert.deepEqual(differences.length, 0, `requests answered differently:\n${describeDifferences(differences)}`);
  });
});

describe('a failing source', () => {
  let server: Server;
  let answers = 0;

  before(async () => {
    server = createServer((request, response) => {
      answers++;
      if (answers % 3 === 1) response.writeHead(503).end('down for maintenance');
      else if (answers % 3 === 2)
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an API</html>');
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"query": ');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('is retried with a growing pause, each problem said, the store left as it was', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api.php`;
    const file = join(dataDir, 'failing.sqlite');
    const failing = await openWikiStore({ engine: 'sqlite', file });
    try {
      await saveSite(failing.db, defaultSite({ wikiId: 'failing' }));
      await writeReplicaState(failing.db, {
        source: url,
        phase: 'done',
        rcId: '7',
        rcTimestamp: '2026-01-01T00:00:00Z',
      });
      const before = await readReplicaState(failing.db);
      const lines: string[] = [];
      const stop = new AbortController();
      const following = followWiki(failing, url, {
        intervalSeconds: 1,
        log: (line) => lines.push(line),
        signal: stop.signal,
      });
      while (lines.length < 3) await new Promise((resolve) => setTimeout(resolve, 100));
      stop.abort();
      await Promise.race([following, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      const said = lines.join('\n');
      assert.match(said, /HTTP 503/);
      assert.match(said, /not JSON/);
      assert.match(said, /trying again in 1 s[\s\S]*trying again in 2 s/);
      assert.deepEqual(await readReplicaState(failing.db), before);
    } finally {
      await failing.close();
    }
  });
});
