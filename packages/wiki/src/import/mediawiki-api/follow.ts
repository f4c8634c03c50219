/**
 * `wiki follow <api.php>`: keeps a mirrored store up to date. Each round reads the source's recent
 * changes and log after the stored cursors, works out what they touched (pages, titles moved
 * away, files, accounts, blocks, protected titles, categories) and reads those again from the
 * source; the rows and the new cursors are written in one transaction per batch, so that a crash
 * loses nothing and a batch applied twice changes nothing. Pages whose rendering a template
 * change alters are re-read when their `touched` time moves (MediaWiki's jobs may run later).
 */

import type { Kysely } from 'kysely';
import type { SiteConfig } from '../../site/site.js';
import type { WikiStore } from '../../store/database.js';
import type { WikiDatabase } from '../../store/schema.js';
import { refreshSearchIndex } from '../../store/search-index.js';
import { loadSite } from '../../store/site-store.js';
import { completeFileMetadata } from '../files/complete-metadata.js';
import { type MediaWikiApiClient, sleep } from './api-client.js';
import { refreshSourceLanguages } from './languages.js';
import { refreshSourceMessages } from './messages.js';
import { connectSource, syncOptionsOf } from './mirror.js';
import { type SyncOptions, syncCategories, syncTitles } from './page-sync.js';
import { readReplicaState, writeReplicaState } from './replica-state.js';
import { dbKeyOf, storeTimestamp } from './rows.js';
import {
  copyLogEntries,
  copyRecentChanges,
  LOG_PROPS,
  RC_PROPS,
  readTagsAndStatistics,
  readUsers,
  syncBlocks,
  syncFiles,
  syncProtectedTitles,
  syncRecentChangesOf,
  writeTagsAndStatistics,
  writeUsers,
} from './wiki-tables-sync.js';

export interface FollowOptions {
  intervalSeconds: number;
  login?: { user: string; password: string };
  /** Told what the follower does and what goes wrong, a line at a time. */
  log?: (line: string) => void;
  /** Stops the loop (after the round in progress). */
  signal?: AbortSignal;
  /** One round only (tests, cron). */
  once?: boolean;
}

export interface RoundResult {
  changes: number;
  logEntries: number;
  pages: number;
  gap: boolean;
}

/** How long pages that use a changed template are watched for their `touched` to move, in ms. */
const DEPENDENT_WATCH_MS = 15 * 60_000;
/**
 * Pages that show a changed page (transclude it, show it as a file) are read again each round
 * while the source's job queue is not empty, and this long after: MediaWiki's jobs redo their link
 * tables and properties, which moves their `touched` time only when the change came after it.
 */
const SETTLE_MS = 60_000;
const BATCH = 50;

interface Touched {
  titles: Set<string>;
  users: Set<string>;
  files: Set<string>;
  blocks: boolean;
  protectedTitles: boolean;
  /** Templates (and other transcluded pages) whose users may change. */
  transcluded: Set<string>;
  /** Titles whose deleted revisions changed. */
  archive: Set<string>;
  /** Titles a log entry (or a change that is not an edit) concerns: their whole history is read again. */
  logged: Set<string>;
  /** User pages of renamed users, new titles: their log entries and recent changes were renamed. */
  renamedUserPages: Set<string>;
}

const fileName = (title: string) => title.slice(title.indexOf(':') + 1);

function touchedBy(changes: any[], logs: any[]): Touched {
  const t: Touched = {
    titles: new Set(),
    users: new Set(),
    files: new Set(),
    blocks: false,
    protectedTitles: false,
    transcluded: new Set(),
    archive: new Set(),
    logged: new Set(),
    renamedUserPages: new Set(),
  };
  for (const rc of changes) {
    if (rc.title !== undefined) t.titles.add(rc.title);
    if (rc.type === 'edit' || rc.type === 'new') t.transcluded.add(rc.title);
    else if (rc.title !== undefined) t.logged.add(rc.title);
    if (rc.user && rc.userid) t.users.add(rc.user);
  }
  for (const e of logs) {
    const p = e.params ?? {};
    if (e.title !== undefined) t.titles.add(e.title);
    if (e.user && e.userid) t.users.add(e.user);
    // A page's creation is its first edit; other log entries may change its history anywhere.
    if (e.type !== 'create') {
      for (const title of [e.title, p.target_title, p.dest_title]) if (title !== undefined) t.logged.add(title);
    }
    switch (e.type) {
      case 'move':
        if (p.target_title) t.titles.add(p.target_title);
        t.transcluded.add(e.title);
        break;
      case 'merge':
        if (p.dest_title) t.titles.add(p.dest_title);
        t.archive.add(e.title);
        break;
      case 'delete':
        t.archive.add(e.title);
        t.transcluded.add(e.title);
        if (e.ns === 6) t.files.add(fileName(e.title));
        break;
      case 'upload':
        t.files.add(fileName(e.title));
        break;
      case 'protect':
        t.protectedTitles = true;
        break;
      case 'block':
      case 'suppress':
        t.blocks = true;
        if (e.ns === 2) t.users.add(fileName(e.title));
        // Suppressed revisions, log entries or a deleted page: their recent changes are hidden too.
        if (e.type === 'suppress' && !['block', 'reblock', 'unblock'].includes(e.action)) t.archive.add(e.title);
        break;
      case 'newusers':
      case 'rights':
        if (e.ns === 2) t.users.add(fileName(e.title));
        break;
      case 'renameuser':
        t.blocks = true;
        if (p.newuser) {
          t.users.add(p.newuser);
          t.renamedUserPages.add(`User:${p.newuser}`);
        }
        if (p.olduser) {
          t.titles.add(`User:${p.olduser}`);
          t.logged.add(`User:${p.olduser}`);
          t.renamedUserPages.add(`User:${p.olduser}`);
        }
        break;
    }
  }
  return t;
}

