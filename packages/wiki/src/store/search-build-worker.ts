/**
 * Worker thread body of a search index build in a file of its own (`SearchIndexBuild`): it opens
 * the scratch file, makes the index's tables there as the store defines them, writes the entries
 * it is sent, and at the end merges the index, gives it FTS5's usual options back and lists its
 * vocabulary's words under their stems, all in one transaction. The scratch file is thrown away
 * if anything fails, so it needs no journal.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { SearchBuildReply, SearchBuildRequest, SearchBuildWorkerData } from './search-build.js';
import { NAMESPACE_MARK } from './search-text.js';
import { INSERT_STEM_PAIRS_SQL, stemPairs, stemPairsJson, vocabularyChunkSql, WordStemmer } from './word-stems.js';

/**
 * The scratch connection's page cache, in KiB (negative: a size): FTS5 writes its segments and
 * merges them in order, so a small cache does (2, 8 and 16 MB took the same time; 2 MB keeps
 * the import's peak lowest).
 */
const SCRATCH_CACHE_KIB = -2_000;

const data = workerData as SearchBuildWorkerData;
const port = parentPort!;

/** Opens the scratch file and makes the index's tables there, empty, in an open transaction. */
function openScratch(): SQLite.Database {
  const scratch = new SQLite(data.file);
  scratch.pragma(`page_size = ${Number(data.pageSize)}`);
  scratch.pragma('journal_mode = off');
  scratch.pragma('synchronous = off');
  scratch.pragma(`cache_size = ${SCRATCH_CACHE_KIB}`);
  for (const definition of data.definitions) scratch.exec(definition);
  setOptions(scratch, data.bulkOptions);
  scratch.exec('begin');
  return scratch;
}

function setOptions(scratch: SQLite.Database, options: Record<string, number>) {
  for (const table of data.tables) {
    for (const [name, value] of Object.entries(options)) {
      // The value as a literal: FTS5 takes only an integer, which a bound number is not.
      scratch.prepare(`insert into ${table} (${table}, rank) values (?, ${Math.trunc(value)})`).run(name);
    }
  }
}

/** An error's message (better-sqlite3's errors lose theirs when they cross to another thread). */
function messageOf(err: unknown): string {
  return err instanceof Error || (typeof err === 'object' && err !== null && 'message' in err)
    ? String((err as { message: unknown }).message)
    : String(err);
}

let db: SQLite.Database;
let openFailure: string | undefined;
try {
  db = openScratch();
} catch (err) {
  openFailure = messageOf(err);
}

const inserts = new Map<string, SQLite.Statement>();
/** `count` entries a statement, each its page id, its text (bytes stored as text) and a suffix. */
function insertStatement(table: string, column: string, count: number): SQLite.Statement {
  const key = `${table}|${count}`;
  let statement = inserts.get(key);
  if (!statement) {
    const row = '(?, cast(? as text) || ?)';
    statement = db.prepare(`insert into ${table} (rowid, ${column}) values ${new Array(count).fill(row).join(', ')}`);
    inserts.set(key, statement);
  }
  return statement;
}

function add(request: Extract<SearchBuildRequest, { kind: 'add' }>): ArrayBuffer[] {
  const count = request.pages.length;
  const texts = new Array<unknown>(count * 3);
  const titles = new Array<unknown>(count * 3);
  for (let i = 0; i < count; i++) {
    texts[i * 3] = titles[i * 3] = request.pages[i];
    texts[i * 3 + 1] = request.texts[i];
    titles[i * 3 + 1] = request.titles[i];
    texts[i * 3 + 2] = titles[i * 3 + 2] = request.suffixes[i];
  }
  insertStatement(data.tables[0], data.columns[0], count).run(texts);
  insertStatement(data.tables[1], data.columns[1], count).run(titles);
  // The texts' bytes go back with the answer: this thread makes so little garbage that its
  // collector would let them pile up (tens of megabytes) before freeing them.
  const used: ArrayBuffer[] = [];
  for (const text of request.texts) if (typeof text !== 'string') used.push(text.buffer as ArrayBuffer);
  return used;
}

function remove(page: number) {
  for (const table of data.tables) db.prepare(`delete from ${table} where rowid = ?`).run(page);
}

/** Merges the index, puts FTS5's usual options back and writes the vocabulary's stems. */
function finish() {
  for (const table of data.tables) db.prepare(`insert into ${table} (${table}) values ('optimize')`).run();
  setOptions(db, data.finalOptions);
  const stemmer = new WordStemmer(data.language);
  const insertPairs = db.prepare(INSERT_STEM_PAIRS_SQL);
  for (const table of data.tables) {
    db.exec(`create virtual table temp.${table}_vocabulary using fts5vocab(main, ${table}, row)`);
    const chunk = db.prepare(vocabularyChunkSql(`temp.${table}_vocabulary`, data.vocabularyChunk));
    let after = '';
    for (;;) {
      const row = chunk.get(after) as { terms: string | null; last: string | null };
      if (!row.terms) break;
      after = row.last!;
      // The namespace words are no words of the texts.
      const words = row.terms.split('\n').filter((word) => !word.startsWith(NAMESPACE_MARK));
      const pairs = stemPairs(words, stemmer);
      if (pairs.length > 0) insertPairs.run(stemPairsJson(pairs));
    }
    db.exec(`drop table temp.${table}_vocabulary`);
  }
  db.exec('commit');
  db.close();
}

port.on('message', (request: SearchBuildRequest) => {
  try {
    if (openFailure !== undefined) throw new Error(`the scratch file ${data.file} could not be set up: ${openFailure}`);
    if (request.kind === 'add') {
      const used = add(request);
      port.postMessage({ kind: 'done', used } satisfies SearchBuildReply, used);
    } else if (request.kind === 'remove') {
      remove(request.page);
      port.postMessage({ kind: 'done' } satisfies SearchBuildReply);
    } else {
      finish();
      port.postMessage({ kind: 'finished' } satisfies SearchBuildReply);
    }
  } catch (err) {
    port.postMessage({ kind: 'error', message: messageOf(err) } satisfies SearchBuildReply);
  }
});
