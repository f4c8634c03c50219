/**
 * The full-text index behind `list=search` (migration 0013): each page's title and current text,
 * as words. MediaWiki's database search backends index the wikitext with its markup characters
 * removed (link targets, template names and parameters stay words), and so does this index.
 *
 * A search matches the words exactly, as MediaWiki's database backends do (`Berlin` does not
 * find `Berlins`); `srenablerewrites` matches the words' stems in the wiki's language (`Häuser`
 * finds `Haus`). SQLite keeps the words in two FTS5 tables, the texts' and the titles', each
 * entry ending in the page's namespace word (migration 0017), and, beside them, every indexed
 * word under its stem (made here with the Snowball stemmer of the wiki's language: FTS5 has none for
 * German), so that a search by stem asks for every word of the stem. PostgreSQL makes `tsvector`s
 * with the `simple` configuration for the words and with the text search configuration of the
 * wiki's language (`german`) for the stems, which stems with the same Snowball algorithm and in
 * addition leaves out its stop words.
 *
 * The index follows the store: `refreshSearchIndex` brings every page whose current revision is
 * not the indexed one up to date (and drops pages that are gone). The importers call it at their
 * end; so does anything else that changes a page's current text.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Database as SQLiteDatabase } from 'better-sqlite3';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { SiteConfig } from '../site/site.js';
import { phpWordCount } from '../text/word-count.js';
import { siblingModule, startWorker } from '../worker-thread.js';
import { isPostgres } from './dialect.js';
import { SearchIndexBuild } from './search-build.js';
import {
  entrySuffix,
  indexableText,
  indexableTitle,
  indexSegmenter,
  NAMESPACE_MARK,
  type PreparedPage,
  prepareForIndex,
  words,
} from './search-text.js';
import {
  INSERT_STEM_PAIRS_SQL,
  postgresSearchConfig,
  type SearchIndexRequest,
  type SearchIndexWorkerData,
  stemPairs,
  stemPairsJson,
  vocabularyChunkSql,
  WordStemmer,
} from './word-stems.js';

/** SQLite: the FTS5 tables of the index's words (migration 0017): the texts', the titles'. */
export const SEARCH_TABLES = ['searchindex', 'searchindex_title'] as const;

/** SQLite: the indexed words that share a word's stem (the stem itself among them). */
export async function wordsOfStem(db: Kysely<any>, word: string, stemmer: WordStemmer): Promise<string[]> {
  const stem = stemmer.stem(word);
  const rows = await sql<{ ss_word: string }>`select ss_word from searchindex_stem where ss_stem = ${stem}`.execute(db);
  return [stem, ...rows.rows.map((r) => r.ss_word)];
}

/**
 * SQLite: lists the words of a few pages that are not their own stem under their stem
 * (`seen` holds the words already looked at in this refresh).
 */
async function listStemsOf(db: Kysely<any>, texts: string[], stemmer: WordStemmer, seen: Set<string>) {
  const unseen: string[] = [];
  for (const text of texts) {
    for (const word of words(text)) {
      if (seen.has(word)) continue;
      seen.add(word);
      unseen.push(word);
    }
  }
  await insertStemPairs(db, stemPairs(unseen, stemmer));
}

/**
 * A worker thread that prepares texts and stems words for a large build, answering in order.
 * An import starts it before the end of its build (`startSearchIndexThread`), so that it has
 * loaded its modules by the time the vocabulary is stemmed.
 */
export class SearchIndexThread {
  private readonly worker: Worker;
  private readonly waiting: Array<{ resolve(answer: unknown): void; reject(err: Error): void }> = [];
  private failure: Error | undefined;
  /** Set by the thread once it has loaded its modules (read without waiting for messages). */
  private readonly started = new Int32Array(new SharedArrayBuffer(4));

  constructor(language: string) {
    const data: SearchIndexWorkerData = { language, started: this.started };
    this.worker = startWorker(siblingModule(import.meta.url, 'search-index-worker'), data, INDEX_WORKER_LIMITS);
    this.worker.on('message', (answer: unknown) => this.waiting.shift()?.resolve(answer));
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`the search index thread stopped (exit code ${code})`)));
  }

  private fail(err: Error) {
    this.failure ??= err;
    for (const waiting of this.waiting.splice(0)) waiting.reject(this.failure);
  }

  private ask<T>(request: SearchIndexRequest): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ resolve: resolve as (answer: unknown) => void, reject });
      this.worker.postMessage(request);
    });
  }

  prepare(pages: Array<[string, string]>): Promise<PreparedPage[]> {
    return this.ask({ kind: 'prepare', pages });
  }

  stem(words: string[]): Promise<string[]> {
    return this.ask({ kind: 'stem', words });
  }

  /**
   * Whether the thread is ready to answer at once. Loading its modules takes it a tenth of a
   * second or more, as long as a small vocabulary takes to stem here.
   */
  get ready(): boolean {
    return Atomics.load(this.started, 0) === 1;
  }

  async close() {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}

