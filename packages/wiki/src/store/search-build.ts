/**
 * SQLite: the search index of an import into an empty store, built on a thread of its own.
 *
 * FTS5's inserts are most of what the import's writing thread does, and that thread sets the
 * import's pace (see docs/performance-log.md). Here a worker thread (`search-build-worker.ts`)
 * writes the entries into the same tables in a scratch file beside the store, with a connection
 * of its own, while the importer writes the pages; at the end it merges the index and stems its
 * vocabulary while the importer builds the store's other indexes. The finished tables are then
 * copied into the store inside the import's transaction (SQLite copies such rows as they are
 * stored, without reading them), so the store ends with the same index as an import that writes
 * the entries itself, and the import still commits or rolls back as one.
 *
 * The importer decides which pages the index gets and in what order (a page met again replaces
 * its entry), so the worker only writes what it is told, in the order it was told.
 */
import { rmSync, statSync, truncateSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { siblingModule, startWorker } from '../worker-thread.js';

/** The tables the scratch file holds, as the store defines them: the index's two, and the stems. */
const TEXTS = 'searchindex';
const TITLES = 'searchindex_title';
const STEMS = 'searchindex_stem';
/** FTS5's own tables behind each of its tables (a contentless table has no `_content`). */
const SHADOW_SUFFIXES = ['_data', '_idx', '_docsize', '_config', '_content'];
/** The scratch file's schema name while the store's connection reads it. */
const SCRATCH_SCHEMA = 'search_build';

/**
 * Requests sent and not yet answered before `add` waits: each is a statement of at most 64 pages'
 * texts, so the texts in flight stay a few megabytes (unbounded, the peak of the 10,000-page
 * generated dump rose from about 235 to 310 MB).
 */
const IN_FLIGHT = 2;

/** The worker's heap: a request's texts come as bytes outside it; the stemmer and a chunk of words. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };

export interface SearchBuildWorkerData {
  file: string;
  pageSize: number;
  /** The store's `create` statements of the tables below. */
  definitions: string[];
  /** The texts' and the titles' FTS5 tables, and their columns. */
  tables: [string, string];
  columns: [string, string];
  /** FTS5's options while the index fills, and those it keeps after. */
  bulkOptions: Record<string, number>;
  finalOptions: Record<string, number>;
  language: string;
  /** Words of the vocabulary read and stemmed at a time. */
  vocabularyChunk: number;
}

export type SearchBuildRequest =
  | { kind: 'add'; pages: number[]; texts: Array<string | Uint8Array>; titles: string[]; suffixes: string[] }
  | { kind: 'remove'; page: number }
  | { kind: 'finish' };

/** `used`: the buffers of the texts written, given back to be freed here. */
export type SearchBuildReply =
  | { kind: 'done'; used?: ArrayBuffer[] }
  | { kind: 'finished' }
  | { kind: 'error'; message: string };

/** One page's entry: its id, its prepared text and title, and its namespace's word (`entrySuffix`). */
export interface SearchBuildEntry {
  page: number;
  text: string | Uint8Array;
  title: string;
  suffix: string;
}

export interface SearchBuildOptions {
  language: string;
  bulkOptions: Record<string, number>;
  finalOptions: Record<string, number>;
  vocabularyChunk: number;
}

export class SearchIndexBuild {
  private readonly worker: Worker;
  private readonly file: string;
  private readonly definitions: Map<string, string>;
  /** Requests sent and not answered. */
  private pending = 0;
  private wake: (() => void) | undefined;
  private failure: Error | undefined;
  private onFinished: { resolve(): void; reject(err: Error): void } | undefined;
  private stopped = false;

  /**
   * Starts a build for the store of this connection, whose index is empty. The scratch file
   * (the store's name with `.search-build`) is made anew.
   */
  constructor(sqlite: SQLite.Database, options: SearchBuildOptions) {
    this.file = `${sqlite.name}.search-build`;
    rmSync(this.file, { force: true });
    this.definitions = new Map(
      (
        sqlite
          .prepare(`select name, sql from main.sqlite_master where name in (?, ?, ?)`)
          .all(TEXTS, TITLES, STEMS) as Array<{ name: string; sql: string }>
      ).map((row) => [row.name, row.sql]),
    );
    const definitions = [TEXTS, TITLES, STEMS].map((name) => {
      const definition = this.definitions.get(name);
      if (!definition) throw new Error(`the store has no table ${name}`);
      return definition;
    });
    const data: SearchBuildWorkerData = {
      file: this.file,
      pageSize: Number(sqlite.pragma('page_size', { simple: true })),
      definitions,
      tables: [TEXTS, TITLES],
      columns: ['si_text', 'si_title'],
      bulkOptions: options.bulkOptions,
      finalOptions: options.finalOptions,
      language: options.language,
      vocabularyChunk: options.vocabularyChunk,
    };
    this.worker = startWorker(siblingModule(import.meta.url, 'search-build-worker'), data, WORKER_LIMITS);
    this.worker.on('message', (reply: SearchBuildReply) => {
      if (reply.kind === 'error') return this.fail(new Error(`the search index thread failed: ${reply.message}`));
      this.pending--;
      this.notify();
      if (reply.kind === 'finished') {
        this.stopped = true;
        this.onFinished?.resolve();
      }
    });
    this.worker.on('error', (err: unknown) =>
      this.fail(err instanceof Error ? err : new Error(`the search index thread failed: ${JSON.stringify(err)}`)),
    );
    this.worker.on('exit', (code) => {
      if (!this.stopped) this.fail(new Error(`the search index thread stopped (exit code ${code})`));
    });
  }

