import { sql } from 'kysely';
import { apiError } from '../../api/errors.js';
import { readerTexts } from '../../api/messages/catalogue.js';
import type { ContextOf, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';
import type { ResultObject, ResultValue } from '../../api/result/tree.js';
import { hasWordBreaks, languageFacts } from '../../site/mediawiki/language-facts.js';
import { contentTexts } from '../../store/content-cache.js';
import { isPostgres } from '../../store/dialect.js';
import { WordStemmer } from '../../store/word-stems.js';
import { phpWordCount } from '../../text/word-count.js';
import { warnWhileBuilding } from '../support/deferred-build-warning.js';
import { nearMatch } from '../support/search-near-match.js';
import {
  parseSearchTerms,
  runSearch,
  type SearchPage,
  type SearchTerm,
  splitNamespacePrefix,
} from '../support/search-query.js';
import { textSnippet } from '../support/search-snippet.js';

/** `list=search`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'search',
  group: 'list',
  prefix: 'sr',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQuerySearch',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Search',
  parameters: [
    { name: 'search', type: 'string', required: true },
    { name: 'namespace', type: 'namespace', default: '0', multi: true, allspecifier: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'offset', type: 'integer', default: '0', min: 0 },
    { name: 'what', type: ['title', 'text', 'nearmatch'] },
    {
      name: 'info',
      type: ['rewrittenquery', 'suggestion', 'totalhits'],
      default: 'totalhits|suggestion|rewrittenquery',
      multi: true,
    },
    {
      name: 'prop',
      type: [
        'categorysnippet',
        'extensiondata',
        'isfilematch',
        'redirectsnippet',
        'redirecttitle',
        'sectionsnippet',
        'sectiontitle',
        'size',
        'snippet',
        'timestamp',
        'titlesnippet',
        'wordcount',
        'hasrelated',
        'score',
      ],
      default: 'size|wordcount|timestamp|snippet',
      multi: true,
      deprecatedvalues: ['hasrelated', 'score'],
    },
    { name: 'interwiki', type: 'boolean' },
    { name: 'enablerewrites', type: 'boolean' },
    { name: 'sort', type: ['relevance'], default: 'relevance' },
  ],
} as const satisfies ModuleDescriptor;

const stemmers = new Map<string, WordStemmer>();

function stemmerFor(language: string): WordStemmer {
  let stemmer = stemmers.get(language);
  if (!stemmer) {
    stemmer = new WordStemmer(language);
    stemmers.set(language, stemmer);
  }
  return stemmer;
}

interface HitDetails {
  page_id: number;
  rev_timestamp: string | null;
  rev_len: number | null;
  /** The text's word count, kept by the search index (null in entries made before it kept them). */
  si_wordcount: number | null;
  content_id: number | null;
  content_sha1: string | null;
  /** The page's current text, when asked for. */
  text?: string;
}

/** A hit's requested properties, in MediaWiki's order. */
function hitFields(
  detail: HitDetails,
  prop: ReadonlySet<string>,
  terms: SearchTerm[],
  /** The content language's `ellipsis` message. */
  ellipsis: string,
  /** Whether the content language sets its words apart (see `hasWordBreaks`). */
  wordBreaks: boolean,
): Record<string, ResultValue> {
  const text = detail.text ?? '';
  const fields: Record<string, ResultValue> = {};
  // The size of the current revision, as MediaWiki reports it (its stored length).
  if (prop.has('size')) fields.size = detail.rev_len ?? Buffer.byteLength(text, 'utf8');
  if (prop.has('wordcount')) fields.wordcount = detail.si_wordcount ?? phpWordCount(text);
  if (prop.has('snippet')) fields.snippet = textSnippet(text, terms, ellipsis, wordBreaks);
  if (prop.has('timestamp') && detail.rev_timestamp) fields.timestamp = mwToIso(detail.rev_timestamp);
  if (prop.has('titlesnippet')) fields.titlesnippet = '';
  if (prop.has('categorysnippet')) fields.categorysnippet = '';
  if (prop.has('isfilematch')) fields.isfilematch = false;
  return fields;
}

/**
 * The timestamp and size of each hit's current revision, and its text when `withText` (through
 * the content cache: the hits of common words come up again and again).
 */
async function hitDetails(
  ctx: ContextOf<typeof descriptor>,
  pages: SearchPage[],
  prop: ReadonlySet<string>,
): Promise<Map<number, HitDetails>> {
  if (pages.length === 0) return new Map();
  const ids = sql.join(pages.map((p) => p.page_id));
  const indexed = isPostgres(ctx.store.db) ? sql`searchindex` : sql`searchindex_page`;
  const rows = await sql<HitDetails>`select page_id, rev_timestamp, rev_len, si_wordcount, content_id, content_sha1
      from page
      join revision on rev_id = page_latest
      left join ${indexed} on si_page = page_id and si_latest = page_latest
      left join slots on slot_revision_id = page_latest and slot_role = 'main'
      left join content on content_id = slot_content_id
      where page_id in (${ids})`.execute(ctx.store.db);
  const needsText = (row: HitDetails) =>
    prop.has('snippet') ||
    (prop.has('wordcount') && row.si_wordcount === null) ||
    (prop.has('size') && row.rev_len === null);
  if (rows.rows.some(needsText)) {
    const withContent = rows.rows.filter(
      (row): row is HitDetails & { content_id: number; content_sha1: string } =>
        needsText(row) && row.content_id !== null && row.content_sha1 !== null,
    );
    const texts = await contentTexts(ctx.store, withContent);
    for (const row of withContent) row.text = texts.get(row.content_id);
  }
  return new Map(rows.rows.map((row) => [row.page_id, row]));
}