/**
 * A helper thread for `refreshSearchIndex` (its `helper` option), when the store is SQLite and
 * the machine has a second core; the caller closes it.
 */
export function startSearchIndexThread(db: Kysely<any>, language: string): SearchIndexThread | undefined {
  return isPostgres(db) || availableParallelism() < 2 ? undefined : new SearchIndexThread(language);
}

/**
 * The search index thread's heap: it holds a batch of pages and the texts made of them at a time;
 * room for a batch of the longest pages MediaWiki allows (2 MB of wikitext each), while a batch
 * of ordinary pages keeps its heap small.
 */
const INDEX_WORKER_LIMITS = { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 16 };

/**
 * SQLite, after many pages were indexed: lists every word of the index's vocabulary that is not
 * its own stem. Each distinct word is stemmed once, however often the pages use it, which is far
 * cheaper than looking at every word of every page (a 10,000-page wiki's vocabulary can hold over
 * a million words). With a `helper` thread, the words are stemmed there while this thread reads
 * the next words and writes the stems found before; until the helper is ready they are stemmed
 * here, so that a small vocabulary does not wait for it. (Sharing the stemming between the two
 * threads, this one stemming a list whenever the helper was still busy with the one before, was
 * slower: 4.7 s against 3.7 s for the 10,000-page generated dump's vocabulary.)
 */
async function listStemsOfVocabulary(
  db: Kysely<any>,
  stemmer: WordStemmer,
  helper: SearchIndexThread | undefined,
  chunk: number,
) {
  for (const table of SEARCH_TABLES) {
    await sql`create virtual table if not exists ${sql.raw(`temp.${table}_vocabulary`)} using fts5vocab(main, ${sql.raw(table)}, row)`.execute(
      db,
    );
  }
  let onHelper: Promise<string[]> | undefined;
  try {
    for (const table of SEARCH_TABLES) {
      let after = '';
      for (;;) {
        const chunkWords = await db.executeQuery<{ terms: string | null; last: string | null }>(
          CompiledQuery.raw(vocabularyChunkSql(`temp.${table}_vocabulary`, chunk), [after]),
        );
        const chunkRow = chunkWords.rows[0];
        const all = chunkRow?.terms ? chunkRow.terms.split('\n') : [];
        // The namespace words are no words of the texts.
        const words = all.filter((word) => !word.startsWith(NAMESPACE_MARK));
        // The helper's stems of the words before are written while it stems these.
        const stemmed = onHelper;
        onHelper = helper?.ready && words.length > 0 ? helper.stem(words) : undefined;
        if (stemmed) await insertStemPairs(db, await stemmed);
        if (all.length === 0) break;
        after = chunkRow!.last!;
        if (!onHelper && words.length > 0) await insertStemPairs(db, stemPairs(words, stemmer));
      }
    }
    if (onHelper) await insertStemPairs(db, await onHelper);
    onHelper = undefined;
  } finally {
    // A failure above leaves no answer unawaited.
    await onHelper?.catch(() => {});
  }
}

/**
 * Writes `[stem, word]` pairs (flattened, as stemPairs gives them) to the stem table, as one JSON
 * array of pairs a statement: SQLite reads it faster than thousands of bound values.
 */
async function insertStemPairs(db: Kysely<any>, pairs: string[]) {
  if (pairs.length === 0) return;
  await db.executeQuery(CompiledQuery.raw(INSERT_STEM_PAIRS_SQL, [stemPairsJson(pairs)]));
}

interface PageToIndex {
  page_id: number;
  page_namespace: number;
  page_title: string;
  page_latest: number;
  content_text: string | null;
}

/**
 * Pages indexed per statement. Each page's words are split and joined in one synchronous stretch
 * per batch, so the batch bounds the garbage made before a collection can run: small batches keep
 * an import's peak memory low.
 */
const BATCH = 50;

/** Words of the vocabulary read and stemmed at a time after a large build. */
const VOCABULARY_CHUNK = 5000;