  private notify() {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private fail(err: Error) {
    this.failure ??= err;
    this.stopped = true;
    this.notify();
    this.onFinished?.reject(this.failure);
  }

  private send(request: SearchBuildRequest, transfer: ArrayBuffer[] = []) {
    if (this.failure) throw this.failure;
    this.pending++;
    this.worker.postMessage(request, transfer);
  }

  /** Waits until at most `limit` requests are unanswered (or the thread failed). */
  private async drain(limit: number) {
    while (this.pending > limit && !this.failure) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    if (this.failure) throw this.failure;
  }

  /**
   * Sends entries to be written (one statement's worth); the texts' bytes move to the thread, so
   * the caller must not use them again. Waits while the thread is behind.
   */
  async add(entries: SearchBuildEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const transfer: ArrayBuffer[] = [];
    for (const { text } of entries) {
      // Moved only where the text's bytes are its buffer's own; otherwise they are copied.
      if (typeof text !== 'string' && text.byteOffset === 0 && text.byteLength === text.buffer.byteLength) {
        transfer.push(text.buffer as ArrayBuffer);
      }
    }
    this.send(
      {
        kind: 'add',
        pages: entries.map((e) => e.page),
        texts: entries.map((e) => e.text),
        titles: entries.map((e) => e.title),
        suffixes: entries.map((e) => e.suffix),
      },
      transfer,
    );
    await this.drain(IN_FLIGHT);
  }

  /** Takes a page's entry, sent before, out of the index. */
  async remove(page: number): Promise<void> {
    this.send({ kind: 'remove', page });
    await this.drain(IN_FLIGHT);
  }

  /**
   * Tells the thread that every entry was sent: it merges the index, gives it FTS5's usual
   * options and stems its vocabulary, and commits the scratch file. Resolves when it is done.
   */
  finish(): Promise<void> {
    const done = new Promise<void>((resolve, reject) => {
      this.onFinished = { resolve, reject };
    });
    try {
      this.send({ kind: 'finish' });
    } catch (err) {
      return Promise.reject(err);
    }
    return done;
  }

  /**
   * Once finished: replaces the store's (empty) index and stems with the scratch file's, inside
   * the connection's open transaction. `attach` attaches the file to the connection until the
   * transaction ends. FTS5's tables are made again before their rows are copied, so that the
   * connection holds no cached state of the empty index.
   */
  async copyInto(sqlite: SQLite.Database, attach: (file: string, schema: string) => Promise<void>): Promise<void> {
    await attach(this.file, SCRATCH_SCHEMA);
    const scratchTables = new Set(
      sqlite.prepare(`select name from ${SCRATCH_SCHEMA}.sqlite_master where type = 'table'`).pluck().all() as string[],
    );
    // FTS5's own tables may not be written by ordinary statements (SQLite's defensive mode).
    sqlite.unsafeMode(true);
    try {
      for (const table of [TEXTS, TITLES]) {
        sqlite.exec(`drop table main.${table}`);
        sqlite.exec(this.definitions.get(table)!);
        for (const suffix of SHADOW_SUFFIXES) {
          const shadow = `${table}${suffix}`;
          if (!scratchTables.has(shadow)) continue;
          sqlite.exec(`delete from main.${shadow}`);
          sqlite.exec(`insert into main.${shadow} select * from ${SCRATCH_SCHEMA}.${shadow}`);
        }
      }
      sqlite.exec(`delete from main.${STEMS}`);
      sqlite.exec(`insert into main.${STEMS} select * from ${SCRATCH_SCHEMA}.${STEMS}`);
    } finally {
      sqlite.unsafeMode(false);
    }
  }

  /** The scratch file's size now, in bytes. */
  scratchBytes(): number {
    return statSync(this.file, { throwIfNoEntry: false })?.size ?? 0;
  }

  /**
   * After `copyInto`: gives the scratch file's room back to the disk. Its rows are in the store now
   * and nothing reads it again, but it stays attached (read-locked) until the import's transaction
   * ends, so it is emptied rather than removed: a database file of no bytes is an empty database to
   * SQLite. `close` removes it.
   */
  release(): void {
    truncateSync(this.file, 0);
  }

  /** Stops the thread if it still runs and removes the scratch file (once it is detached). */
  async close(): Promise<void> {
    this.stopped = true;
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
    rmSync(this.file, { force: true });
  }
}