/**
 * Full-text search as MediaWiki's database backend answers it: `srwhat=text` searches the pages'
 * text, `title` (and the default) their titles, `nearmatch` finds the one page the search text
 * names. Results are continued by offset (`sroffset`). Words match exactly, as in MediaWiki;
 * `srenablerewrites` lets them match their other forms (German stemming: `Häuser` finds `Haus`).
 * The backend has no suggestions, rewritten queries, interwiki results, related pages or scores, and no title, redirect, section or
 * category snippets (`titlesnippet` and `categorysnippet` are empty strings, as MediaWiki gives
 * them).
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const limit = ctx.params.limit;
  const offset = ctx.params.offset;
  const search = ctx.params.search;
  // As a generator, MediaWiki gives the search's information only when `gsrinfo` asks for it.
  const info = new Set(ctx.generator && !ctx.requestHas('info') ? [] : (ctx.params.info ?? []));
  const prop = new Set(ctx.params.prop ?? []);
  const language = ctx.site.language;
  // The wiki's own text of the message where it has one, else its language's.
  const ellipsis = readerTexts(ctx.messages, language)?.get('ellipsis') ?? languageFacts(language).ellipsis;
  // An empty required text counts as missing, as MediaWiki's string parameters do.
  if (search === '') throw apiError('missingparam', 'paramvalidator-missingparam', [ctx.paramName('search')]);

  // Asked beside the search rather than after it (on PostgreSQL, a round trip less to wait for).
  const buildState = ctx.params.what === 'nearmatch' ? undefined : warnWhileBuilding(ctx, 'search');
  buildState?.catch(() => {});
  let pages: SearchPage[];
  let terms: SearchTerm[] = [];
  let total: number | undefined;
  let more = false;
  if (ctx.params.what === 'nearmatch') {
    const found = await nearMatch(ctx, search);
    // The one near match is given whatever the offset, as MediaWiki's near matcher ignores it.
    pages = found ? [found] : [];
  } else {
    const prefix = splitNamespacePrefix(search, ctx.titles, language);
    terms = parseSearchTerms(prefix.query);
    const requested = ctx.params.namespace;
    // No valid namespace left (every value was unrecognized): MediaWiki's search engine then
    // searches the main namespace.
    const namespaces = prefix.namespaces === undefined ? (requested.length > 0 ? requested : [0]) : prefix.namespaces;
    const found = await runSearch(ctx.store.db, {
      terms,
      field: ctx.params.what === 'text' ? 'text' : 'title',
      stems: ctx.params.enablerewrites === true,
      namespaces,
      limit: limit + 1,
      offset,
      language,
      stemmer: stemmerFor(language),
      count: info.has('totalhits'),
    });
    pages = found.pages;
    total = found.total;
    more = pages.length > limit;
    if (more) pages.length = limit;
  }
  const building = await buildState;
  let searchInfo: ResultObject | undefined;
  if (total !== undefined && building) {
    // The hits among the pages indexed so far, scaled to every page, and flagged as an estimate.
    const share = Math.max(building.done, 1) / Math.max(building.total, 1);
    const estimate = Math.max(total, Math.round(total / Math.min(1, share)));
    searchInfo = { totalhits: estimate, approximate: true };
  } else if (total !== undefined) searchInfo = { totalhits: total };
  if (searchInfo && ctx.generator) ctx.generator.setQueryBlock('searchinfo', searchInfo);
  else if (searchInfo) ctx.result.set('searchinfo', searchInfo);

  if (ctx.generator) {
    const sink = ctx.generator;
    const titles = pages.map((p) => ({ namespace: p.page_namespace, dbKey: p.page_title }));
    sink.addTitles(titles);
    // Each hit's page and rank go with it (a redirect's too), as MediaWiki's generator data.
    // The hit's properties too, where the request names them (MediaWiki's default gives none).
    const details = ctx.requestHas('prop') ? await hitDetails(ctx, pages, prop) : undefined;
    titles.forEach((title, i) => {
      sink.setPageField(title, 'ns', title.namespace);
      sink.setPageField(title, 'title', ctx.titles.prefixedText({ ...title, interwiki: '' }));
      sink.setPageField(title, 'pageid', pages[i].page_id);
      const detail = details?.get(pages[i].page_id);
      if (detail?.rev_timestamp) {
        for (const [name, value] of Object.entries(
          hitFields(detail, prop, terms, ellipsis, hasWordBreaks(ctx.site.language)),
        )) {
          sink.setPageField(title, name, value);
        }
      }
      sink.setPageField(title, 'index', offset + i + 1);
    });
    if (more) ctx.setContinue(offset + limit, 'offset');
    return;
  }

  const details = await hitDetails(ctx, pages, prop);
  const list = ctx.result.list('p');
  let stoppedAt: number | undefined;
  for (const [i, page] of pages.entries()) {
    const detail = details.get(page.page_id);
    if (!detail?.rev_timestamp) continue;
    const item: Record<string, ResultValue> = {
      ns: page.page_namespace,
      title: ctx.titles.prefixedText({ namespace: page.page_namespace, dbKey: page.page_title, interwiki: '' }),
      pageid: page.page_id,
      ...hitFields(detail, prop, terms, ellipsis, hasWordBreaks(ctx.site.language)),
    };
    if (!ctx.result.fits(item)) {
      stoppedAt = offset + i;
      break;
    }
    list.push(item);
  }
  if (stoppedAt !== undefined) ctx.setContinue(stoppedAt, 'offset');
  else if (more) ctx.setContinue(offset + limit, 'offset');
};
