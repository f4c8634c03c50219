/**
 * The live replica against a real MediaWiki 1.39: `mirror` of the reference wiki answers as the
 * source does; a scripted sequence of changes of every kind, followed live by `wiki follow` in
 * another process (killed with SIGKILL at random points and started again), leaves it answering
 * as the source does again; a source that answers garbage or nothing is retried and never
 * changes the store.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { DatabaseTarget } from '@svc/common';
import { testEngines } from '@svc/common/testing';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import { followWiki } from '../../src/import/mediawiki-api/follow.js';
import { mirrorWiki } from '../../src/import/mediawiki-api/mirror.js';
import { readReplicaState, writeReplicaState } from '../../src/import/mediawiki-api/replica-state.js';
import { defaultSite } from '../../src/site/defaults.js';
import { openWikiStore, type WikiStore } from '../../src/store/database.js';
import { storedMessageLanguages } from '../../src/store/message-catalogue.js';
import { saveSite } from '../../src/store/site-store.js';
import { spawnFollower } from '../helpers/follower-process.js';
import { type ReferenceMediaWiki, startReferenceMediaWiki } from '../helpers/reference-mediawiki.js';
import { SourceEditor } from '../helpers/source-editor.js';
import { runChangesScript } from './changes-script.js';
import { compareWithSource, describeDifferences } from './compare-with-source.js';

const ADMIN_PASSWORD = 'Oracle-Admin-Pass-2024';
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

const ADDED_PAGES = [
  'Replica a Seite 5',
  'Replica a Seite 9',
  'Replica a Verschoben 1',
  'Replica a Nutzer',
  'Replica a Importiert',
  'Replica a Neu',
  'Replica a Alt',
  'Benutzer:Bob a',
  'Vorlage:Replica Baustein',
  'Datei:Replica a.png',
];

let mediawiki: ReferenceMediaWiki;
let dataDir: string;

before(async () => {
  mediawiki = await startReferenceMediaWiki({ reset: true });
  dataDir = mkdtempSync(join(tmpdir(), 'wiki-replica-'));
});

after(async () => {
  await mediawiki?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The store's connection string for another process: a PostgreSQL schema is named in `options`. */