export interface RefreshOptions {
  /** Forget the whole index first (the store now holds another wiki). */
  rebuild?: boolean;
  /**
   * SQLite: the pages were written into the empty index as they were imported, after
   * `beginBulkIndex` (see `BulkIndexFeed`): what is left of the build is done (FTS5's merge, its
   * usual options back, the vocabulary's stems).
   */
  bulkFilled?: boolean;
  /** Index at most this many pages (a long build in several transactions); default all. */
  maxPages?: number;
  /**
   * SQLite: when fewer pages than this wait, their own words are stemmed as they are indexed;
   * otherwise the index's vocabulary is stemmed once at the end (default 1,000).
   */
  vocabularyPassPages?: number;
  /**
   * SQLite: worker threads that prepare the pages' texts and share the vocabulary's stemming in a
   * build of many pages (default one when there is a second core; at most one).
   */
  threads?: number;
  /** Words of the vocabulary read and stemmed at a time (default 5,000). */
  vocabularyChunk?: number;
  /**
   * A helper thread started before (`startSearchIndexThread`), used instead of one started here
   * (SQLite, for a few pages too); it stays open.
   */
  helper?: SearchIndexThread;
}

/**
 * Brings the index up to date with the store: pages that are gone or whose current revision
 * changed leave it, pages without an entry are indexed (read in page id order, in batches).
 * Returns the number of pages indexed.
 */
/** Drops the entries of pages gone or edited since they were indexed (or, to rebuild, all of them). */
async function dropStaleEntries(db: Kysely<any>, postgres: boolean, rebuild: boolean): Promise<void> {
  if (rebuild) {
    if (postgres) await sql`delete from searchindex`.execute(db);
    else {
      // FTS5 forgets a contentless index's entries at once, rather than row by row.
      for (const table of SEARCH_TABLES) {
        await sql`insert into ${sql.raw(table)} (${sql.raw(table)}) values ('delete-all')`.execute(db);
      }
      await sql`delete from searchindex_page`.execute(db);
      await sql`delete from searchindex_stem`.execute(db);
    }
  } else if (postgres) {
    await sql`delete from searchindex where not exists (
      select 1 from page where page_id = si_page and page_latest = si_latest)`.execute(db);
  } else {
    const stale = await sql<{ si_page: number }>`select si_page from searchindex_page
      left join page on page_id = si_page
      where page_id is null or page_latest <> si_latest`.execute(db);
    for (let i = 0; i < stale.rows.length; i += BATCH) {
      const ids = stale.rows.slice(i, i + BATCH).map((r) => r.si_page);
      for (const table of SEARCH_TABLES) {
        await sql`delete from ${sql.raw(table)} where rowid in (${sql.join(ids)})`.execute(db);
      }
      await sql`delete from searchindex_page where si_page in (${sql.join(ids)})`.execute(db);
    }
  }
}

/** PostgreSQL: a batch's title and text vectors, simple and stemmed, with its word count. */
async function writePostgresBatch(db: Kysely<any>, site: SiteConfig, batch: PageToIndex[]): Promise<void> {
  const config = sql.lit(postgresSearchConfig(site.language));
  const segment = indexSegmenter(site.language) ?? ((text: string) => text);
  const values = batch.map((p) => {
    const title = words(segment(indexableTitle(p.page_title))).join(' ');
    const text = words(segment(indexableText(p.content_text ?? ''))).join(' ');
    return sql`(${p.page_id}, ${p.page_latest}, to_tsvector('simple', ${title}), to_tsvector('simple', ${text}),
      to_tsvector(${config}, ${title}), to_tsvector(${config}, ${text}), ${phpWordCount(p.content_text ?? '')})`;
  });
  await sql`insert into searchindex (si_page, si_latest, si_title, si_text, si_title_stems, si_text_stems, si_wordcount)
    values ${sql.join(values)}`.execute(db);
}

/** SQLite: a batch's prepared texts into the two FTS5 tables and its pages into `searchindex_page`. */
async function writeSqliteBatch(db: Kysely<any>, batch: PageToIndex[], texts: PreparedTexts): Promise<void> {
  const suffixes = batch.map((p) => entrySuffix(p.page_namespace));
  await sql`insert into searchindex (rowid, si_text) values ${sql.join(
    batch.map((p, i) => sql`(${p.page_id}, ${texts[i]![1]} || ${suffixes[i]})`),
  )}`.execute(db);
  await sql`insert into searchindex_title (rowid, si_title) values ${sql.join(
    batch.map((p, i) => sql`(${p.page_id}, ${texts[i]![0]} || ${suffixes[i]})`),
  )}`.execute(db);
  const pages = batch.map((p, i) => sql`(${p.page_id}, ${p.page_latest}, ${texts[i]![2]})`);
  await sql`insert into searchindex_page (si_page, si_latest, si_wordcount) values ${sql.join(pages)}`.execute(db);
}