/**
 * Pages whose rendering a change of these titles alters on the source (they transclude it, link to
 * it, or show it as a file): MediaWiki re-renders them in its jobs, which moves their `touched`.
 */
async function dependentsOf(
  client: MediaWikiApiClient,
  titles: Iterable<string>,
): Promise<{ all: string[]; rendering: string[] }> {
  const all = new Set<string>();
  const rendering = new Set<string>();
  const list = [...titles];
  for (let i = 0; i < list.length; i += BATCH) {
    const answer = await client.queryAll(
      {
        titles: list.slice(i, i + BATCH).join('|'),
        prop: 'transcludedin|linkshere|fileusage',
        tilimit: 'max',
        lhlimit: 'max',
        fulimit: 'max',
        tiprop: 'title',
        lhprop: 'title',
        fuprop: 'title',
      },
      40,
    );
    for (const page of answer.query?.pages ?? []) {
      for (const prop of ['transcludedin', 'linkshere', 'fileusage']) {
        for (const user of page[prop] ?? []) {
          all.add(user.title);
          // A page that shows the changed one gets its link tables and properties redone by the jobs.
          if (prop !== 'linkshere') rendering.add(user.title);
        }
      }
    }
  }
  return { all: [...all], rendering: [...rendering] };
}

/**
 * Titles to watch: each with when its watch ends. Kept in the replica state, so that a restart
 * keeps watching.
 */
type Watched = Record<string, number>;

async function changedTouched(
  db: Kysely<WikiDatabase>,
  client: MediaWikiApiClient,
  titles: string[],
): Promise<string[]> {
  const changed: string[] = [];
  for (let i = 0; i < titles.length; i += BATCH) {
    const answer = await client.request({
      action: 'query',
      titles: titles.slice(i, i + BATCH).join('|'),
      prop: 'info',
    });
    changed.push(...(await touchedElsewhere(db, (answer.query?.pages ?? []) as any[])));
  }
  return changed;
}

/**
 * Whether the source's recent changes still reach back to the cursor, and the oldest it keeps
 * (older ones the store forgets too, as the source did).
 */
async function reachesCursor(
  client: MediaWikiApiClient,
  rcId: number,
  rcTimestamp: string,
): Promise<{ reaches: boolean; oldest?: number }> {
  const oldest = await client.request({
    action: 'query',
    list: 'recentchanges',
    rcdir: 'newer',
    rclimit: 1,
    rcprop: 'ids|timestamp',
  });
  const first = oldest.query?.recentchanges?.[0];
  if (!first) return { reaches: true };
  const reaches = rcId === 0 || Number(first.rcid) <= rcId + 1 || first.timestamp <= rcTimestamp;
  return { reaches, oldest: Number(first.rcid) };
}

/**
 * Titles to read again when recent changes no longer reach the cursor: pages with revisions since
 * the cursor's time, and pages whose `touched` differs from the store's, which finds what only the
 * source's jobs changed (a template's users, a category's members) as well as the edited pages.
 */
