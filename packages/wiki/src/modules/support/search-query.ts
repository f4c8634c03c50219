/**
 * Full-text search over the store's index (`src/store/search-index.ts`), read as MediaWiki's
 * database search backends read a query: lowercased, characters outside the search syntax
 * dropped, then words, `"quoted phrases"`, `word*` prefixes and a `-` before a term to exclude
 * it; every other term must match. A leading `Namespace:` restricts the search to that
 * namespace, `all:` (or the localized `alle:`) to none. Hits are ordered as MediaWiki's SQLite
 * backend answers (`inPageIdOrder`), and counted for `totalhits`. Words match
 * exactly (case aside), as in MediaWiki; with `stems`, their stems match (`Häuser` finds `Haus`).
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { TitleCodec } from '../../site/title.js';
import { isPostgres } from '../../store/dialect.js';
import { wordsOfStem } from '../../store/search-index.js';
import { namespaceWord, queryTermText, termVariants, words } from '../../store/search-text.js';
import { postgresSearchConfig, type WordStemmer } from '../../store/word-stems.js';

export interface SearchTerm {
  /** The term as written, lowercased, without quotes or the `*`. */
  text: string;
  phrase: boolean;
  prefix: boolean;
  exclude: boolean;
  /** The forms any of which matches (the term in each script variant of the language), where not the text alone. */
  alternatives?: string[];
}

/** The texts a term matches by. */
const formsOf = (term: SearchTerm) => term.alternatives ?? [term.text];

export interface ParsedSearch {
  terms: SearchTerm[];
  /** The namespaces a `Namespace:` prefix selected; `null` for `all:`; undefined when none was given. */
  namespaces?: number[] | null;
}

/** The words of the `all:` keyword by content language (MediaWiki's `searchall` message). */
const ALL_KEYWORD: Record<string, string> = { de: 'alle', en: 'all' };

/** `Namespace:rest` or `all:rest`: the namespaces the prefix selects and the rest of the query. */
export function splitNamespacePrefix(query: string, titles: TitleCodec, language: string) {
  const colon = query.indexOf(':');
  if (colon < 0) return { query, namespaces: undefined };
  for (const keyword of new Set([ALL_KEYWORD[language] ?? 'all', 'all'])) {
    if (query.startsWith(`${keyword}:`)) {
      const rest = query.slice(keyword.length + 1);
      return rest.trim() === '' ? { query, namespaces: undefined } : { query: rest, namespaces: null };
    }
  }
  const namespace = titles.namespaceId(query.slice(0, colon));
  const rest = query.slice(colon + 1);
  if (namespace === undefined || rest.trim() === '') return { query, namespaces: undefined };
  return { query: rest, namespaces: [namespace] };
}