type PreparedTexts = Awaited<ReturnType<SearchIndexThread['prepare']>>;

/** How many pages wait for the index (SQLite; PostgreSQL does not need the figure). */
async function waitingPages(db: Kysely<any>, postgres: boolean): Promise<number> {
  if (postgres) return 0;
  const counted = await sql<{ n: number }>`select count(*) as n from page
    where not exists (select 1 from searchindex_page where si_page = page_id)`.execute(db);
  return Number(counted.rows[0]?.n ?? 0);
}

export async function refreshSearchIndex(db: Kysely<any>, site: SiteConfig, options: RefreshOptions = {}) {
  const postgres = isPostgres(db);
  await dropStaleEntries(db, postgres, options.rebuild === true);
  const stemmer = new WordStemmer(site.language);
  const seen = new Set<string>();
  const indexed = postgres ? sql`searchindex` : sql`searchindex_page`;
  // How many pages wait: a few have their own words stemmed, many the index's vocabulary after.
  const waiting = await waitingPages(db, postgres);
  const bulkFilled = !postgres && options.bulkFilled === true;
  const few =
    !bulkFilled &&
    Math.min(waiting, options.maxPages ?? Number.POSITIVE_INFINITY) < (options.vocabularyPassPages ?? 1000);
  // SQLite, an empty index filled with many pages: FTS5 merges what it wrote once at the end
  // rather than level by level as it goes. An index that holds pages already is added to as
  // usual: the final merge would rewrite all of it.
  let bulk = bulkFilled || (!postgres && !few && (await indexIsEmpty(db)));
  if (bulk && !bulkFilled) await setIndexOptions(db, BULK_OPTIONS);
  const threads = postgres || few ? 0 : Math.min(1, options.threads ?? availableParallelism() - 1);
  // A helper the caller gives prepares the texts even of a few pages: their garbage is then the
  // helper's, not this thread's (see `completeDeferredBuilds`).
  const helper = postgres
    ? undefined
    : (options.helper ?? (threads > 0 ? new SearchIndexThread(site.language) : undefined));
  const max = options.maxPages ?? Number.POSITIVE_INFINITY;
  const readBatch = async (after: number) =>
    (
      await sql<PageToIndex>`select page_id, page_namespace, page_title, page_latest, content_text from page
        left join slots on slot_revision_id = page_latest and slot_role = 'main'
        left join content on content_id = slot_content_id
        where page_id > ${after} and not exists (select 1 from ${indexed} where si_page = page_id)
        order by page_id limit ${BATCH}`.execute(db)
    ).rows;
  // SQLite: a batch's texts are prepared (on the helper thread, if any) while the next batch is
  // read and the one before is written.
  const segment = indexSegmenter(site.language);
  const prepare = (rows: PageToIndex[]) => {
    const pages = rows.map((p): [string, string] => [p.page_title, p.content_text ?? '']);
    const texts = helper ? helper.prepare(pages) : Promise.resolve(prepareForIndex(pages));
    // A language whose words are not set apart by spaces has its texts split as MediaWiki splits them.
    return segment === undefined
      ? texts
      : texts.then((list) => list.map(([title, text, words]): PreparedPage => [segment(title), segment(text), words]));
  };
  let count = 0;
  let batch = await readBatch(0);
  let prepared = !postgres && batch.length > 0 ? prepare(batch) : undefined;
  try {
    while (batch.length > 0 && count < max) {
      count += batch.length;
      const next = count < max ? await readBatch(batch[batch.length - 1]!.page_id) : [];
      if (postgres) await writePostgresBatch(db, site, batch);
      else {
        const texts = await prepared!;
        prepared = next.length > 0 ? prepare(next) : undefined;
        await writeSqliteBatch(db, batch, texts);
        // The title and the text apart: joined, each long page's text was copied once more.
        if (few)
          await listStemsOf(
            db,
            texts.flatMap((row) => [row[0], row[1]]),
            stemmer,
            seen,
          );
      }
      batch = next;
    }
    if (bulk) {
      for (const table of SEARCH_TABLES) {
        await sql`insert into ${sql.raw(table)} (${sql.raw(table)}) values ('optimize')`.execute(db);
      }
      await setIndexOptions(db, FTS5_DEFAULTS);
      bulk = false;
    }
    if (!postgres && !few && (count > 0 || bulkFilled))
      await listStemsOfVocabulary(db, stemmer, helper, options.vocabularyChunk ?? VOCABULARY_CHUNK);
  } finally {
    // A failure above leaves no answer unawaited, and the index's own options as they were (when
    // no transaction around this gives them back).
    await prepared?.catch(() => {});
    // A helper the caller started stays open: the caller closes it.
    if (helper !== options.helper) await helper?.close();
    if (bulk) await setIndexOptions(db, FTS5_DEFAULTS).catch(() => {});
  }
  await countMissingWords(db);
  return count;
}

