/**
 * `wiki mirror <api.php>`: copies a running wiki through its Action API into an empty store, a
 * batch of pages per transaction with the position reached stored beside them (`replica_state`),
 * so that an interrupted mirror continues where it stopped. The follower's cursors are taken
 * before the first page is read: changes made while the mirror runs are applied by `wiki follow`.
 */
import { UserError } from '@svc/common';
import type { Kysely } from 'kysely';
import type { SiteConfig } from '../../site/site.js';
import type { WikiStore } from '../../store/database.js';
import { syncIdSequences } from '../../store/id-sequences.js';
import { refreshQueryCache } from '../../store/querycache.js';
import type { WikiDatabase } from '../../store/schema.js';
import { refreshSearchIndex } from '../../store/search-index.js';
import { loadSite, saveSite } from '../../store/site-store.js';
import { completeFileMetadata } from '../files/complete-metadata.js';
import { MediaWikiApiClient, SourceApiError } from './api-client.js';
import { refreshSourceLanguages } from './languages.js';
import { refreshSourceMessages } from './messages.js';
import { type SyncOptions, syncCategories, syncTitles } from './page-sync.js';
import { type ReplicaState, readReplicaState, writeReplicaState } from './replica-state.js';
import { readSourceSite } from './site-from-api.js';
import {
  allFileNames,
  copyLogEntries,
  copyRecentChanges,
  LOG_PROPS,
  RC_PROPS,
  syncBlocks,
  syncFiles,
  syncProtectedTitles,
  syncTagsAndStatistics,
  syncUsers,
} from './wiki-tables-sync.js';

export interface MirrorOptions {
  currentOnly?: boolean;
  namespaces?: number[];
  login?: { user: string; password: string };
  uploadDirectory?: string;
  /** Told of the progress, a line at a time. */
  progress?: (line: string) => void;
  /** Told when the source fails and the request is retried. */
  onRetry?: (problem: string, pauseSeconds: number) => void;
}

export interface MirrorSummary {
  pages: number;
  revisions: number;
  seconds: number;
}

const PAGES_PER_BATCH = 50;

/** Connects to the source as the options say (logging in when asked). */
export async function connectSource(
  url: string,
  options: {
    login?: { user: string; password: string };
    onRetry?: (problem: string, pause: number) => void;
    attempts?: number;
    signal?: AbortSignal;
  },
): Promise<MediaWikiApiClient> {
  const client = new MediaWikiApiClient(url, {
    onRetry: options.onRetry,
    attempts: options.attempts,
    signal: options.signal,
  });
  if (options.login) await client.logIn(options.login.user, options.login.password);
  return client;
}

/** Whether the logged-in user may read deleted revisions (the archive is copied then). */
async function canReadArchive(client: MediaWikiApiClient): Promise<boolean> {
  const answer = await client.request({ action: 'query', meta: 'userinfo', uiprop: 'rights' });
  const rights: string[] = answer.query?.userinfo?.rights ?? [];
  return rights.includes('deletedhistory') && rights.includes('deletedtext');
}

export function syncOptionsOf(site: SiteConfig, state: Record<string, string>): SyncOptions {
  return {
    currentOnly: state.currentOnly === '1',
    readArchive: state.readArchive === '1',
    language: site.language,
    collation: String(site.settings.CategoryCollation ?? 'uppercase'),
  };
}

async function newestCursors(client: MediaWikiApiClient): Promise<Record<string, string>> {
  const rc = await client.request({ action: 'query', list: 'recentchanges', rclimit: 1, rcprop: 'ids|timestamp' });
  const log = await client.request({ action: 'query', list: 'logevents', lelimit: 1, leprop: 'ids|timestamp' });
  const newestRc = rc.query?.recentchanges?.[0];
  const newestLog = log.query?.logevents?.[0];
  return {
    rcId: String(newestRc?.rcid ?? 0),
    rcTimestamp: newestRc?.timestamp ?? '1970-01-01T00:00:00Z',
    logId: String(newestLog?.logid ?? 0),
    logTimestamp: newestLog?.timestamp ?? '1970-01-01T00:00:00Z',
  };
}

