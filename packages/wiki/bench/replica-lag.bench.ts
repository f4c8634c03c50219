/**
 * The live replica's lag: a mirror of the reference MediaWiki (a real MediaWiki 1.39, started from
 * the shared tools), `wiki follow --interval 1s` in its own process, and a burst of 1,000 edits
 * made through the source's API (`BENCH_EDITS`, by `BENCH_EDITORS` clients at once, default 2).
 * For each edit, the time from the source's answer to the edit until the replica's api.php serves
 * the same revision (asked with `prop=revisions&revids=…` every 50 ms), printed as p50/p99
 * against the target "interval + 1 s"; beside it, as the baseline of the same run, the source's
 * own read-after-write time (the same request to the source right after its answer). Then the
 * follower's rate: with it stopped, `BENCH_BACKLOG` edits (default 300) are made, and the changes
 * applied per second are timed from its start until the replica serves them all.
 *
 * REFERENCE_MEDIAWIKI_DIR / REFERENCE_MEDIAWIKI_PORT choose the MediaWiki as for the tests;
 * `BENCH_INTERVAL` the follower's interval in seconds (default 1).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/api/app.js';
import { mirrorWiki } from '../src/import/mediawiki-api/mirror.js';
import { openWikiStore } from '../src/store/database.js';
import { spawnFollower } from '../test/helpers/follower-process.js';
import { startReferenceMediaWiki } from '../test/helpers/reference-mediawiki.js';
import { SourceEditor } from '../test/helpers/source-editor.js';

const EDITS = Number(process.env.BENCH_EDITS ?? '1000');
const EDITORS = Number(process.env.BENCH_EDITORS ?? '2');
const INTERVAL = Number(process.env.BENCH_INTERVAL ?? '1');
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? '300');
const PAGES = 50;
const POLL_MS = 50;
const ADMIN_PASSWORD = 'Oracle-Admin-Pass-2024';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

/** The revisions of `revids` an api.php serves (one request, at most 50 ids). */
async function served(api: string, revids: number[]): Promise<Set<number>> {
  const url = `${api}?action=query&format=json&formatversion=2&prop=revisions&rvprop=ids&revids=${revids.join('|')}`;
  const answer: any = await (await fetch(url)).json();
  const out = new Set<number>();
  for (const page of answer.query?.pages ?? []) for (const rev of page.revisions ?? []) out.add(Number(rev.revid));
  return out;
}