function databaseUrlOf(target: DatabaseTarget): string | undefined {
  if (target.engine !== 'postgres') return undefined;
  const url = new URL(target.url);
  if (target.schema) url.searchParams.set('options', `-c search_path=${target.schema}`);
  return url.toString();
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

for (const engine of testEngines()) {
  describe(`the live replica [${engine.name}]`, { skip: engine.skip }, () => {
    let target: DatabaseTarget;
    let dispose: () => Promise<void>;
    let store: WikiStore;
    let app: FastifyInstance;
    let mirrorApi: string;

    before(async () => {
      await mediawiki.reset();
      // On SQLite, the file where `wiki follow` finds it (WIKI_DATA_DIR/wiki.sqlite).
      if (engine.name === 'sqlite') {
        mkdirSync(join(dataDir, engine.name), { recursive: true });
        target = { engine: 'sqlite', file: join(dataDir, engine.name, 'wiki.sqlite') };
        dispose = async () => {};
      } else {
        const created = await engine.createTarget();
        target = created.target;
        dispose = created.dispose;
      }
      const mirrorStore = await openWikiStore(target);
      await mirrorWiki(mirrorStore, mediawiki.apiUrl, {
        login: { user: 'Admin', password: ADMIN_PASSWORD },
        uploadDirectory: join(dataDir, engine.name, 'images'),
      });
      await mirrorStore.close();
      // The server has its own connection, as a `wiki serve` beside `wiki follow` would.
      store = await openWikiStore(target);
      app = await buildApp({ store, logLevel: 'warn' });
      await app.listen({ host: '127.0.0.1', port: 0 });
      mirrorApi = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api.php`;
    });

    after(async () => {
      await app?.close();
      await store?.close();
      await dispose?.();
    });

    function startFollower(): ChildProcess {
      const url = databaseUrlOf(target);
      return spawnFollower({
        api: mediawiki.apiUrl,
        interval: '1s',
        login: { user: 'Admin', password: ADMIN_PASSWORD },
        env: { WIKI_DATA_DIR: join(dataDir, engine.name), ...(url ? { WIKI_DATABASE_URL: url } : {}) },
        onOutput: (chunk) => {
          if (process.env.REPLICA_TEST_VERBOSE) process.stderr.write(chunk);
        },
      });
    }

    /** Waits until the follower's cursors reach the source's newest change. */
    async function caughtUp(seconds: number): Promise<void> {
      const wanted = await sourceCursors();
      const deadline = Date.now() + seconds * 1000;
      for (;;) {
        const state = await readReplicaState(store.db);
        if (state.rcId === wanted.rcId && state.logId === wanted.logId) return;
        if (Date.now() > deadline) {
          throw new Error(
            `the follower did not reach rc ${wanted.rcId} / log ${wanted.logId}: at ${state.rcId} / ${state.logId}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }

    test('the mirror answers as its source on every kind of request', async () => {
      const differences = await compareWithSource(mediawiki.apiUrl, mirrorApi, PAGES);
      assert.deepEqual(differences.length, 0, `requests answered differently:\n${describeDifferences(differences)}`);
    });

    test("the mirror stores the source's interface messages, and its errors read them", async () => {
      const languages = await storedMessageLanguages(store);
      assert.deepEqual(
        languages.map((l) => [l.lang, l.source]),
        [
          ['de', mediawiki.apiUrl],
          ['en', mediawiki.apiUrl],
        ],
      );
      const query = 'action=query&list=allpages&aplimit=viele&errorformat=plaintext&format=json&formatversion=2';
      const [ours, theirs] = await Promise.all(
        [mirrorApi, mediawiki.apiUrl].map(
          async (api) => ((await (await fetch(`${api}?${query}`)).json()) as any).errors,
        ),
      );
      assert.deepEqual(ours, theirs);
    });

    test("an export's namespaces come in the source's order (by id, Media and Special first)", async () => {
      const query = 'action=query&titles=Hauptseite&export=1&exportnowrap=1';
      const [ours, theirs] = await Promise.all(
        [mirrorApi, mediawiki.apiUrl].map(async (api) =>
          [...(await (await fetch(`${api}?${query}`)).text()).matchAll(/<namespace key="(-?\d+)"/g)].map((m) => m[1]),
        ),
      );
      assert.deepEqual(ours, theirs);
      assert.deepEqual(ours.slice(0, 3), ['-2', '-1', '0']);
    });

    test('a mirror that is complete says so and reads nothing again', async () => {
      const again = await openWikiStore(target);
      try {
        const lines: string[] = [];
        const summary = await mirrorWiki(again, mediawiki.apiUrl, { progress: (line) => lines.push(line) });
        assert.equal(summary.pages, 0);
        assert.match(lines.join('\n'), /already complete/);
      } finally {
        await again.close();
      }
    });

    test('a scripted sequence of 60 changes of every kind, followed live by a follower killed at random points, leaves the mirror answering as the source', async (t) => {
      const editor = new SourceEditor(mediawiki.apiUrl);
      await editor.logIn('Admin', ADMIN_PASSWORD);
      let follower = startFollower();
      const kills = new Set([5 + Math.floor(Math.random() * 25), 40 + Math.floor(Math.random() * 30)]);
      let killed = 0;
      try {
        const steps = await runChangesScript(
          editor,
          'a',
          async (n) => {
            if (kills.has(n)) {
              await stopFollower(follower, 'SIGKILL');
              killed++;
              follower = startFollower();
            }
          },
          (script, ...args) => mediawiki.maintenance(script, ...args),
        );
        assert.ok(steps >= 60, `the script made ${steps} changes`);
        assert.equal(killed, 2);
        // `serve` answers while the follower runs: an edit applied is what its api.php answers next.
        const edit = await editor.act('edit', { title: 'Replica a Seite 10', text: 'Zuletzt', summary: 'zuletzt' });
        const revid = Number(edit.edit.newrevid);
        await caughtUp(60);
        const applied = Date.now();
        for (;;) {
          const answer: any = await (
            await fetch(`${mirrorApi}?action=query&format=json&formatversion=2&prop=info&titles=Replica_a_Seite_10`)
          ).json();
          if (answer.query.pages[0].lastrevid === revid) break;
          assert.ok(Date.now() - applied < 30_000, 'the server never answered with the applied edit');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        t.diagnostic(
          `an applied edit was answered by the server ${Date.now() - applied} ms after the test saw it committed`,
        );
        // Jobs re-render the template's users and fill their link tables; the follower sees their
        // touched time move.
        await mediawiki.maintenance('runJobs.php');
        await caughtUp(240);
        // Pages whose touched time moved after the jobs are read in the next round or two.
        await new Promise((resolve) => setTimeout(resolve, 15_000));
        await caughtUp(60);
      } finally {
        await stopFollower(follower, 'SIGTERM');
      }
      const differences = await compareWithSource(mediawiki.apiUrl, mirrorApi, [...PAGES, ...ADDED_PAGES]);
      assert.deepEqual(differences.length, 0, `requests answered differently:\n${describeDifferences(differences)}`);
    });

    test("when the source's recent changes no longer reach back to the cursor, the follower says so and re-reads the pages changed since", async () => {
      const editor = new SourceEditor(mediawiki.apiUrl);
      await editor.logIn('Admin', ADMIN_PASSWORD);
      // Changes the follower does not see (it is stopped), whose recent changes the source then forgets.
      await editor.act('edit', { title: 'Replica a Lücke 1', text: 'Neu in der Lücke [[Berlin]]', summary: 'Lücke' });
      await editor.act('edit', { title: 'Replica a Seite 6', text: 'Geändert in der Lücke', summary: 'Lücke' });
      await editor.act('edit', { title: 'Hamburg', text: 'Hamburg, geändert in der Lücke', summary: 'Lücke' });
      const source = new Database(join(mediawiki.dir, 'data', 'testwiki.sqlite'));
      try {
        source.pragma('busy_timeout = 10000');
        source.prepare('delete from recentchanges').run();
      } finally {
        source.close();
      }
      await editor.act('edit', { title: 'Replica a Lücke 2', text: 'Nach der Lücke', summary: 'danach' });
      const lines: string[] = [];
      await followWiki(store, mediawiki.apiUrl, {
        intervalSeconds: 1,
        once: true,
        login: { user: 'Admin', password: ADMIN_PASSWORD },
        log: (line) => lines.push(line),
      });
      assert.match(lines.join('\n'), /no longer reach back to .*re-reading the pages changed since/);
      const differences = await compareWithSource(mediawiki.apiUrl, mirrorApi, [
        'Replica a Lücke 1',
        'Replica a Lücke 2',
        'Replica a Seite 6',
        'Hamburg',
        'Berlin',
      ]);
      assert.deepEqual(differences.length, 0, `requests answered differently:\n${describeDifferences(differences)}`);
    });
  });
}

async function stopFollower(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

describe('a failing source', () => {
  let server: Server;
  let answers = 0;

  before(async () => {
    server = createServer((_request, response) => {
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
      // The round's first requests fail side by side; a growing pause shows once one is retried again.
      const deadline = Date.now() + 20_000;
      while (!lines.some((line) => /trying again in 2 s/.test(line)) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
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