async function titlesChangedSince(
  db: Kysely<WikiDatabase>,
  client: MediaWikiApiClient,
  site: SiteConfig,
  timestamp: string,
): Promise<string[]> {
  const titles = new Set<string>();
  for await (const batch of client.listPages(
    { list: 'allrevisions', arvdir: 'newer', arvstart: timestamp, arvlimit: 'max', arvprop: 'ids' },
    'allrevisions',
  )) {
    for (const page of batch) titles.add(page.title);
  }
  for (const namespace of site.namespaces) {
    if (namespace.id < 0) continue;
    let next: Record<string, string> = {};
    for (;;) {
      const answer = await client.request({
        action: 'query',
        generator: 'allpages',
        gapnamespace: namespace.id,
        gaplimit: 'max',
        prop: 'info',
        ...next,
      });
      for (const title of await touchedElsewhere(db, (answer.query?.pages ?? []) as any[])) titles.add(title);
      if (!answer.continue) break;
      next = answer.continue;
    }
  }
  return [...titles];
}

/** The titles of source pages (with `pageid` and `touched`) whose `touched` the store does not have. */
async function touchedElsewhere(db: Kysely<WikiDatabase>, pages: any[]): Promise<string[]> {
  const changed: string[] = [];
  for (let i = 0; i < pages.length; i += BATCH) {
    const slice = pages.slice(i, i + BATCH).filter((page) => !page.missing);
    if (slice.length === 0) continue;
    const rows = await db
      .selectFrom('page')
      .select(['page_id', 'page_touched'])
      .where(
        'page_id',
        'in',
        slice.map((page) => page.pageid as number),
      )
      .execute();
    const stored = new Map(rows.map((row) => [row.page_id, row.page_touched]));
    for (const page of slice) {
      if (stored.get(page.pageid) !== storeTimestamp(page.touched)) changed.push(page.title);
    }
  }
  return changed;
}

/** The entries of a list after an id (the list read from a time, newest last). */
async function readAfter(
  client: MediaWikiApiClient,
  list: string,
  params: Record<string, string | undefined>,
  idKey: string,
  afterId: number,
): Promise<any[]> {
  const out: any[] = [];
  for await (const batch of client.listPages({ list, ...params }, list)) {
    for (const entry of batch) if (Number(entry[idKey]) > afterId) out.push(entry);
  }
  return out;
}

/** What the batches of one round share. */
interface Round {
  db: Kysely<WikiDatabase>;
  client: MediaWikiApiClient;
  site: SiteConfig;
  sync: SyncOptions;
  watched: Watched;
  settling: Watched;
  now: number;
  result: RoundResult;
}

/**
 * What a batch reads besides its pages, side by side: the users of the changed titles (watched
 * until their touched time moves), the watched pages' touched times, the accounts and the
 * statistics. Adds the pages to read again to `touched`.
 */
async function readAround(round: Round, touched: Touched, rcBatch: any[], logBatch: any[], firstBatch: boolean) {
  const { db, client, watched, settling, now } = round;
  const watchedBefore = Object.keys(watched).filter((t) => !touched.titles.has(t));
  const changed = rcBatch.length > 0 || logBatch.length > 0;
  const [dependents, moved, users, tagsAndStatistics] = await Promise.all([
    dependentsOf(client, [...touched.titles]),
    changedTouched(db, client, watchedBefore),
    touched.users.size > 0 ? readUsers(client, [...touched.users]) : [],
    changed || Object.keys(settling).length > 0
      ? readTagsAndStatistics(client, logBatch.length > 0 || rcBatch.some((rc) => rc.tags?.length > 0))
      : undefined,
  ]);
  const newlyWatched = dependents.all.filter((t) => watched[t] === undefined && !touched.titles.has(t));
  for (const title of dependents.all) watched[title] = now + DEPENDENT_WATCH_MS;
  for (const title of dependents.rendering) settling[title] = now;
  if (newlyWatched.length > 0) moved.push(...(await changedTouched(db, client, newlyWatched)));
  for (const title of moved) touched.titles.add(title);
  // While the source's jobs are pending, the pages they may redo are read each round.
  const jobsPending = Number(tagsAndStatistics?.statistics?.jobs ?? 0) > 0;
  for (const title of Object.keys(settling)) {
    if (jobsPending) settling[title] = now;
    if (firstBatch) touched.titles.add(title);
  }
  return { users, tagsAndStatistics };
}

