/**
 * Imports MediaWiki XML dumps into the wiki store: the site from `<siteinfo>`, pages, every
 * revision with its content, editors (users and IP addresses), and the link tables and page
 * properties of each page's current wikitext. Ids are kept as the dump has them. One file is one
 * transaction: a failure leaves the store as it was. Importing the same file again changes
 * nothing; a newer dump of the same wiki adds its new revisions and brings each page's links up
 * to date; another wiki is refused unless it replaces the store's.
 */

import { statfsSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { quoteIdentifier, UserError } from '@svc/common';
import type { SiteConfig } from '../../site/site.js';
import { NS_FILE } from '../../site/title.js';
import type { WikiStore } from '../../store/database.js';
import { deferBuild } from '../../store/deferred-builds.js';
import { syncIdSequences } from '../../store/id-sequences.js';
import { refreshPlannerStatistics } from '../../store/planner-statistics.js';
import { refreshQueryCache } from '../../store/querycache.js';
import type { SearchIndexBuild } from '../../store/search-build.js';
import {
  beginBulkIndex,
  refreshSearchIndex,
  SEARCH_TABLES,
  startSearchIndexBuild,
  startSearchIndexThread,
} from '../../store/search-index.js';
import { entrySuffix, indexSegmenter } from '../../store/search-text.js';
import { loadSite, saveSite } from '../../store/site-store.js';
import { clearWiki, wikiTable } from '../../store/wiki-tables.js';
import type { BulkWriter } from '../bulk-writer.js';
import { openBulkWriter } from '../bulk-writer.js';
import { CATEGORY_COUNT_STATEMENTS } from '../category-counts.js';
import { EXPANDED_LINK_TABLES } from '../expanded-links.js';
import { DumpFiles } from '../files/dump-files.js';
import { type ImportProgress, silentProgress } from '../progress.js';
import {
  type LinkTableDump,
  type LinkTableSummary,
  loadLinkTableDumps,
  planLinkTableDumps,
} from '../sql-dump/link-table-dumps.js';
import { checkWikiIdentity } from '../wiki-identity.js';
import { DumpError } from './dump-reader.js';
import { type DumpSource, openDumpSource, readerThreadFor } from './dump-source.js';
import type { DumpContributor, DumpPage, DumpRevision, DumpSiteInfo, DumpUpload } from './dump-types.js';
import { DumpFileError } from './open-dump.js';
import {
  ipHex,
  LINK_COLUMNS,
  LINK_FROM,
  type LinkRows,
  mediaWikiTimestamp,
  type Row,
  sha1Base36,
} from './page-rows.js';
import { defaultModel, type HandedSearchText, isNewerRevision, type PageLinkRows, pageKey } from './page-stream.js';
import { siteFromSiteinfo } from './site-from-siteinfo.js';

export interface XmlImportOptions {
  /** Replace a different wiki the store holds. */
  replace?: boolean;
  progress?: ImportProgress;
  /**
   * Read, parse and extract links on a worker thread while the main thread writes (default: for
   * files of 20 MB and more on a machine with several cores).
   */
  readerThread?: boolean;
  /** The store's upload folder: the dump's files are written or linked here. */
  uploadDirectory?: string;
  /** The source wiki's upload folder, where files of the dump's File: pages are looked up. */
  imagesDir?: string;
  /** Compute the pages' lint errors (default true; `--no-lint`): linting costs far more than the rest. */
  lint?: boolean;
  /**
   * Share the pages' linting with a helper thread (default: for files of 256 KB and more on a
   * machine with several cores).
   */
  lintThread?: boolean;
  /**
   * SQLite, into an empty store: write the search index on a thread of its own, in a scratch file
   * beside the store copied in at the end (default: when the dump is read on a worker thread for
   * its size, 20 MB and more, and its pages are not linted).
   */
  searchThread?: boolean;
  /**
   * With `searchThread`: copy the index into the store before its other indexes are built, and
   * give the scratch file's room back then, rather than build both side by side (default: when
   * the disk lacks room for the side-by-side build's peak).
   */
  searchCopyFirst?: boolean;
  /**
   * Wikimedia's SQL dumps of the same wiki's link tables (`<wiki>-<date>-pagelinks.sql.gz`, ...):
   * each replaces the rows derived from wikitext for its table.
   */
  linkTables?: readonly string[];
  /**
   * Leave the search index and the lint errors to be built after the import
   * (`completeDeferredBuilds`), which records them as pending: the import commits sooner and the
   * server answers meanwhile (default false here; the `import` command defers them).
   */
  deferBuilds?: boolean;
}

export interface XmlImportSummary {
  wikiId: string;
  siteName: string;
  outcome: 'new' | 'updated' | 'replaced';
  /** Pages and revisions in the file. */
  pages: number;
  revisions: number;
  /** Pages of the file whose current revision is a redirect. */
  redirects: number;
  /** Revisions that were not in the store before. */
  newRevisions: number;
  /** Pages whose current revision (and so links) changed. */
  updatedPages: number;
  uploads: number;
  /** Files written or linked into the store's upload folder, and that folder. */
  filesStored: number;
  uploadDirectory?: string;
  bytes: number;
  seconds: number;
  /** The tables read from SQL dumps, with their rows. */
  linkTables: LinkTableSummary[];
}

/** The import of one file failed; the store is unchanged. */
export class XmlImportError extends UserError {
  override name = 'XmlImportError';
}

/** Name shown for a contributor the dump hides. */
const HIDDEN_CONTRIBUTOR = 'Unknown user';
const ACTOR_CACHE_LIMIT = 100_000;
/** Search index entries written together during an import (see `indexForSearch`). */
const SEARCH_BATCH_PAGES = 64;
const SEARCH_BATCH_CHARS = 4 << 20;
const REVISION_MAP_LIMIT = 2_000_000;
const USER_CACHE_LIMIT = 200_000;
/**
 * Tables whose non-unique indexes are dropped while a dump fills an empty store and built again
 * before the commit: building an index once from sorted data is several times faster than
 * updating it row by row. Unique indexes stay, as the import's conflict handling relies on them.
 */
/** Room kept free on the disk when deciding how to finish a search index built on its own thread. */
const DISK_MARGIN_BYTES = 2 ** 30;

const DEFERRED_INDEX_TABLES = [
  'page',
  'revision',
  'ip_changes',
  'slots',
  'pagelinks',
  'templatelinks',
  'imagelinks',
  'categorylinks',
  'externallinks',
  'langlinks',
  'iwlinks',
  'redirect',
  'page_props',
];

const REVISION_COLUMNS = [
  'rev_id',
  'rev_page',
  'rev_comment',
  'rev_actor',
  'rev_timestamp',
  'rev_minor_edit',
  'rev_deleted',
  'rev_len',
  'rev_parent_id',
  'rev_sha1',
];
const CONTENT_COLUMNS = ['content_id', 'content_size', 'content_sha1', 'content_model', 'content_text'];
/** SQLite: page texts may come as UTF-8 bytes (`textsAsBytes`), stored as text. */
const CONTENT_VALUES = { content_text: 'cast(? as text)' };
/**
 * SQLite: the search index's entries, a page's prepared text or title (perhaps UTF-8 bytes) and
 * its namespace word, joined by SQLite (see `entrySuffix`).
 */
const SEARCH_ENTRY_VALUES = { si_text: 'cast(? as text) || ?', si_title: 'cast(? as text) || ?' };
const SLOT_COLUMNS = ['slot_revision_id', 'slot_role', 'slot_content_id', 'slot_origin'];
const PAGE_COLUMNS = [
  'page_id',
  'page_namespace',
  'page_title',
  'page_is_redirect',
  'page_is_new',
  'page_random',
  'page_touched',
  'page_links_updated',
  'page_latest',
  'page_len',
  'page_content_model',
  'page_lang',
];

interface LatestRevision {
  /** The revision's id in the dump, and the one it is stored under (another if renumbered). */
  dumpId: number;
  id: number;
  timestamp: string;
  bytes: number;
  model: string;
}

interface PageState {
  page: DumpPage;
  id: number;
  namespace: number;
  dbKey: string;
  /** The store's row for this page before the import, if any. */
  existing?: { latest: number; latestTimestamp: string; isNew: number; revisions: number };
  existingRevisions: Set<number>;
  /** `timestamp|sha1` of the store's revisions of the page: finds one imported under another id. */
  existingVersions: Set<string>;
  latest?: LatestRevision;
  /** The page's oldest revision in the dump: it stands for the upload of a file found in a folder. */
  first?: { timestamp: string; contributor: DumpContributor; comment: string };
  uploads: number;
  revisionsInDump: number;
  newRevisions: number;
}

class DumpImport {
  private site!: SiteConfig;
  private files!: DumpFiles;
  private writer!: BulkWriter;
  private storeWasEmpty = true;
  private outcome: XmlImportSummary['outcome'] = 'new';
  private nextContentId = 1;
  private nextActorId = 1;
  private readonly actors = new Map<string, number>();
  private actorCacheOverflowed = false;
  private userCacheOverflowed = false;
  private readonly knownUsers = new Set<number>();
  private nextRevisionId = 1;
  /** Revision ids written by this import and their pages, while few enough to keep (PostgreSQL). */
  private readonly writtenRevisions = new Map<number, number>();
  private current: PageState | undefined;
  readonly counts = { pages: 0, revisions: 0, redirects: 0, newRevisions: 0, updatedPages: 0, uploads: 0 };

  /** Tables whose rows come from SQL dumps instead of the pages' wikitext. */
  private readonly dumpedTables: ReadonlySet<string>;
  linkTableSummaries: LinkTableSummary[] = [];

  constructor(
    private readonly store: WikiStore,
    private readonly source: DumpSource,
    private readonly options: XmlImportOptions,
    private readonly linkDumps: readonly LinkTableDump[] = [],
  ) {
    this.dumpedTables = new Set(linkDumps.map((d) => d.table));
  }

  /** Reads the SQL dumps' tables into the store, in the import's transaction. */
  async loadLinkTables(progress: ImportProgress): Promise<void> {
    if (this.linkDumps.length === 0) return;
    this.linkTableSummaries = await loadLinkTableDumps(this.writer, this.linkDumps, this.wikiId, progress);
  }

  /** Pages and revisions so far, for the progress line. */
  describeProgress(): string {
    const n = (value: number) => value.toLocaleString('en-US');
    return `${n(this.counts.pages)} pages, ${n(this.counts.revisions)} revisions`;
  }

  get wikiId(): string {
    return this.site.wikiId;
  }

  get siteName(): string {
    return this.site.siteName;
  }

  get result(): XmlImportSummary['outcome'] {
    return this.outcome;
  }

  get storedFiles(): { filesStored: number; uploadDirectory?: string } {
    const folder = this.site.uploadDirectory;
    return { filesStored: this.files.stored, ...(folder ? { uploadDirectory: folder } : {}) };
  }

  /** Opens the transaction and settles which wiki the store holds, from the dump's siteinfo. */
  async begin(siteinfo: DumpSiteInfo | undefined): Promise<void> {
    const pages = await this.store.db.selectFrom('page').select('page_id').limit(1).execute();
    this.writer = await openBulkWriter(this.store, { emptyStore: pages.length === 0 });
    const stored = await loadSite(this.writer.db);
    const incoming = siteinfo
      ? siteFromSiteinfo(siteinfo, undefined)
      : (stored ?? siteFromSiteinfo({ schemaVersion: '', siteName: 'Wiki', namespaces: [] }, undefined));
    const identity = await checkWikiIdentity(
      this.writer.db,
      { wikiId: incoming.wikiId, ...(incoming.server ? { server: incoming.server } : {}) },
      this.options.replace === true,
    );
    if (identity === 'replaced') {
      await clearWiki(this.writer.db);
      this.outcome = 'replaced';
    }
    if (identity === 'same') {
      this.outcome = 'updated';
      this.site = siteinfo && stored ? siteFromSiteinfo(siteinfo, stored) : (stored ?? incoming);
    } else {
      this.site = incoming;
    }
    if (siteinfo?.namespaces.length === 0 && stored) this.site = { ...this.site, namespaces: stored.namespaces };
    await saveSite(this.writer.db, this.site);
    this.files = new DumpFiles(this.writer, {
      ...(this.options.uploadDirectory ? { uploadDirectory: resolve(this.options.uploadDirectory) } : {}),
      ...(this.options.imagesDir ? { imagesDir: resolve(this.options.imagesDir) } : {}),
    });
    const [{ n }] = await this.writer.all<{ n: number }>('select count(*) as n from page');
    this.storeWasEmpty = Number(n) === 0;
    if (this.storeWasEmpty) await this.deferIndexes();
    // Into an empty store, the search index is filled with the pages as they are written, from
    // texts the reader prepares, rather than by reading every page back at the end; not in a
    // language whose words the index splits its own way (Chinese, Japanese), whose texts are
    // indexed as every page's are after an import into a store that held pages.
    this.searchInBulk =
      !this.options.deferBuilds &&
      this.storeWasEmpty &&
      indexSegmenter(this.site.language) === undefined &&
      (await beginBulkIndex(this.writer.db));
    const sqlite = this.store.sqlite;
    if (this.searchInBulk && sqlite && !sqlite.memory && (this.options.searchThread ?? this.searchThreadByDefault())) {
      this.searchBuild = startSearchIndexBuild(sqlite, this.site.language);
    }
    this.source.setSite(this.site, { searchTexts: this.searchInBulk, textsAsBytes: this.writer.engine === 'sqlite' });
    const [{ c }] = await this.writer.all<{ c: number | null }>('select max(content_id) as c from content');
    const [{ a }] = await this.writer.all<{ a: number | null }>('select max(actor_id) as a from actor');
    const [{ r }] = await this.writer.all<{ r: number | null }>('select max(rev_id) as r from revision');
    this.nextRevisionId = Number(r ?? 0) + 1;
    this.nextContentId = Number(c ?? 0) + 1;
    this.nextActorId = Number(a ?? 0) + 1;
  }

  /**
   * The search index gets a thread of its own for a dump read on a worker thread for its size,
   * when its pages are not linted: a linted import is bound by the linting (the thread saved 5 %
   * of a 23 MB dump's import) and its peak memory is near the 300 MB bound already (the thread
   * added 14 MB; for the bundled sample, read on a worker for its linting, 15 MB and no time).
   */
  private searchThreadByDefault(): boolean {
    return (
      this.source.threaded &&
      this.options.lint === false &&
      readerThreadFor(this.source.fileBytes, this.source.compression, this.source.pipe)
    );
  }

  private deferredIndexes: Array<{ table: string; name: string; columns: string[] }> = [];
  /** Whether pages go into the (empty) search index as they are written. */
  private searchInBulk = false;
  /** SQLite: the search index's build on a thread of its own, when the pages' entries go there. */
  private searchBuild: SearchIndexBuild | undefined;
  /** Search index entries not yet written, and the length of their texts. */
  private searchEntries: Array<{ page: number; namespace: number; latest: number; prepared: HandedSearchText }> = [];
  private searchChars = 0;

  private async deferIndexes(): Promise<void> {
    for (const table of DEFERRED_INDEX_TABLES) {
      for (const index of wikiTable(table).indexes ?? []) {
        if (index.unique) continue;
        await this.writer.run(`drop index if exists ${quoteIdentifier(index.name)}`);
        this.deferredIndexes.push({ table, name: index.name, columns: index.columns });
      }
    }
  }

  private async rebuildIndexes(): Promise<void> {
    await this.writer.flush();
    for (const index of this.deferredIndexes.splice(0)) {
      await this.writer.db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
    }
  }

  async commit(): Promise<void> {
    const build = this.searchBuild;
    // The search index's helper thread loads its modules while the indexes are built, ready to
    // stem the vocabulary at the end (a build on a thread of its own stems there).
    const helper = this.searchInBulk && !build ? startSearchIndexThread(this.writer.db, this.site.language) : undefined;
    try {
      await this.writeSearchEntries();
      // The build's thread merges the index and stems its vocabulary meanwhile.
      const built = build?.finish();
      built?.catch(() => {});
      const folder = this.files.servedFolder;
      if (folder && folder !== this.site.uploadDirectory) {
        this.site = { ...this.site, uploadDirectory: folder };
        await saveSite(this.writer.db, this.site);
      }
      // The thread's merge and the store's other indexes are built side by side, and the index
      // copied in at the end, unless the disk cannot hold the indexes, the copy and the scratch
      // file together: then the index is copied in first and the scratch file's room given back.
      const copyFirst =
        build !== undefined && built !== undefined && (this.options.searchCopyFirst ?? this.diskIsShort(build));
      if (copyFirst) {
        this.options.progress?.advance(0, 'little free disk: the search index is copied in first');
        await this.copySearchIndex(build, built);
      }
      await this.rebuildIndexes();
      await this.finishTotals();
      await this.writer.flush();
      await syncIdSequences(this.writer.db);
      await refreshQueryCache(this.writer.db, this.site);
      if (this.options.deferBuilds) {
        const [{ n }] = await this.writer.all<{ n: number }>('select count(*) as n from page');
        // Links templates add: the tables not read from MediaWiki's dumps, completed after the import.
        const expanded = [...EXPANDED_LINK_TABLES, 'category'].filter((table) => !this.dumpedTables.has(table));
        if (expanded.length > 1) await deferBuild(this.writer.db, 'links', Number(n), expanded);
        await deferBuild(this.writer.db, 'search', Number(n));
        if (this.options.lint ?? true) await deferBuild(this.writer.db, 'lint', Number(n));
      } else if (build && built) {
        if (!copyFirst) await this.copySearchIndex(build, built);
        // The index is complete; this finds no page to add (only pages the dump gave no text).
        await refreshSearchIndex(this.writer.db, this.site);
      } else {
        await refreshSearchIndex(this.writer.db, this.site, {
          bulkFilled: this.searchInBulk,
          ...(helper ? { helper } : {}),
        });
      }
    } finally {
      await helper?.close();
    }
    await this.writer.commit();
    await build?.close();
  }

  /** Copies the finished index of the build's thread into the store, and frees its scratch file's room. */
  private async copySearchIndex(build: SearchIndexBuild, built: Promise<void>): Promise<void> {
    await built;
    await build.copyInto(this.store.sqlite!, (file, schema) => this.writer.attach(file, schema));
    build.release();
  }

  /**
   * Whether the disk lacks room for what building the store's deferred indexes beside the search
   * index's thread would add before the scratch file goes: those indexes (at most about a third of
   * the store so far: 19 % for generated enwiki-shaped pages) and the copy of the index (at most
   * the scratch file's size), with a margin.
   */
  private diskIsShort(build: SearchIndexBuild): boolean {
    const file = this.store.sqlite!.name;
    const { bavail, bsize } = statfsSync(dirname(resolve(file)));
    const free = bavail * bsize;
    const storeBytes = statSync(file).size;
    const needed = storeBytes / 3 + build.scratchBytes() + DISK_MARGIN_BYTES;
    return free < needed;
  }

  async rollback(): Promise<void> {
    await this.writer?.rollback();
    await this.searchBuild?.close();
  }

  private async actorFor(contributor: DumpContributor): Promise<number> {
    const name = contributor.deleted
      ? HIDDEN_CONTRIBUTOR
      : contributor.ip
        ? contributor.ip
        : (contributor.username ?? HIDDEN_CONTRIBUTOR);
    const cached = this.actors.get(name);
    if (cached !== undefined) return cached;
    const userId = !contributor.deleted && !contributor.ip && contributor.id ? contributor.id : null;
    let actorId: number | undefined;
    if (!this.storeWasEmpty || this.actorCacheOverflowed) {
      const rows = await this.writer.all<{ actor_id: number }>('select actor_id from actor where actor_name = ?', [
        name,
      ]);
      actorId = rows[0] ? Number(rows[0].actor_id) : undefined;
    }
    if (actorId === undefined) {
      actorId = this.nextActorId++;
      const actorUser = userId === null ? null : await this.claimUser(userId, name);
      await this.writer.insert('actor', ['actor_id', 'actor_user', 'actor_name'], [[actorId, actorUser, name]]);
    }
    if (this.actors.size >= ACTOR_CACHE_LIMIT) {
      // From now on an editor missing from the cache may be in the store already: look it up.
      this.actors.clear();
      this.actorCacheOverflowed = true;
    }
    this.actors.set(name, actorId);
    return actorId;
  }

  /** The page a revision id already belongs to, in the store or earlier in this import. */
  private async revisionOwner(id: number): Promise<number | undefined> {
    const known = this.writtenRevisions.get(id);
    if (known !== undefined) return known;
    // SQLite answers a primary-key lookup in microseconds; PostgreSQL only needs it once the map is full.
    if (this.writer.engine === 'postgres' && this.storeWasEmpty && this.writtenRevisions.size < REVISION_MAP_LIMIT) {
      return undefined;
    }
    const rows = await this.writer.all<{ rev_page: number }>('select rev_page from revision where rev_id = ?', [id]);
    return rows[0] ? Number(rows[0].rev_page) : undefined;
  }

  private rememberRevision(id: number, pageId: number): void {
    if (id >= this.nextRevisionId) this.nextRevisionId = id + 1;
    if (this.writer.engine === 'postgres' && this.writtenRevisions.size < REVISION_MAP_LIMIT) {
      this.writtenRevisions.set(id, pageId);
    }
  }

  /**
   * Creates the user an editor's id names and returns the id for the editor's actor, or null when
   * the id already belongs to another name (a renamed user): the name then stands alone.
   */
  private async claimUser(userId: number, name: string): Promise<number | null> {
    if (this.knownUsers.has(userId)) return null;
    if (this.knownUsers.size >= USER_CACHE_LIMIT) {
      this.knownUsers.clear();
      this.userCacheOverflowed = true;
    }
    this.knownUsers.add(userId);
    if (!this.storeWasEmpty || this.userCacheOverflowed) {
      const owner = await this.writer.all<{ user_name: string }>('select user_name from "user" where user_id = ?', [
        userId,
      ]);
      if (owner[0] && owner[0].user_name !== name) return null;
      const taken = await this.writer.all<{ actor_id: number }>('select actor_id from actor where actor_user = ?', [
        userId,
      ]);
      if (taken[0]) return null;
    }
    await this.writer.insert(
      'user',
      ['user_id', 'user_name', 'user_touched', 'user_editcount'],
      [[userId, name, '19700101000000', 0]],
      { kind: 'ignore' },
    );
    return userId;
  }

  async startPage(page: DumpPage): Promise<void> {
    if (page.id === undefined) throw new Error(`page "${page.title}" has no <id>`);
    const state: PageState = {
      page,
      id: page.id,
      namespace: page.namespace,
      dbKey: pageKey(page, this.site),
      existingRevisions: new Set(),
      existingVersions: new Set(),
      uploads: 0,
      revisionsInDump: 0,
      newRevisions: 0,
    };
    if (!this.storeWasEmpty) {
      const rows = await this.writer.all<{ page_latest: number; page_is_new: number; rev_timestamp: string | null }>(
        'select page_latest, page_is_new, rev_timestamp from page left join revision on rev_id = page_latest where page_id = ?',
        [state.id],
      );
      const revisions = await this.writer.all<{ rev_id: number; rev_timestamp: string; rev_sha1: string }>(
        'select rev_id, rev_timestamp, rev_sha1 from revision where rev_page = ?',
        [state.id],
      );
      for (const r of revisions) {
        state.existingRevisions.add(Number(r.rev_id));
        state.existingVersions.add(`${r.rev_timestamp}|${r.rev_sha1}`);
      }
      if (rows[0]) {
        state.existing = {
          latest: Number(rows[0].page_latest),
          latestTimestamp: rows[0].rev_timestamp ?? '',
          isNew: Number(rows[0].page_is_new),
          revisions: revisions.length,
        };
      }
      // Another page of the store may hold this title (deleted and recreated in the source): the dump wins.
      await this.writer.run('delete from page where page_namespace = ? and page_title = ? and page_id <> ?', [
        state.namespace,
        state.dbKey,
        state.id,
      ]);
    }
    this.current = state;
    this.files.startPage();
    this.counts.pages++;
  }

  async addRevision(revision: DumpRevision): Promise<void> {
    const state = this.current!;
    state.revisionsInDump++;
    this.counts.revisions++;
    const timestamp = mediaWikiTimestamp(revision.timestamp);
    const text = revision.text ?? '';
    const bytes = revision.bytes ?? Buffer.byteLength(text);
    const model = revision.model ?? defaultModel(state.namespace, state.dbKey);
    if (!state.first || timestamp < state.first.timestamp) {
      state.first = { timestamp, contributor: revision.contributor, comment: revision.comment ?? '' };
    }
    if (
      isNewerRevision(
        timestamp,
        revision.id,
        state.latest && { timestamp: state.latest.timestamp, id: state.latest.dumpId },
      )
    ) {
      state.latest = { dumpId: revision.id, id: revision.id, timestamp, bytes, model };
    }
    if (state.existingRevisions.has(revision.id)) return;
    const owner = await this.revisionOwner(revision.id);
    let revisionId = revision.id;
    if (owner === state.id) return;
    if (owner !== undefined && state.existingVersions.has(`${timestamp}|${revision.sha1 ?? sha1Base36(text)}`)) return;
    if (owner !== undefined) {
      // The id belongs to another page's revision (a hand-made or merged export): give this one a new id.
      revisionId = this.nextRevisionId++;
      if (state.latest?.dumpId === revision.id) state.latest.id = revisionId;
    }
    this.rememberRevision(revisionId, state.id);
    state.newRevisions++;
    this.counts.newRevisions++;
    const deleted =
      (revision.textDeleted ? 1 : 0) | (revision.commentDeleted ? 2 : 0) | (revision.contributor.deleted ? 4 : 0);
    const actor = await this.actorFor(revision.contributor);
    const sha1 = revision.sha1 || (revision.textDeleted ? '' : sha1Base36(text));
    await this.writer.insert(
      'revision',
      REVISION_COLUMNS,
      [
        [
          revisionId,
          state.id,
          revision.comment ?? '',
          actor,
          timestamp,
          revision.minor ? 1 : 0,
          deleted,
          bytes,
          revision.parentId ?? 0,
          sha1,
        ],
      ],
      { kind: 'ignore' },
    );
    const contents: Row[] = [];
    const slots: Row[] = [];
    const mainContent = this.nextContentId++;
    contents.push([mainContent, bytes, sha1, model, revision.textBytes ?? text]);
    slots.push([revisionId, 'main', mainContent, revisionId]);
    for (const slot of revision.slots) {
      const contentId = this.nextContentId++;
      const slotText = slot.text ?? '';
      contents.push([
        contentId,
        slot.bytes ?? Buffer.byteLength(slotText),
        slot.sha1 ?? sha1Base36(slotText),
        slot.model ?? 'wikitext',
        slotText,
      ]);
      slots.push([revisionId, slot.role, contentId, slot.origin ?? revisionId]);
    }
    await this.writer.insert(
      'content',
      CONTENT_COLUMNS,
      contents,
      undefined,
      this.writer.engine === 'sqlite' ? CONTENT_VALUES : undefined,
    );
    await this.writer.insert('slots', SLOT_COLUMNS, slots, { kind: 'ignore' });
    const ip = revision.contributor.ip;
    const hex = ip && !revision.contributor.deleted ? ipHex(ip) : undefined;
    if (hex) {
      await this.writer.insert(
        'ip_changes',
        ['ipc_rev_id', 'ipc_rev_timestamp', 'ipc_hex'],
        [[revisionId, timestamp, hex]],
        {
          kind: 'ignore',
        },
      );
    }
  }

  async addUpload(upload: DumpUpload): Promise<void> {
    this.counts.uploads++;
    this.current!.uploads++;
    await this.files.addUpload(upload, this.current!.dbKey, await this.actorFor(upload.contributor));
  }

  /** Ends the page: its row and, when its current revision changed, its link tables. */
  async endPage(links: PageLinkRows | undefined, search?: HandedSearchText): Promise<void> {
    const state = this.current!;
    this.current = undefined;
    if (!state.latest) {
      if (!state.existing) this.counts.pages--; // a page without revisions is not a page
      return;
    }
    const first = state.first;
    if (state.namespace === NS_FILE && state.uploads === 0 && first) {
      await this.files.addFromFolder(state.dbKey, { ...first, actor: () => this.actorFor(first.contributor) });
    }
    await this.writePage(state, links, search);
  }

  private async writePage(state: PageState, links: PageLinkRows | undefined, search?: HandedSearchText): Promise<void> {
    const latest = state.latest!;
    const existing = state.existing;
    const dumpIsNewer =
      !existing ||
      latest.timestamp > existing.latestTimestamp ||
      (latest.timestamp === existing.latestTimestamp && latest.id > existing.latest);
    if (links?.redirect) this.counts.redirects++;
    if (!dumpIsNewer && state.newRevisions === 0) return;
    const totalRevisions = (existing?.revisions ?? 0) + state.newRevisions;
    if (!dumpIsNewer) {
      // Older revisions were added to a page the store already has in a newer state.
      if (existing?.isNew && totalRevisions > 1) {
        await this.writer.run('update page set page_is_new = 0 where page_id = ?', [state.id]);
      }
      return;
    }
    this.counts.updatedPages++;
    const row = [
      state.id,
      state.namespace,
      state.dbKey,
      links?.redirect ? 1 : 0,
      totalRevisions === 1 ? 1 : 0,
      Math.random(),
      latest.timestamp,
      latest.timestamp,
      latest.id,
      latest.bytes,
      latest.model,
      null,
    ];
    await this.writer.insert('page', PAGE_COLUMNS, [row], { kind: 'update', key: ['page_id'] });
    if (this.searchInBulk && search) await this.indexForSearch(state, latest.id, search);
    const dumped = this.dumpedTables;
    if (existing) {
      for (const table of Object.keys(LINK_FROM) as Array<keyof LinkRows>) {
        if (dumped.has(table)) continue;
        await this.writer.run(`delete from ${table} where ${LINK_FROM[table]} = ?`, [state.id]);
      }
    }
    if (!links) return;
    for (const table of Object.keys(links.rows) as Array<keyof LinkRows>) {
      if (dumped.has(table)) continue;
      await this.writer.insertFlat(table, LINK_COLUMNS[table], links.rows[table], { kind: 'ignore' });
    }
  }

  /**
   * Puts the page's current text into the search index (a page met again replaces its entry).
   * Entries go 64 pages a statement, and FTS5 writes each statement's entries out as a segment of
   * their own: SQLite opens a statement journal for every insert of several rows into a virtual
   * table (it cannot know that the table will not have to undo some of them), and FTS5 writes
   * what it gathered whenever a savepoint is opened. Segments that size were the cheapest to make
   * (see docs/performance-log.md: one page a statement, so that FTS5 gathers up to its
   * `hashsize`, or 256 pages a statement, took more time in all).
   */
  private async indexForSearch(state: PageState, latest: number, prepared: HandedSearchText) {
    const waiting = this.searchEntries.findIndex((entry) => entry.page === state.id);
    if (waiting >= 0) {
      this.searchChars -= this.searchEntries[waiting]!.prepared[1].length;
      this.searchEntries.splice(waiting, 1);
    } else if ((await this.writer.all('select 1 from searchindex_page where si_page = ?', [state.id])).length > 0) {
      if (this.searchBuild) await this.searchBuild.remove(state.id);
      else {
        for (const table of SEARCH_TABLES) await this.writer.run(`delete from ${table} where rowid = ?`, [state.id]);
      }
      await this.writer.run('delete from searchindex_page where si_page = ?', [state.id]);
    }
    this.searchEntries.push({ page: state.id, namespace: state.namespace, latest, prepared });
    this.searchChars += prepared[1].length;
    if (this.searchEntries.length >= SEARCH_BATCH_PAGES || this.searchChars >= SEARCH_BATCH_CHARS) {
      await this.writeSearchEntries();
    }
  }

  private async writeSearchEntries() {
    const entries = this.searchEntries;
    this.searchEntries = [];
    this.searchChars = 0;
    if (entries.length === 0) return;
    const suffixes = entries.map(({ namespace }) => entrySuffix(namespace));
    if (this.searchBuild) {
      await this.searchBuild.add(
        entries.map(({ page, prepared }, i) => ({ page, title: prepared[0], text: prepared[1], suffix: suffixes[i]! })),
      );
    } else {
      await this.writer.insert(
        'searchindex',
        ['rowid', 'si_text'],
        entries.map(({ page, prepared }, i) => [page, prepared[1], suffixes[i]]),
        undefined,
        SEARCH_ENTRY_VALUES,
      );
      await this.writer.insert(
        'searchindex_title',
        ['rowid', 'si_title'],
        entries.map(({ page, prepared }, i) => [page, prepared[0], suffixes[i]]),
        undefined,
        SEARCH_ENTRY_VALUES,
      );
    }
    await this.writer.insert(
      'searchindex_page',
      ['si_page', 'si_latest', 'si_wordcount'],
      entries.map(({ page, latest, prepared }) => [page, latest, prepared[2]]),
    );
  }

  /** Category counts, edit counts and site statistics, from the tables as they now are. */
  private async finishTotals(): Promise<void> {
    // A category dump gives MediaWiki's own counts (and ids).
    if (!this.dumpedTables.has('category')) await this.countCategories();
    await this.finishEditCounts();
  }

  private async countCategories(): Promise<void> {
    for (const statement of CATEGORY_COUNT_STATEMENTS) await this.writer.run(statement);
  }

  private async finishEditCounts(): Promise<void> {
    const w = this.writer;
    // Edit counts: every user's after an import into an empty store; otherwise only the users this
    // import created, so that counts a database import brought (deleted edits included) stay.
    await w.run(
      `update "user" set user_editcount = (select count(*) from revision join actor on actor_id = rev_actor where actor_user = user_id)
       ${this.storeWasEmpty ? '' : 'where user_editcount = 0 or user_editcount is null'}`,
    );
    const contentNamespaces = this.site.namespaces.filter((n) => n.content).map((n) => n.id);
    const nsList = contentNamespaces.length ? contentNamespaces.join(', ') : '0';
    await w.run(
      `insert into site_stats (ss_row_id, ss_total_edits, ss_good_articles, ss_total_pages, ss_users, ss_active_users, ss_images)
       select 1,
         (select count(*) from revision),
         (select count(*) from page where page_namespace in (${nsList}) and page_is_redirect = 0
            and exists (select 1 from pagelinks where pl_from = page_id)),
         (select count(*) from page),
         (select count(*) from "user"),
         0,
         (select count(*) from image)
       on conflict (ss_row_id) do update set ss_total_edits = excluded.ss_total_edits,
         ss_good_articles = excluded.ss_good_articles, ss_total_pages = excluded.ss_total_pages,
         ss_users = excluded.ss_users, ss_images = excluded.ss_images`,
    );
  }
}

/** Imports one dump file. Throws XmlImportError (store unchanged) when the file cannot be imported. */
export async function importXmlDump(
  store: WikiStore,
  file: string,
  options: XmlImportOptions = {},
): Promise<XmlImportSummary> {
  const started = performance.now();
  const progress = options.progress ?? silentProgress;
  if (options.imagesDir && !statSync(options.imagesDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new XmlImportError(`upload folder ${options.imagesDir} is not a directory`);
  }
  const linkDumps = planLinkTableDumps(options.linkTables ?? [], file);
  let source: DumpSource;
  try {
    source = await openDumpSource(file, {
      ...(options.readerThread === undefined ? {} : { thread: options.readerThread }),
      lint: !options.deferBuilds && (options.lint ?? true),
      ...(options.lintThread === undefined ? {} : { lintHelper: options.lintThread }),
    });
  } catch (err) {
    if (err instanceof DumpFileError) throw new XmlImportError(err.message);
    throw err;
  }
  const job = new DumpImport(store, source, options, linkDumps);
  let begun = false;
  const totalMb = source.fileBytes / 1e6;
  // A pipe's size is what came through it.
  const readBytes = () => (source.pipe ? source.bytesRead() : source.fileBytes);
  const how = source.decompression ? ` (${source.decompression})` : '';
  progress.begin(`importing ${basename(file)}${how}`, totalMb, 'MB');
  let lastReport = 0;
  let lastReportTime = Date.now();
  try {
    for await (const event of source.events()) {
      if (!begun) {
        await job.begin(event.type === 'siteinfo' ? event.siteinfo : undefined);
        begun = true;
      }
      switch (event.type) {
        case 'page':
          await job.startPage(event.page);
          break;
        case 'revision':
          await job.addRevision(event.revision);
          break;
        case 'upload':
          await job.addUpload(event.upload);
          break;
        case 'page-end':
          await job.endPage(event.links, event.search);
          // Every 100 pages, and at least four times a second when pages are large or slow.
          if (job.counts.pages - lastReport >= 100 || Date.now() - lastReportTime >= 250) {
            lastReport = job.counts.pages;
            lastReportTime = Date.now();
            progress.advance(source.bytesRead() / 1e6, job.describeProgress());
          }
          break;
        default:
      }
    }
    if (!begun) throw new DumpError(`${file} holds no pages and no siteinfo`, 0);
    await source.close();
    if (linkDumps.length > 0) {
      progress.advance(Math.round(readBytes() / 1e6), job.describeProgress());
      progress.end();
      await job.loadLinkTables(progress);
      progress.begin('finishing the import');
    }
    await job.commit();
    await refreshPlannerStatistics(store.db);
  } catch (err) {
    await source.close();
    await job.rollback();
    progress.end();
    if (err instanceof DumpError) throw new XmlImportError(`${err.message}; nothing was imported`);
    if (err instanceof UserError) throw err;
    throw new XmlImportError(`importing ${file} failed: ${(err as Error).message}; nothing was imported`);
  }
  progress.advance(readBytes() / 1e6, job.describeProgress());
  progress.end();
  return {
    wikiId: job.wikiId,
    siteName: job.siteName,
    outcome: job.result,
    ...job.counts,
    ...job.storedFiles,
    bytes: readBytes(),
    linkTables: job.linkTableSummaries,
    seconds: (performance.now() - started) / 1000,
  };
}