/**
 * SQLite, an import into an empty store: whether the search index can be filled as the pages are
 * written (it is empty), and if so sets it up for that bulk build. `refreshSearchIndex` with
 * `bulkFilled` finishes it.
 */
export async function beginBulkIndex(db: Kysely<any>): Promise<boolean> {
  if (isPostgres(db) || !(await indexIsEmpty(db))) return false;
  await setIndexOptions(db, BULK_OPTIONS);
  return true;
}

/**
 * SQLite, an import into an empty store (after `beginBulkIndex`): a build of the index on a thread
 * of its own (`search-build.ts`), which the import copies into the store at its end instead of
 * finishing the index with `refreshSearchIndex`.
 */
export function startSearchIndexBuild(sqlite: SQLiteDatabase, language: string): SearchIndexBuild {
  return new SearchIndexBuild(sqlite, {
    language,
    bulkOptions: BULK_OPTIONS,
    finalOptions: FTS5_DEFAULTS,
    vocabularyChunk: VOCABULARY_CHUNK,
  });
}

/** SQLite: whether the index has no entry. */
async function indexIsEmpty(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from searchindex_page limit 1)`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0) === 0;
}

/** FTS5's options that shape how it writes and merges its segments (kept in the index itself). */
interface IndexOptions extends Record<string, number> {
  /** Memory for entries not yet written, in bytes. */
  hashsize: number;
  /** Segments of a level merged as a matter of course (0: none). */
  automerge: number;
  /** Segments of a level that force a merge of that level, whatever `automerge` says. */
  crisismerge: number;
}

/**
 * While an empty index is filled with many pages: FTS5 merges no segments along the way, as the
 * build ends with one merge of everything. Past 64 segments on a level it merges them anyway
 * (FTS5 allows 2,000 in all); its default of 16 merged the same pages more often (30,000
 * generated pages took about 15 % less time in FTS5 with 64). FTS5 writes a segment of what it
 * gathered when a statement opens a savepoint, which every insert of several rows into it does
 * (SQLite opens a statement journal for those), so the builds here, which insert 50 or 64 pages
 * a statement, make a segment a statement; `hashsize` only bounds what a single statement
 * gathers before writing.
 */
const BULK_OPTIONS: IndexOptions = { hashsize: 16 << 20, automerge: 0, crisismerge: 64 };
/** FTS5's own defaults, which the index keeps outside a bulk build. */
const FTS5_DEFAULTS: IndexOptions = { hashsize: 1 << 20, automerge: 4, crisismerge: 16 };

/** SQLite: sets FTS5's options of the index's tables. */
async function setIndexOptions(db: Kysely<any>, options: IndexOptions) {
  for (const table of SEARCH_TABLES) {
    for (const [name, value] of Object.entries(options)) {
      await sql`insert into ${sql.raw(table)} (${sql.raw(table)}, rank) values (${name}, ${sql.lit(value)})`.execute(
        db,
      );
    }
  }
}

/** Entries made before the index kept word counts (migration 0015) get theirs. */
async function countMissingWords(db: Kysely<any>) {
  const indexed = isPostgres(db) ? sql`searchindex` : sql`searchindex_page`;
  let after = 0;
  for (;;) {
    const batch = await sql<{ si_page: number; content_text: string | null }>`select si_page, content_text
      from ${indexed}
      left join slots on slot_revision_id = si_latest and slot_role = 'main'
      left join content on content_id = slot_content_id
      where si_wordcount is null and si_page > ${after}
      order by si_page limit ${BATCH}`.execute(db);
    if (batch.rows.length === 0) break;
    after = batch.rows[batch.rows.length - 1]!.si_page;
    for (const row of batch.rows) {
      await sql`update ${indexed} set si_wordcount = ${phpWordCount(row.content_text ?? '')}
        where si_page = ${row.si_page}`.execute(db);
    }
  }
}