/** The batch's pages read again, and the counts of the categories they are or were in. */
async function syncBatchPages(
  trx: Kysely<WikiDatabase>,
  round: Round,
  titles: string[],
  editedOnly: ReadonlySet<string>,
  archive: ReadonlySet<string>,
): Promise<void> {
  const { client, site, watched, now } = round;
  const categoryNamespace = site.namespaces.find((n) => n.id === 14)?.name;
  const categories = new Set<string>();
  for (let i = 0; i < titles.length; i += BATCH) {
    const synced = await syncTitles(trx, client, titles.slice(i, i + BATCH), { ...round.sync, editedOnly }, archive);
    round.result.pages += synced.pages;
    for (const category of synced.categories) categories.add(category);
    for (const title of titles.slice(i, i + BATCH)) {
      if (title.startsWith(`${categoryNamespace}:`)) categories.add(dbKeyOf(14, title));
    }
  }
  await syncCategories(trx, client, categories);
  // A category page's touched moves when its members change: watched like a template's users.
  for (const category of categories) {
    if (categoryNamespace) watched[`${categoryNamespace}:${category.replace(/_/g, ' ')}`] = now + DEPENDENT_WATCH_MS;
  }
}

/** Recent changes of titles whose deletions changed, and the rows a user rename moved to the new name. */
async function syncMovedRows(
  trx: Kysely<WikiDatabase>,
  client: MediaWikiApiClient,
  touched: Touched,
  upTo: number,
  upToLog: number,
): Promise<void> {
  for (const title of touched.archive) await syncRecentChangesOf(trx, client, title, upTo);
  // A rename moves the log entries and recent changes about the user page to the new name.
  for (const title of touched.renamedUserPages) {
    await syncRecentChangesOf(trx, client, title, upTo);
    const entries = await client.queryAll({ list: 'logevents', letitle: title, lelimit: 'max', leprop: LOG_PROPS });
    await copyLogEntries(
      trx,
      ((entries.query?.logevents ?? []) as any[]).filter((e) => Number(e.logid) <= upToLog),
    );
  }
}

/** One round: everything the source changed since the cursors, in batches. */
export async function followRound(
  store: WikiStore,
  client: MediaWikiApiClient,
  log: (line: string) => void,
): Promise<RoundResult> {
  const db = store.db as Kysely<WikiDatabase>;
  const state = await readReplicaState(db);
  if (state.phase !== 'done') throw new Error('the store holds no complete mirror: run `wiki mirror` first');
  const site = (await loadSite(db))!;
  const sync = syncOptionsOf(site, state);
  const result: RoundResult = { changes: 0, logEntries: 0, pages: 0, gap: false };
  let rcId = Number(state.rcId ?? 0);
  let logId = Number(state.logId ?? 0);
  const watched: Watched = state.watched ? JSON.parse(state.watched) : {};
  // Pages whose rendering a change altered, each with when the source's jobs were last seen pending.
  const settling: Watched = state.settling ? JSON.parse(state.settling) : {};

  // The recent changes, the log and whether they still reach the cursor: read side by side.
  const [reaches, changes, logs] = await Promise.all([
    reachesCursor(client, rcId, state.rcTimestamp ?? ''),
    readAfter(
      client,
      'recentchanges',
      { rcdir: 'newer', rcstart: state.rcTimestamp, rclimit: 'max', rcprop: RC_PROPS },
      'rcid',
      rcId,
    ),
    readAfter(
      client,
      'logevents',
      { ledir: 'newer', lestart: state.logTimestamp, lelimit: 'max', leprop: LOG_PROPS },
      'logid',
      logId,
    ),
  ]);
  let gapTitles: string[] = [];
  if (!reaches.reaches) {
    result.gap = true;
    log(
      `follow: the source's recent changes no longer reach back to ${state.rcTimestamp} (rcid ${rcId}): re-reading the pages changed since`,
    );
    gapTitles = await titlesChangedSince(db, client, site, state.rcTimestamp!);
  }
  changes.sort((a, b) => Number(a.rcid) - Number(b.rcid));
  logs.sort((a, b) => Number(a.logid) - Number(b.logid));

  // Batches in time order: the changes up to a time and the log entries up to the same time.
  const now = Date.now();
  for (const title of Object.keys(watched)) if (watched[title]! < now) delete watched[title];
  for (const title of Object.keys(settling)) {
    if (settling[title]! + SETTLE_MS < now || watched[title] === undefined) delete settling[title];
  }
  const round: Round = { db, client, site, sync, watched, settling, now, result };
  let c = 0;
  let l = 0;
  let first = true;
  while (first || c < changes.length || l < logs.length || gapTitles.length > 0) {
    const firstBatch = first;
    first = false;
    const rcBatch = changes.slice(c, c + BATCH);
    const until = rcBatch.length > 0 ? rcBatch[rcBatch.length - 1].timestamp : '9999';
    let lEnd = l;
    while (lEnd < logs.length && (logs[lEnd].timestamp <= until || rcBatch.length === 0) && lEnd - l < BATCH) lEnd++;
    const logBatch = logs.slice(l, lEnd);
    const touched = touchedBy(rcBatch, logBatch);
    for (const title of gapTitles.splice(0)) {
      touched.titles.add(title);
      touched.logged.add(title);
    }
    const { users, tagsAndStatistics } = await readAround(round, touched, rcBatch, logBatch, firstBatch);
    const titles = [...touched.titles];
    const editedOnly = new Set(titles.filter((title) => !touched.logged.has(title)));
    await db.transaction().execute(async (trx) => {
      await syncBatchPages(trx, round, titles, editedOnly, touched.archive);
      await writeUsers(trx, users);
      if (touched.blocks) await syncBlocks(trx, client);
      if (touched.protectedTitles) await syncProtectedTitles(trx, client);
      if (touched.files.size > 0) {
        await syncFiles(trx, client, [...touched.files], site.uploadDirectory, site.server);
        await completeFileMetadata(trx, site.uploadDirectory);
      }
      await copyLogEntries(trx, logBatch);
      if (reaches.oldest !== undefined)
        await trx.deleteFrom('recentchanges').where('rc_id', '<', reaches.oldest).execute();
      await copyRecentChanges(trx, rcBatch);
      const upTo = Number(rcBatch[rcBatch.length - 1]?.rcid ?? rcId);
      const upToLog = Number(logBatch[logBatch.length - 1]?.logid ?? logId);
      await syncMovedRows(trx, client, touched, upTo, upToLog);
      if (tagsAndStatistics) await writeTagsAndStatistics(trx, tagsAndStatistics);
      await refreshSearchIndex(trx, site);
      const lastRc = rcBatch[rcBatch.length - 1];
      const lastLog = logBatch[logBatch.length - 1];
      await writeReplicaState(trx, {
        ...(lastRc ? { rcId: String(lastRc.rcid), rcTimestamp: lastRc.timestamp } : {}),
        ...(lastLog ? { logId: String(lastLog.logid), logTimestamp: lastLog.timestamp } : {}),
        watched: JSON.stringify(watched),
        settling: JSON.stringify(settling),
        followed: new Date().toISOString(),
      });
    });
    if (rcBatch.length > 0) rcId = Number(rcBatch[rcBatch.length - 1].rcid);
    if (logBatch.length > 0) logId = Number(logBatch[logBatch.length - 1].logid);
    c += rcBatch.length;
    l = lEnd;
    result.changes += rcBatch.length;
    result.logEntries += logBatch.length;
  }
  return result;
}