/** How many revisions each page of a namespace has (one cheap list instead of a history request per page). */
async function revisionCounts(client: MediaWikiApiClient, ns: number): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for await (const batch of client.listPages(
    { list: 'allrevisions', arvnamespace: ns, arvprop: 'ids', arvlimit: 'max' },
    'allrevisions',
  )) {
    for (const page of batch) counts.set(page.pageid, (counts.get(page.pageid) ?? 0) + (page.revisions?.length ?? 0));
  }
  return counts;
}

async function inTransaction(store: WikiStore, work: (db: Kysely<WikiDatabase>) => Promise<void>): Promise<void> {
  await (store.db as Kysely<WikiDatabase>).transaction().execute(work);
}

/** The deleted revisions' titles, read again with their archive (a login that may read it). */
async function mirrorArchive(
  store: WikiStore,
  client: MediaWikiApiClient,
  sync: SyncOptions,
  wanted: number[] | undefined,
  say: (line: string) => void,
): Promise<void> {
  if (sync.readArchive) {
    const titles = new Set<string>();
    try {
      for await (const batch of client.listPages(
        { list: 'alldeletedrevisions', adrlimit: 'max', adrprop: 'ids' },
        'alldeletedrevisions',
      )) {
        for (const page of batch) if (!wanted || wanted.includes(page.ns)) titles.add(page.title);
      }
    } catch (error) {
      if (!(error instanceof SourceApiError)) throw error;
    }
    const list = [...titles];
    for (let i = 0; i < list.length; i += PAGES_PER_BATCH) {
      await inTransaction(store, async (trx) => {
        await syncTitles(trx, client, list.slice(i, i + PAGES_PER_BATCH), sync, titles);
      });
    }
    say(`mirror: deleted revisions of ${list.length} titles`);
  }
}

/** A list of the source read to its end, without the entries after the cursor taken when the mirror began. */
async function listUpTo(
  client: MediaWikiApiClient,
  list: string,
  params: Record<string, string>,
  idKey: string,
  lastId: string | undefined,
): Promise<any[]> {
  const out: any[] = [];
  for await (const batch of client.listPages({ list, ...params }, list)) {
    for (const entry of batch) if (Number(entry[idKey]) <= Number(lastId)) out.push(entry);
  }
  return out;
}

/** Users, log, recent changes, blocks, files, protected titles, categories, then the derived tables. */
async function mirrorTables(
  store: WikiStore,
  client: MediaWikiApiClient,
  site: SiteConfig,
  state: ReplicaState,
  say: (line: string) => void,
): Promise<void> {
  await inTransaction(store, async (trx) => {
    const users = await syncUsers(trx, client);
    say(`mirror: ${users} users`);
    const logs = await listUpTo(
      client,
      'logevents',
      { lelimit: 'max', leprop: LOG_PROPS, ledir: 'newer' },
      'logid',
      state.logId,
    );
    await copyLogEntries(trx, logs);
    const changes = await listUpTo(
      client,
      'recentchanges',
      { rclimit: 'max', rcprop: RC_PROPS, rcdir: 'newer' },
      'rcid',
      state.rcId,
    );
    await copyRecentChanges(trx, changes);
    say(`mirror: ${logs.length} log entries, ${changes.length} recent changes`);
    await syncBlocks(trx, client);
    const files = await allFileNames(client);
    await syncFiles(trx, client, files, site.uploadDirectory, site.server);
    say(`mirror: ${files.length} files`);
    await syncProtectedTitles(trx, client);
    const categories: string[] = [];
    for await (const batch of client.listPages({ list: 'allcategories', aclimit: 'max' }, 'allcategories')) {
      for (const c of batch) categories.push(String(c.category).replace(/ /g, '_'));
    }
    await syncCategories(trx, client, categories);
    await syncTagsAndStatistics(trx, client);
    await completeFileMetadata(trx, site.uploadDirectory);
    await syncIdSequences(trx);
    await refreshQueryCache(trx, site, {});
    await refreshSearchIndex(trx, site, { rebuild: true });
    await writeReplicaState(trx, { phase: 'done' });
  });
}

