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
import { postgresSearchConfig, type WordStemmer, words } from '../../store/search-index.js';

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

/** A term's FTS5 expression over words (or their stems), or undefined when it has no words. */
function ftsTerm(term: SearchTerm, stemmer: WordStemmer | undefined): string | undefined {
  const list = words(term.text);
  if (list.length === 0) return undefined;
  const tokens = stemmer
    ? list.map((word, i) => (term.prefix && i === list.length - 1 ? stemmer.prefix(word) : stemmer.stem(word)))
    : list;
  const quoted = `"${tokens.join(' ')}"`;
  return term.prefix ? `${quoted}*` : quoted;
}

/** The FTS5 query of a column, or undefined when nothing can match. */
export function ftsQuery(terms: SearchTerm[], column: string, stemmer: WordStemmer | undefined): string | undefined {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const term of terms) {
    const expression = ftsTerm(term, stemmer);
    if (expression) (term.exclude ? exclude : include).push(expression);
  }
  if (include.length === 0) return undefined;
  const positive = include.join(' AND ');
  return exclude.length === 0
    ? `${column} : (${positive})`
    : `${column} : ((${positive}) NOT (${exclude.join(' OR ')}))`;
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
}

/** The hits of a page of results and, when asked, the number of all hits. */
export async function runSearch(
  db: Kysely<any>,
  request: SearchRequest,
): Promise<{ pages: SearchPage[]; total?: number }> {
  const namespaceFilter =
    request.namespaces === null ? sql`` : sql`and page_namespace in (${sql.join(request.namespaces)})`;
  let matching: RawBuilder<unknown>;
  if (isPostgres(db)) {
    const query = postgresQuery(request.terms, request.stems ? postgresSearchConfig(request.language) : 'simple');
    if (!query) return { pages: [], ...(request.count ? { total: 0 } : {}) };
    const column = sql.id(`si_${request.field}${request.stems ? '_stems' : ''}`);
    matching = sql`page_id in (select si_page from searchindex where ${column} @@ (${query}))`;
  } else {
    const column = `si_${request.field}${request.stems ? '_stems' : ''}`;
    const query = ftsQuery(request.terms, column, request.stems ? request.stemmer : undefined);
    if (!query) return { pages: [], ...(request.count ? { total: 0 } : {}) };
    matching = sql`page_id in (select rowid from searchindex where searchindex match ${query})`;
  }
  const pages = await sql<SearchPage>`select page_id, page_namespace, page_title from page
    where ${matching} ${namespaceFilter}
    order by page_namespace, page_title limit ${request.limit} offset ${request.offset}`.execute(db);
  if (!request.count) return { pages: pages.rows };
  const total = await sql<{ c: number | string }>`select count(*) as c from page
    where ${matching} ${namespaceFilter}`.execute(db);
  return { pages: pages.rows, total: Number(total.rows[0]?.c ?? 0) };
}