/** Follows the source until stopped: a round every interval; a failing source is retried with backoff. */
/** How often the follower asks whether the source's software (and so its messages and language data) changed. */
const MESSAGE_CHECK_INTERVAL_MS = 3_600_000;

export async function followWiki(store: WikiStore, url: string, options: FollowOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const state = await readReplicaState(store.db as Kysely<WikiDatabase>);
  if (!state.source) throw new Error('the store is not a mirror: run `wiki mirror <api.php>` first');
  if (state.source !== url) throw new Error(`the store mirrors ${state.source}, not ${url}`);
  const client = await connectSource(url, {
    login: options.login,
    onRetry: (problem, pause) => log(`follow: ${problem}; trying again in ${pause} s`),
    signal: options.signal,
  });
  let pause = 1;
  let messagesChecked = 0;
  for (;;) {
    if (options.signal?.aborted) return;
    const started = Date.now();
    try {
      if (started - messagesChecked >= MESSAGE_CHECK_INTERVAL_MS) {
        // Two siteinfo requests; the catalogue and the language data are read again only when the
        // source's software changed.
        const languages = await refreshSourceMessages(store, client);
        if (languages.length > 0) log(`follow: interface messages read again in ${languages.join(', ')}`);
        const namesIn = await refreshSourceLanguages(store, client);
        if (namesIn.length > 0) log(`follow: language data read again, names in ${namesIn.join(', ')}`);
        messagesChecked = started;
      }
      const round = await followRound(store, client, log);
      if (round.changes || round.logEntries || round.gap) {
        const took = ((Date.now() - started) / 1000).toFixed(2);
        log(
          `follow: applied ${round.changes} changes and ${round.logEntries} log entries (${round.pages} pages read) in ${took} s`,
        );
      }
      pause = 1;
    } catch (error) {
      if (options.signal?.aborted) return;
      // A source answering nonsense (an error the API client does not retry): the batch was rolled back.
      log(`follow: ${(error as Error).message}; trying again in ${pause} s`);
      await sleep(pause * 1000, options.signal);
      pause = Math.min(pause * 2, 60);
      continue;
    }
    if (options.once) return;
    await sleep(Math.max(0, options.intervalSeconds * 1000 - (Date.now() - started)), options.signal);
  }
}