export async function mirrorWiki(store: WikiStore, url: string, options: MirrorOptions = {}): Promise<MirrorSummary> {
  const started = Date.now();
  const say = options.progress ?? (() => {});
  const db = store.db as Kysely<WikiDatabase>;
  const client = await connectSource(url, options);
  let state = await readReplicaState(db);
  if (!state.source) {
    const pages = await db.selectFrom('page').select('page_id').limit(1).execute();
    if (pages.length > 0 || (await loadSite(db))) {
      throw new UserError('the store already holds a wiki that was not mirrored: mirror into an empty store');
    }
    const site = await readSourceSite(client, options.uploadDirectory);
    const cursors = await newestCursors(client);
    const readArchive = options.login ? await canReadArchive(client) : false;
    await inTransaction(store, async (trx) => {
      await saveSite(trx, site);
      await writeReplicaState(trx, {
        source: url,
        phase: 'pages',
        currentOnly: options.currentOnly ? '1' : '0',
        namespaces: (options.namespaces ?? []).join(','),
        readArchive: readArchive ? '1' : '0',
        ...cursors,
      });
    });
    state = await readReplicaState(db);
    say(`mirror: ${site.siteName} (${site.wikiId}) from ${url}`);
  } else if (state.source !== url) {
    throw new UserError(`the store mirrors ${state.source}, not ${url}`);
  } else if (state.phase === 'done') {
    say('mirror: already complete; `wiki follow` keeps it up to date');
    return { pages: 0, revisions: 0, seconds: 0 };
  } else {
    say(
      `mirror: resuming (${state.phase}${state.pagesNs ? `, namespace ${state.pagesNs} from ${JSON.stringify(state.pagesFrom ?? '')}` : ''})`,
    );
  }
  // The software's messages (one request a language), unless the stored ones are current.
  const messageLanguages = await refreshSourceMessages(store, client);
  if (messageLanguages.length > 0) say(`mirror: interface messages in ${messageLanguages.join(', ')}`);
  // The software's language codes and names (a few requests), unless the stored ones are current.
  const namesIn = await refreshSourceLanguages(store, client);
  if (namesIn.length > 0) say(`mirror: language data, names in ${namesIn.join(', ')}`);
  const site = (await loadSite(db))!;
  const sync = syncOptionsOf(site, state);
  const wanted = state.namespaces ? state.namespaces.split(',').map(Number) : undefined;
  const namespaces = site.namespaces
    .map((ns) => ns.id)
    .filter((id) => id >= 0 && (!wanted || wanted.includes(id)))
    .sort((a, b) => a - b);
  let pages = 0;
  let revisions = 0;
  const rate = () => (pages / Math.max(0.001, (Date.now() - started) / 1000)).toFixed(1);

  if (state.phase === 'pages') {
    const startNs = state.pagesNs !== undefined ? Number(state.pagesNs) : namespaces[0];
    for (const ns of namespaces.filter((n) => startNs === undefined || n >= startNs)) {
      let from = ns === Number(state.pagesNs) ? (state.pagesFrom ?? '') : '';
      const counted = { ...sync, revisionCounts: await revisionCounts(client, ns) };
      for (;;) {
        const answer = await client.request({
          action: 'query',
          list: 'allpages',
          apnamespace: ns,
          aplimit: PAGES_PER_BATCH,
          apfrom: from || undefined,
        });
        const titles: string[] = (answer.query?.allpages ?? []).map((p: any) => p.title);
        const next = answer.continue?.apcontinue as string | undefined;
        await inTransaction(store, async (trx) => {
          const result = await syncTitles(trx, client, titles, counted);
          pages += result.pages;
          revisions += result.revisions;
          await writeReplicaState(
            trx,
            next ? { pagesNs: String(ns), pagesFrom: next } : { pagesNs: String(ns + 1), pagesFrom: '' },
          );
        });
        say(`mirror: namespace ${ns}: ${pages} pages, ${revisions} revisions (${rate()} pages/s)`);
        if (!next) break;
        from = next;
      }
    }
    await inTransaction(store, (trx) => writeReplicaState(trx, { phase: 'archive' }));
    state.phase = 'archive';
  }
  if (state.phase === 'archive') {
    await mirrorArchive(store, client, sync, wanted, say);
    await inTransaction(store, (trx) => writeReplicaState(trx, { phase: 'tables' }));
    state.phase = 'tables';
  }
  if (state.phase === 'tables') await mirrorTables(store, client, site, state, say);
  say(`mirror: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { pages, revisions, seconds: (Date.now() - started) / 1000 };
}