const NOT_SEARCH_CHAR = /[^A-Za-z_'.0-9"*\-\u0080-\uffff]/g;
const TERM = /([-+<>~]?)(?:([A-Za-z_'.0-9\-\u0080-\uffff]+)(\*?)|"([^"]*)")/g;

/** Reads a query (after its namespace prefix) into terms, as MediaWiki's database backends do. */
export function parseSearchTerms(query: string): SearchTerm[] {
  const filtered = query.toLowerCase().replace(NOT_SEARCH_CHAR, ' ').trim();
  const terms: SearchTerm[] = [];
  for (const m of filtered.matchAll(TERM)) {
    const exclude = m[1] === '-';
    if (m[2] !== undefined) terms.push({ text: m[2], phrase: false, prefix: m[3] === '*', exclude });
    else terms.push({ text: m[4] ?? '', phrase: true, prefix: false, exclude });
  }
  return terms;
}

const quoted = (word: string) => `"${word}"`;

/**
 * A term's FTS5 expression, or undefined when it has no words. `forms` gives the words a word
 * stands for when stems match (a phrase of several words then needs each word, not the order).
 */
function ftsTerm(term: SearchTerm, forms: Map<string, string[]> | undefined): string | undefined {
  if (term.alternatives !== undefined && term.alternatives.length > 1) {
    const each = term.alternatives.map((text) => ftsTerm({ ...term, text, alternatives: undefined }, forms));
    const found = [...new Set(each.filter((expression) => expression !== undefined))];
    return found.length === 0 ? undefined : `(${found.join(' OR ')})`;
  }
  const list = words(term.text);
  if (list.length === 0) return undefined;
  if (term.prefix) return `${quoted(list.join(' '))}*`;
  if (!forms) return quoted(list.join(' '));
  return list.map((word) => `(${(forms.get(word) ?? [word]).map(quoted).join(' OR ')})`).join(' AND ');
}

/** The FTS5 query of the terms, or undefined when nothing can match. */
export function ftsQuery(terms: SearchTerm[], forms?: Map<string, string[]>): string | undefined {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const term of terms) {
    const expression = ftsTerm(term, forms);
    if (expression) (term.exclude ? exclude : include).push(expression);
  }
  if (include.length === 0) return undefined;
  const positive = include.join(' AND ');
  return exclude.length === 0 ? `(${positive})` : `((${positive}) NOT (${exclude.join(' OR ')}))`;
}

/** SQLite: the words each word of the (not prefix) terms stands for when stems match. */
async function stemForms(db: Kysely<any>, terms: SearchTerm[], stemmer: WordStemmer) {
  const forms = new Map<string, string[]>();
  for (const term of terms) {
    if (term.prefix) continue;
    for (const word of formsOf(term).flatMap(words)) {
      if (!forms.has(word)) forms.set(word, await wordsOfStem(db, word, stemmer));
    }
  }
  return forms;
}

/** The PostgreSQL `tsquery` of the terms, or undefined when nothing can match. */
function postgresQuery(terms: SearchTerm[], config: string): RawBuilder<unknown> | undefined {
  const cfg = sql.lit(config);
  const include: RawBuilder<unknown>[] = [];
  const exclude: RawBuilder<unknown>[] = [];
  for (const term of terms) {
    const each: RawBuilder<unknown>[] = [];
    for (const text of new Set(formsOf(term))) {
      const list = words(text);
      if (list.length === 0) continue;
      each.push(
        term.prefix
          ? sql`to_tsquery(${cfg}, ${list.map((w, i) => (i === list.length - 1 ? `'${w}':*` : `'${w}'`)).join(' <-> ')})`
          : sql`phraseto_tsquery(${cfg}, ${list.join(' ')})`,
      );
    }
    if (each.length > 0)
      (term.exclude ? exclude : include).push(each.length === 1 ? each[0]! : sql`(${sql.join(each, sql` || `)})`);
  }
  if (include.length === 0) return undefined;
  let query = sql.join(include, sql` && `);
  for (const e of exclude) query = sql`(${query}) && !!${e}`;
  return query;
}

export interface SearchPage {
  page_id: number;
  page_namespace: number;
  page_title: string;
}

export interface SearchRequest {
  terms: SearchTerm[];
  /** `title` searches titles, `text` the text. */
  field: 'title' | 'text';
  /** Match the words' stems rather than the words. */
  stems: boolean;
  /** `null`: every namespace. */
  namespaces: number[] | null;
  limit: number;
  offset: number;
  language: string;
  stemmer: WordStemmer;
  count: boolean;
  /** SQLite: the most hits that are sorted rather than found in title order (default 2,000). */
  sortHitsUpTo?: number;
  /** SQLite: the page rows read by the first statement of a walk in title order (default: estimated). */
  titleChunk?: number;
}

/**
 * Whether hits come in page id order rather than by namespace and title, as MediaWiki 1.39's SQLite
 * backend answers: its query joins the page table to the index, and SQLite's planner walks the
 * page table's title index namespace by namespace for up to nine namespaces, and the index's
 * matches (in page id order) for ten or more, or for every namespace (`*`, `all:`).
 */
export function inPageIdOrder(namespaces: readonly number[] | null): boolean {
  return namespaces === null || namespaces.length >= 10;
}

/**
 * SQLite: with at most this many hits, their pages are looked up by id and sorted; with more, the
 * page table is read in title order and each page checked against the set of hits, which finds
 * the first hits after about (offset + limit) x pages / hits rows.
 */
const SORT_HITS_UP_TO = 2000;

/** SQLite: the namespaces that hold pages, in order, each found by one seek in the title index. */
async function namespacesInUse(db: Kysely<any>): Promise<number[]> {
  const found = await sql<{ ns: number }>`with recursive used(ns) as (
      select min(page_namespace) from page
      union all
      select (select min(page_namespace) from page where page_namespace > used.ns) from used where used.ns is not null
    ) select ns from used where ns is not null`.execute(db);
  return found.rows.map((r) => r.ns);
}

/**
 * SQLite, many hits: the page of results, read from the title index namespace by namespace in
 * chunks until `offset + limit` hits have been seen. `hits` holds the hits' page ids.
 */
async function hitsInTitleOrder(db: Kysely<any>, hits: number[], request: SearchRequest) {
  let largest = 0;
  for (const id of hits) if (id > largest) largest = id;
  const isHit = new Uint8Array(largest + 1);
  for (const id of hits) isHit[id] = 1;
  const wanted = request.offset + request.limit;
  const found: SearchPage[] = [];
  let seen = 0;
  // A first chunk that holds the wanted hits when hits are spread evenly over the page ids.
  let chunk = request.titleChunk ?? Math.min(50_000, Math.ceil((wanted * isHit.length) / hits.length) + 100);
  const order = request.namespaces ? [...request.namespaces].sort((a, b) => a - b) : await namespacesInUse(db);
  for (const namespace of order) {
    let after: string | undefined;
    for (;;) {
      const rows = (
        await sql<SearchPage>`select page_id, page_namespace, page_title from page
          where page_namespace = ${namespace} ${after === undefined ? sql`` : sql`and page_title > ${after}`}
          order by page_title limit ${chunk}`.execute(db)
      ).rows;
      for (const row of rows) {
        if (row.page_id < isHit.length && isHit[row.page_id] === 1 && seen++ >= request.offset) {
          found.push(row);
          if (found.length === request.limit) return found;
        }
      }
      if (rows.length < chunk) break;
      after = rows[rows.length - 1]!.page_title;
      chunk = Math.min(chunk * 2, 50_000);
    }
  }
  return found;
}

/** The hits of a page of results and, when asked, the number of all hits. */
export async function runSearch(
  db: Kysely<any>,
  given: SearchRequest,
): Promise<{ pages: SearchPage[]; total?: number }> {
  // The terms as the language's index holds words (Chinese: a term of several characters is a
  // phrase of them).
  const request = {
    ...given,
    terms: given.terms.map((term) => {
      const alternatives = termVariants(term.text, given.language);
      return {
        ...term,
        text: queryTermText(term.text, given.language),
        ...(alternatives.length > 1 ? { alternatives } : {}),
      };
    }),
  };
  const none = { pages: [], ...(request.count ? { total: 0 } : {}) };
  const namespaceFilter =
    request.namespaces === null ? sql`` : sql`and page_namespace in (${sql.join(request.namespaces)})`;
  const byId = inPageIdOrder(request.namespaces);
  const order = byId
    ? sql`order by page_id limit ${request.limit} offset ${request.offset}`
    : sql`order by page_namespace, page_title limit ${request.limit} offset ${request.offset}`;
  if (isPostgres(db)) {
    const query = postgresQuery(request.terms, request.stems ? postgresSearchConfig(request.language) : 'simple');
    if (!query) return none;
    const column = sql.id(`si_${request.field}${request.stems ? '_stems' : ''}`);
    const matching = sql`page_id in (select si_page from searchindex where ${column} @@ (${query}))`;
    // The page of hits and their count at once, on two connections: one round trip of waiting.
    const [pages, total] = await Promise.all([
      sql<SearchPage>`select page_id, page_namespace, page_title from page
        where ${matching} ${namespaceFilter} ${order}`.execute(db),
      request.count
        ? sql<{ c: number | string }>`select count(*) as c from page where ${matching} ${namespaceFilter}`.execute(db)
        : undefined,
    ]);
    if (!total) return { pages: pages.rows };
    return { pages: pages.rows, total: Number(total.rows[0]?.c ?? 0) };
  }
  const forms = request.stems ? await stemForms(db, request.terms, request.stemmer) : undefined;
  const wordQuery = ftsQuery(request.terms, forms);
  if (!wordQuery) return none;
  const query =
    request.namespaces === null
      ? wordQuery
      : `${wordQuery} AND (${request.namespaces.map((n) => `"${namespaceWord(n)}"`).join(' OR ')})`;
  // The texts' or the titles' table, read once: the hits' ids give the count and the page of results.
  const table = sql.raw(request.field === 'title' ? 'searchindex_title' : 'searchindex');
  const matched = await sql<{ ids: string }>`select json_group_array(rowid) as ids from ${table}
    where ${table} match ${query}`.execute(db);
  const idsJson = matched.rows[0]?.ids ?? '[]';
  const hits = JSON.parse(idsJson) as number[];
  const total = hits.length;
  const counted = request.count ? { total } : {};
  if (total === 0 || request.offset >= total) return { pages: [], ...counted };
  if (byId) {
    // The index's matches come in page id order, each in a namespace asked for.
    hits.sort((a, b) => a - b);
    const page = JSON.stringify(hits.slice(request.offset, request.offset + request.limit));
    const pages = await sql<SearchPage>`select page_id, page_namespace, page_title from page
      where page_id in (select value from json_each(${page})) order by page_id`.execute(db);
    return { pages: pages.rows, ...counted };
  }
  if (total > (request.sortHitsUpTo ?? SORT_HITS_UP_TO)) {
    return { pages: await hitsInTitleOrder(db, hits, request), ...counted };
  }
  const pages = await sql<SearchPage>`select page_id, page_namespace, page_title from page
    where page_id in (select value from json_each(${idsJson})) ${order}`.execute(db);
  return { pages: pages.rows, ...counted };
}
