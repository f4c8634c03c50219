/**
 * Full-text search over the store's index (`src/store/search-index.ts`), read as MediaWiki's
 * database search backends read a query: lowercased, characters outside the search syntax
 * dropped, then words, `"quoted phrases"`, `word*` prefixes and a `-` before a term to exclude
 * it; every other term must match. A leading `Namespace:` restricts the search to that
 * namespace, `all:` (or the localized `alle:`) to none. Hits are ordered by namespace and title,
 * the order MediaWiki's SQLite backend answers in, and counted for `totalhits`. Words match
 * exactly (case aside), as in MediaWiki; with `stems`, their stems match (`Häuser` finds `Haus`).
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { TitleCodec } from '../../site/title.js';
import { isPostgres } from '../../store/migrations/columns.js';
import { postgresSearchConfig, type WordStemmer, words, wordsOfStem } from '../../store/search-index.js';

export interface SearchTerm {
  /** The term as written, lowercased, without quotes or the `*`. */
  text: string;
  phrase: boolean;
  prefix: boolean;
  exclude: boolean;
}

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
  const list = words(term.text);
  if (list.length === 0) return undefined;
  if (term.prefix) return `${quoted(list.join(' '))}*`;
  if (!forms) return quoted(list.join(' '));
  return list.map((word) => `(${(forms.get(word) ?? [word]).map(quoted).join(' OR ')})`).join(' AND ');
}

/** The FTS5 query of a column, or undefined when nothing can match. */
export function ftsQuery(terms: SearchTerm[], column: string, forms?: Map<string, string[]>): string | undefined {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const term of terms) {
    const expression = ftsTerm(term, forms);
    if (expression) (term.exclude ? exclude : include).push(expression);
  }
  if (include.length === 0) return undefined;
  const positive = include.join(' AND ');
  return exclude.length === 0
    ? `${column} : (${positive})`
    : `${column} : ((${positive}) NOT (${exclude.join(' OR ')}))`;
}

/** SQLite: the words each word of the (not prefix) terms stands for when stems match. */
async function stemForms(db: Kysely<any>, terms: SearchTerm[], stemmer: WordStemmer) {
  const forms = new Map<string, string[]>();
  for (const term of terms) {
    if (term.prefix) continue;
    for (const word of words(term.text)) {
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
    const list = words(term.text);
    if (list.length === 0) continue;
    const query = term.prefix
      ? sql`to_tsquery(${cfg}, ${list.map((w, i) => (i === list.length - 1 ? `'${w}':*` : `'${w}'`)).join(' <-> ')})`
      : sql`phraseto_tsquery(${cfg}, ${list.join(' ')})`;
    (term.exclude ? exclude : include).push(query);
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
}

/**
 * SQLite: with at most this many hits, they are read from the index and sorted; with more, the
 * page table is read in title order and each page looked up in the set of hits (read from the
 * index once), which finds the first hits after about (offset + limit) x pages / hits rows.
 */
const SORT_HITS_UP_TO = 2000;

/** The hits of a page of results and, when asked, the number of all hits. */
export async function runSearch(
  db: Kysely<any>,
  request: SearchRequest,
): Promise<{ pages: SearchPage[]; total?: number }> {
  const none = { pages: [], ...(request.count ? { total: 0 } : {}) };
  const namespaceFilter =
    request.namespaces === null ? sql`` : sql`and page_namespace in (${sql.join(request.namespaces)})`;
  const order = sql`order by page_namespace, page_title limit ${request.limit} offset ${request.offset}`;
  if (isPostgres(db)) {
    const query = postgresQuery(request.terms, request.stems ? postgresSearchConfig(request.language) : 'simple');
    if (!query) return none;
    const column = sql.id(`si_${request.field}${request.stems ? '_stems' : ''}`);
    const matching = sql`page_id in (select si_page from searchindex where ${column} @@ (${query}))`;
    const pages = await sql<SearchPage>`select page_id, page_namespace, page_title from page
      where ${matching} ${namespaceFilter} ${order}`.execute(db);
    if (!request.count) return { pages: pages.rows };
    const total = await sql<{ c: number | string }>`select count(*) as c from page
      where ${matching} ${namespaceFilter}`.execute(db);
    return { pages: pages.rows, total: Number(total.rows[0]?.c ?? 0) };
  }
  const forms = request.stems ? await stemForms(db, request.terms, request.stemmer) : undefined;
  const wordQuery = ftsQuery(request.terms, `si_${request.field}`, forms);
  if (!wordQuery) return none;
  const query =
    request.namespaces === null
      ? wordQuery
      : `${wordQuery} AND si_namespace : (${request.namespaces.map((n) => `"${n}"`).join(' OR ')})`;
  const counted = await sql<{
    c: number;
  }>`select count(*) as c from searchindex where searchindex match ${query}`.execute(db);
  const total = Number(counted.rows[0]?.c ?? 0);
  if (total === 0 || request.offset >= total) return { pages: [], ...(request.count ? { total } : {}) };
  const pages =
    total <= (request.sortHitsUpTo ?? SORT_HITS_UP_TO)
      ? await sql<SearchPage>`select page_id, page_namespace, page_title from searchindex
          cross join page on page_id = searchindex.rowid
          where searchindex match ${query} ${order}`.execute(db)
      : // The unary plus keeps SQLite from looking every hit up by id and sorting them all:
        // it reads the title index in order and stops after the page's hits.
        await sql<SearchPage>`select page_id, page_namespace, page_title from page
          where +page_id in (select rowid from searchindex where searchindex match ${query})
          ${namespaceFilter} ${order}`.execute(db);
  return { pages: pages.rows, ...(request.count ? { total } : {}) };
}