const mediawiki = await startReferenceMediaWiki({ reset: true });
const dataDir = mkdtempSync(join(tmpdir(), 'wiki-replica-bench-'));
let follower: ChildProcess | undefined;
try {
  const mirrorStore = await openWikiStore({ engine: 'sqlite', file: join(dataDir, 'wiki.sqlite') });
  const mirrored = await mirrorWiki(mirrorStore, mediawiki.apiUrl, {
    login: { user: 'Admin', password: ADMIN_PASSWORD },
    uploadDirectory: join(dataDir, 'images'),
  });
  await mirrorStore.close();
  process.stdout.write(
    `mirror: ${mirrored.pages} pages, ${mirrored.revisions} revisions in ${mirrored.seconds.toFixed(1)} s\n`,
  );

  const store = await openWikiStore({ engine: 'sqlite', file: join(dataDir, 'wiki.sqlite') });
  const app = await buildApp({ store, logLevel: 'warn' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const replicaApi = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api.php`;

  // The follower's rounds: "applied N changes ... in S s" lines.
  let applied = 0;
  let busySeconds = 0;
  let rounds = 0;
  const startFollower = () =>
    spawnFollower({
      api: mediawiki.apiUrl,
      interval: `${INTERVAL}s`,
      login: { user: 'Admin', password: ADMIN_PASSWORD },
      env: { WIKI_DATA_DIR: dataDir },
      onOutput: (chunk) => {
        for (const m of chunk.matchAll(/applied (\d+) changes .* in (\d+(?:\.\d+)?) s/g)) {
          applied += Number(m[1]);
          busySeconds += Number(m[2]);
          rounds++;
        }
        if (process.env.BENCH_VERBOSE) process.stderr.write(chunk);
      },
    });
  const stopFollower = async () => {
    if (!follower || follower.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      follower!.once('exit', () => resolve());
      follower!.kill('SIGTERM');
    });
  };
  follower = startFollower();

  const editors = await Promise.all(
    Array.from({ length: EDITORS }, async () => {
      const editor = new SourceEditor(mediawiki.apiUrl);
      await editor.logIn('Admin', ADMIN_PASSWORD);
      return editor;
    }),
  );
  // The follower's first round (it logs in and reads the cursors) before the burst starts.
  await new Promise((resolve) => setTimeout(resolve, 3000));

  const pending = new Map<number, number>();
  const lags: number[] = [];
  const sourceLags: number[] = [];
  let editing = true;
  const watcher = (async () => {
    while (editing || pending.size > 0) {
      const ids = [...pending.keys()].slice(0, 50);
      if (ids.length > 0) {
        const seen = await served(replicaApi, ids);
        const now = performance.now();
        for (const id of seen) {
          lags.push(now - pending.get(id)!);
          pending.delete(id);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();

  const started = performance.now();
  let next = 0;
  await Promise.all(
    editors.map(async (editor, e) => {
      for (let n = next++; n < EDITS; n = next++) {
        const answer = await editor.act('edit', {
          title: `Replica Last ${n % PAGES}`,
          text: `Fassung ${n} von Bearbeiter ${e}, mit [[Berlin]] und [[Replica Last ${(n + 1) % PAGES}]].\n[[Kategorie:Replica Last]]`,
          summary: `Last ${n}`,
        });
        const answered = performance.now();
        const revid = Number(answer.edit.newrevid);
        pending.set(revid, answered);
        await served(mediawiki.apiUrl, [revid]);
        sourceLags.push(performance.now() - answered);
      }
    }),
  );
  const editSeconds = (performance.now() - started) / 1000;
  editing = false;
  const deadline = Date.now() + 600_000;
  while (pending.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  await watcher;
  const burst = { applied, busySeconds, rounds };

  // A backlog: edits made while the follower is stopped, then the time it takes to serve them all.
  await stopFollower();
  const backlog: number[] = [];
  next = 0;
  await Promise.all(
    editors.map(async (editor) => {
      for (let n = next++; n < BACKLOG; n = next++) {
        const answer = await editor.act('edit', {
          title: `Replica Rückstand ${n % PAGES}`,
          text: `Rückstand ${n} [[Replica Last ${n % PAGES}]]`,
          summary: `Rückstand ${n}`,
        });
        backlog.push(Number(answer.edit.newrevid));
      }
    }),
  );
  const restarted = performance.now();
  follower = startFollower();
  for (let unseen = backlog; unseen.length > 0; ) {
    const seen = await served(replicaApi, unseen.slice(0, 50));
    unseen = unseen.filter((id) => !seen.has(id));
    if (unseen.length > 0) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const backlogSeconds = (performance.now() - restarted) / 1000;
  await app.close();
  await store.close();

  lags.sort((a, b) => a - b);
  sourceLags.sort((a, b) => a - b);
  const target = (INTERVAL + 1) * 1000;
  const p99 = percentile(lags, 99);
  process.stdout.write(
    [
      `burst: ${EDITS} edits by ${EDITORS} clients in ${editSeconds.toFixed(1)} s (${(EDITS / editSeconds).toFixed(1)} edits/s on the source)`,
      `source read-after-write (baseline): p50 ${ms(percentile(sourceLags, 50))}  p99 ${ms(percentile(sourceLags, 99))}`,
      `replica lag (answer on the source → served by the replica): p50 ${ms(percentile(lags, 50))}  p99 ${ms(p99)}  max ${ms(lags[lags.length - 1] ?? Number.NaN)}  (${lags.length} of ${EDITS} seen)`,
      `  ratio to the baseline: p50 ×${(percentile(lags, 50) / percentile(sourceLags, 50)).toFixed(1)}  p99 ×${(p99 / percentile(sourceLags, 99)).toFixed(1)}`,
      `follower during the burst: ${burst.applied} changes in ${burst.rounds} rounds, ${burst.busySeconds.toFixed(1)} s busy`,
      `backlog: ${BACKLOG} edits made while the follower was stopped, all served ${backlogSeconds.toFixed(1)} s after it started (its login included): ${(BACKLOG / backlogSeconds).toFixed(1)} changes/s applied, against the source's ${(EDITS / editSeconds).toFixed(1)} edits/s`,
      `target: p99 at most interval + 1 s = ${ms(target)}: ${p99 <= target && lags.length === EDITS ? 'met' : 'NOT met'}`,
      '',
    ].join('\n'),
  );
} finally {
  if (follower && follower.exitCode === null) follower.kill('SIGTERM');
  await mediawiki.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
