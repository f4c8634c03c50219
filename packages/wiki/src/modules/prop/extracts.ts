import { precompiled } from '@svc/common';
import { badContinue, mutuallyExclusive } from '../../api/errors.js';
import { fallbackChain } from '../../api/messages/catalogue.js';
import { lookupMessages } from '../../api/messages/store.js';
import type { ContextOf, ModuleExecute } from '../../api/module.js';
import type { PageRecord } from '../../api/pageset.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { asSubelements, SUBELEMENTS } from '../../api/result/tree.js';
import { languageConverter } from '../../site/mediawiki/language-variants.js';
import { defaultPageLanguage } from '../../site/page-language.js';
import { NS_FILE } from '../../site/title.js';
import { BoundedMap, perStore } from '../../store/cache-toolkit.js';
import { keptRows } from '../../store/row-cache.js';
import { currentWorkBudget } from '../../store/work-budget.js';
import { withXmlTextOnly } from '../../text/escape.js';
import { escapeWikiText } from '../../text/escape-wikitext.js';
import { parseRedirect } from '../../wikitext/extract-links.js';
import { type ExtractOptions, leadSection } from '../../wikitext/extracts/extract.js';
import { extractMaker } from '../../wikitext/extracts/extract-maker.js';
import { withoutRemovedElements } from '../../wikitext/extracts/removed-elements.js';
import { expandWikitext } from '../../wikitext/preprocessor/expand.js';
import { preferredVariant } from '../support/preferred-variant.js';
import { expansionHost } from '../support/template-expansion.js';

/** `prop=extracts`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'extracts',
  group: 'prop',
  prefix: 'ex',
  readrights: true,
  source: 'TextExtracts',
  classname: 'TextExtracts\\ApiQueryExtracts',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/Extension:TextExtracts#API',
  parameters: [
    { name: 'chars', type: 'integer', min: 1, max: 1200 },
    { name: 'sentences', type: 'integer', min: 1, max: 10 },
    { name: 'limit', type: 'limit', default: '20', min: 1, max: 20 },
    { name: 'intro', type: 'boolean' },
    { name: 'plaintext', type: 'boolean' },
    { name: 'sectionformat', type: ['plain', 'wiki', 'raw'], default: 'wiki' },
    { name: 'continue', type: 'integer' },
  ],
} as const satisfies ModuleDescriptor;

/**
 * Extracts of the page set's pages in the order the set found them (as TextExtracts walks
 * MediaWiki's list of good titles), `exlimit` of them per answer (one when whole pages are asked
 * for), continued by the position of the next page.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const pages = [...ctx.pages.good.values()].filter((p) => p.ns >= 0);
  // A set without pages ends the module before it checks its parameters, as TextExtracts does.
  if (pages.length === 0) return;
  if (ctx.params.chars !== undefined && ctx.params.sentences !== undefined) {
    throw mutuallyExclusive([ctx.paramName('chars'), ctx.paramName('sentences')]);
  }
  const intro = ctx.params.intro === true;
  const plaintext = ctx.params.plaintext === true;
  let limit = ctx.params.limit;
  const start = ctx.params.continue ?? 0;
  if (!intro && limit > 1 && pages.length > 1) {
    limit = 1;
    ctx.warn('apiwarn-textextracts-limit', [1]);
  }
  // A position past the set's pages (or before them) is no place this module could have stopped.
  if (start < 0 || start > pages.length) throw badContinue();
  const chosen = pages.slice(start, start + limit);
  // HTML extracts come with their caveats as each page outside the File namespace is extracted
  // (told once), after what the page itself warned of.
  const caveats = () => {
    if (plaintext) return;
    if (ctx.params.sentences !== undefined) ctx.warn('apiwarn-textextracts-sentences-and-html', [ctx.paramName('')]);
    ctx.warn('apiwarn-textextracts-malformed-html');
  };
  if (chosen.length === 0) return;
  const contents = await mainContents(ctx, chosen);
  // Extracts made before are looked up once; texts are read only for the others.
  const cache = extractCache(ctx.store);
  const optionsOf = await pageOptions(ctx, chosen, cache);
  const { known, missing } = keptExtracts(cache, chosen, contents, (page) => optionsOf(page).key);
  const texts =
    missing.length === 0
      ? []
      : await ctx.store.db
          .selectFrom('content')
          .select(['content_id', 'content_text'])
          .where(
            'content_id',
            'in',
            missing.map((c) => c.contentId),
          )
          .execute();
  const textOf = new Map(texts.map((t) => [t.content_id, t.content_text]));
  // Extracts are made off the event loop, one page after another; once the request has spent its
  // work budget, the pages left wait for the continuation. The thread is waited for only when
  // there is something to make.
  const budget = currentWorkBudget();
  const maker = extractMaker(ctx.site);
  if (missing.length > 0) budget?.exclude(await maker.started());
  // A page of the File namespace gets an empty extract, and the answer a warning after the others.
  let fileSeen = false;
  const warnFiles = () => {
    if (fileSeen) ctx.warn('apiwarn-textextracts-title-in-file-namespace');
  };
  for (const [i, page] of chosen.entries()) {
    let extract = EMPTY_EXTRACT;
    if (page.ns !== NS_FILE) {
      const content = contents.get(page.latest);
      if (content === undefined) continue;
      if (content.model !== 'wikitext') {
        // Only wikitext is extracted: another model gets an empty extract, with a warning.
        ctx.warn('apiwarn-textextracts-unsupportedmodel', [escapeWikiText(page.title), content.model]);
      } else {
        const talk = isTalk(page);
        let made = known.get(2 * content.contentId + (talk ? 1 : 0));
        if (made === undefined) {
          if (i > 0 && budget?.spent()) {
            ctx.setContinue(start + i);
            warnFiles();
            return;
          }
          const { options: pageOptions, key } = optionsOf(page);
          // Requests that ask for the same extract at once (a page's preview shown to many readers)
          // wait for the one that makes it rather than each making it again.
          made = await cache.makeOnce(content, key, async () => {
            const { text, leadGiven } = await expandedText(ctx, page, textOf.get(content.contentId) ?? '', intro);
            return keptExtract(await maker.make(text, { ...pageOptions, leadGiven }, content.missingTemplates));
          });
        }
        extract = made;
      }
      caveats();
    }
    const answer = ctx.result.page(page.pageid);
    if (!answer || !ctx.result.fits(extract.text, extract.bytes)) {
      ctx.setContinue(start + i);
      warnFiles();
      return;
    }
    answer.extract = extract.shown;
    // XML gives the extract as the text of an element of its own.
    asSubelements(answer, [...(answer[SUBELEMENTS] ?? []), 'extract']);
    if (page.ns === NS_FILE) fileSeen = true;
  }
  if (start + chosen.length < pages.length) ctx.setContinue(start + chosen.length);
  warnFiles();
};

/** A talk page's language links are links like others: its extracts are kept apart. */
const isTalk = (page: PageRecord) => page.ns > 0 && page.ns % 2 === 1;

/**
 * The options of each page's extract and their key in the cache: the request's, with the page's
 * conversion (by its own language's converter, the content language's unless the page has a
 * language of its own, to the variant the request asks for) and whether it is a talk page.
 */
async function pageOptions(
  ctx: ContextOf<typeof descriptor>,
  pages: readonly PageRecord[],
  cache: ExtractCache,
): Promise<(page: PageRecord) => { options: ExtractOptions; key: OptionsKey }> {
  const base = {
    intro: ctx.params.intro === true,
    plaintext: ctx.params.plaintext === true,
    sectionFormat: ctx.params.sectionformat,
    chars: ctx.params.chars,
    sentences: ctx.params.sentences,
    // TextExtracts reads the message in the request's language (`uselang`), not the content's.
    ellipsis: ctx.params.chars === undefined ? undefined : await ellipsisText(ctx),
  };
  const languageOf = (page: PageRecord) =>
    page.lang ?? defaultPageLanguage(ctx.site.language, page.ns, page.dbKey, page.contentModel ?? 'wikitext');
  const conversions = new Map<string, ExtractOptions['conversion']>();
  for (const page of pages) {
    const language = languageOf(page);
    if (!conversions.has(language)) conversions.set(language, await conversionOf(ctx, language));
  }
  const optionSets = new Map<string, { options: ExtractOptions; key: OptionsKey }>();
  return (page) => {
    const talk = isTalk(page);
    const language = languageOf(page);
    const name = `${talk}|${language}`;
    let found = optionSets.get(name);
    if (found === undefined) {
      const options: ExtractOptions = { ...base, conversion: conversions.get(language) };
      if (talk) options.talkPage = true;
      found = { options, key: cache.optionsKey({ ...options }) };
      optionSets.set(name, found);
    }
    return found;
  };
}

/**
 * The extracts kept of the pages' contents, by content row with a talk page's apart (`2 * id + 1`),
 * and the contents whose extracts are still to be made.
 */
function keptExtracts(
  cache: ExtractCache,
  pages: readonly PageRecord[],
  contents: ReadonlyMap<number, MainContent>,
  keyOf: (page: PageRecord) => OptionsKey,
): { known: Map<number, KeptExtract>; missing: MainContent[] } {
  const known = new Map<number, KeptExtract>();
  const missing: MainContent[] = [];
  for (const page of pages) {
    const content = contents.get(page.latest);
    if (content === undefined || content.model !== 'wikitext') continue;
    const talk = isTalk(page);
    const hit = cache.get(content, keyOf(page));
    if (hit === undefined) missing.push(content);
    else known.set(2 * content.contentId + (talk ? 1 : 0), hit);
  }
  return { known, missing };
}

/**
 * For pages of a language with variants: the variant their extracts are shown in (see
 * preferred-variant.ts). What the converter shows for a faulty rule is an element the extract
 * leaves out (class `error`), whatever its text.
 */
async function conversionOf(
  ctx: ContextOf<typeof descriptor>,
  language: string,
): Promise<ExtractOptions['conversion']> {
  const converter = languageConverter(language);
  if (converter === undefined) return undefined;
  return {
    language: converter.language,
    variant: await preferredVariant(ctx, converter),
    messages: { ruleError: '', depthWarning: '' },
  };
}

/** MediaWiki's `ellipsis` message in the request's language, as the wiki may have changed it. */
async function ellipsisText(ctx: ContextOf<typeof descriptor>): Promise<string> {
  const found = await lookupMessages(
    ctx.store,
    ['ellipsis'],
    ctx.language,
    ctx.site.language,
    ctx.messages,
    fallbackChain(ctx.language, ctx.storedMessages),
  );
  return found.get('ellipsis')?.text ?? '…';
}

/** The main slot's content of a page's latest revision, as far as its extract depends on it. */
export interface MainContent {
  contentId: number;
  /** The revision it is the content of. */
  revision: number;
  sha1: string;
  model: string;
  /**
   * The pages it transcludes, each with its latest revision (0 when missing), in one text: the
   * expanded text depends on them, so they are part of its extract's version beside the SHA-1.
   */
  uses: string;
  /**
   * The transcluded pages that do not exist, and the linked files that have none
   * (`namespace:dbKey`): they show as links to them.
   */
  missingTemplates: readonly string[];
}

/**
 * The main slots' contents of the chosen pages' latest revisions, by revision id, each with the
 * pages it transcludes (`MainContent`).
 */
async function mainContents(
  ctx: ContextOf<typeof descriptor>,
  chosen: readonly PageRecord[],
): Promise<Map<number, MainContent>> {
  const { db } = ctx.store;
  const latest = chosen.map((p) => p.latest);
  const { rows } = await db.executeQuery(
    precompiled(
      db,
      `extracts: main slots of ${latest.length} revisions`,
      (d) =>
        d
          .selectFrom('slots')
          .innerJoin('content', 'content_id', 'slot_content_id')
          .select(['slot_revision_id', 'content_id', 'content_sha1', 'content_model'])
          .where('slot_revision_id', 'in', latest)
          .where('slot_role', '=', 'main'),
      [...latest, 'main'],
    ),
  );
  const transclusions = await pageTransclusions(
    ctx,
    chosen.filter((p) => p.ns !== NS_FILE).map((p) => p.pageid),
  );
  const pageOfRevision = new Map(chosen.map((p) => [p.latest, p.pageid]));
  const contents = new Map<number, MainContent>();
  for (const row of rows) {
    const pageid = pageOfRevision.get(row.slot_revision_id);
    const transcluded = pageid === undefined ? undefined : transclusions.get(pageid);
    contents.set(row.slot_revision_id, {
      contentId: row.content_id,
      revision: row.slot_revision_id,
      sha1: row.content_sha1,
      model: row.content_model,
      uses: transcluded?.uses ?? '',
      missingTemplates: transcluded?.missing ?? [],
    });
  }
  return contents;
}

/**
 * The transcluded pages of each of `pageIds`, by page id (`PageTransclusions`); kept between
 * requests as the store's rows are (any change to the store drops them), as reading them costs as
 * much as the rest of a request whose extracts were made before. A kept row's `uses` is the same
 * string from one request to the next, which the extract cache compares at the cost of a pointer.
 */
async function pageTransclusions(
  ctx: ContextOf<typeof descriptor>,
  pageIds: number[],
): Promise<Map<number, PageTransclusions>> {
  const read = async (ids: number[]): Promise<PageTransclusions[]> => {
    if (ids.length === 0) return [];
    const rows = await ctx.store.db
      .selectFrom('templatelinks')
      .leftJoin('page', (join) =>
        join.onRef('page_namespace', '=', 'tl_namespace').onRef('page_title', '=', 'tl_title'),
      )
      .select(['tl_from', 'tl_namespace', 'tl_title', 'page_latest'])
      .where('tl_from', 'in', ids)
      .orderBy('tl_from')
      .orderBy('tl_namespace')
      .orderBy('tl_title')
      .execute();
    // The files it links to that have none: the parser shows them as links to their upload.
    const missingFiles = await ctx.store.db
      .selectFrom('imagelinks')
      .leftJoin('image', 'img_name', 'il_to')
      .select(['il_from', 'il_to'])
      .where('il_from', 'in', ids)
      .where('img_name', 'is', null)
      .orderBy('il_from')
      .orderBy('il_to')
      .execute();
    const missing = new Map<number, string[]>(ids.map((id) => [id, []]));
    const versions = new Map<number, string[]>(ids.map((id) => [id, []]));
    for (const row of rows) {
      const name = `${row.tl_namespace}:${row.tl_title}`;
      if (row.page_latest === null) missing.get(row.tl_from)?.push(name);
      versions.get(row.tl_from)?.push(`${name}@${row.page_latest ?? 0}`);
    }
    for (const row of missingFiles) {
      const name = `${NS_FILE}:${row.il_to}`;
      missing.get(row.il_from)?.push(name);
      versions.get(row.il_from)?.push(`${name}@0`);
    }
    return ids.map((pageid) => ({
      pageid,
      missing: missing.get(pageid) ?? [],
      uses: (versions.get(pageid) ?? []).join('\n'),
    }));
  };
  const rows =
    (await keptRows(ctx.store, 'extracts: transclusions', pageIds, (row) => row.pageid, read)) ?? (await read(pageIds));
  return new Map(rows.map((row) => [row.pageid, row]));
}

const INCLUSION_TAG = /<\/?(?:noinclude|includeonly|onlyinclude)\b/i;

/**
 * The page's wikitext as TextExtracts reads the parser's output: templates expanded (they give
 * their text, parser functions and variables their values), and the elements it removes taken out.
 * A lead section is the page's own text before its first heading, expanded alone (TextExtracts
 * asks the parser for section 0), or the whole page when it has no heading of its own.
 */
async function expandedText(
  ctx: ContextOf<typeof descriptor>,
  page: PageRecord,
  wikitext: string,
  intro: boolean,
): Promise<{ text: string; leadGiven?: 'cut' | 'whole' }> {
  const lead = intro ? leadSection(wikitext) : undefined;
  const text = lead?.text ?? wikitext;
  const leadGiven = lead?.leadGiven;
  // Without templates, the preprocessor has only the inclusion tags to take away (its own page
  // shows what `<noinclude>` holds, not the tags, whose lines are then empty).
  if (!text.includes('{{') && !INCLUSION_TAG.test(text)) return { text: withoutRemovedElements(text), leadGiven };
  // The whole page is parsed as its latest revision, whose id `{{REVISIONID}}` gives; the lead
  // section alone as a section preview, where it is empty.
  const revisionId = intro ? undefined : page.latest;
  const host = expansionHost(ctx, ctx.titles.make(page.ns, page.dbKey), page.pageid, revisionId);
  const expanded = await expandWikitext(text, host);
  // Whether a page redirects is read from its own text: one whose template gives a redirect's
  // text (a template that redirects to a missing page) shows that text. A comment line before it,
  // which shows nothing, keeps the extract from reading it as a redirect.
  const looksRedirected =
    parseRedirect(expanded, ctx.titles) !== undefined && parseRedirect(text, ctx.titles) === undefined;
  return { text: withoutRemovedElements(looksRedirected ? `<!---->\n${expanded}` : expanded), leadGiven };
}

interface PageTransclusions {
  pageid: number;
  /** Those without a page, and the linked files without one (`namespace:dbKey`). */
  missing: readonly string[];
  /**
   * Each with its latest revision (0 when missing), and the missing files, a line each: what the
   * extract depends on.
   */
  uses: string;
}

/**
 * Extracts made before, by store: a page's extract is asked for again and again (link previews),
 * and making one parses the whole text. Keyed by content row and options, checked against the
 * content's SHA-1 (a store rewritten by another import) and the pages it transcludes with their
 * latest revisions (a template edited since), so that no stale extract is served. The
 * key is a number (content id and the number given to the options when first met), which a lookup
 * finds without hashing a new string; when too many sets of options were met, the cache starts
 * again.
 */
const EXTRACT_CACHE_ENTRIES = 20_000;
const OPTION_SETS = 4096;

/**
 * An extract as made, and as shown: the characters XML cannot carry (the raw section format's
 * heading marks) replaced by U+FFFD, as MediaWiki's result cleaning writes them. Both are kept,
 * with the size, as the same extract is served again and again.
 */
export interface KeptExtract {
  text: string;
  shown: string;
  /** Its size in the answer (UTF-8 bytes), counted once. */
  bytes: number;
}

const EMPTY_EXTRACT: KeptExtract = { text: '', shown: '', bytes: 0 };

function keptExtract(text: string): KeptExtract {
  return { text, shown: withXmlTextOnly(text), bytes: Buffer.byteLength(text) };
}

/** A set of options by its number, in the cache's generation that gave the number. */
interface OptionsKey {
  number: number;
  generation: number;
}

interface CacheEntry {
  sha1: string;
  uses: string;
  /** The revision parsed (`{{REVISIONID}}`): the same content may be another revision's. */
  revision: number;
  extract: KeptExtract;
}

/** Whether an extract kept or being made is of this content as it is now (text, transclusions, revision). */
function madeOf(made: { sha1: string; uses: string; revision: number }, content: MainContent): boolean {
  return made.sha1 === content.sha1 && made.uses === content.uses && made.revision === content.revision;
}

export class ExtractCache {
  /** In least recently used order (a hit moves its entry to the end). */
  private readonly entries = new BoundedMap<number, CacheEntry>({ maxEntries: EXTRACT_CACHE_ENTRIES });
  private readonly optionSets = new Map<string, number>();
  /** Raised when the cache starts again: numbers given before then no longer count. */
  private generation = 0;
  /** Extracts being made now, by the same key as the entries: each promise is shared by the requests waiting for it. */
  private readonly making = new Map<
    number,
    { sha1: string; uses: string; revision: number; generation: number; extract: Promise<KeptExtract> }
  >();

  /** The number of a set of options (the cache starts again when there are too many). */
  optionsKey(options: Record<string, unknown>): OptionsKey {
    const text = JSON.stringify(options);
    let found = this.optionSets.get(text);
    if (found === undefined) {
      if (this.optionSets.size >= OPTION_SETS) {
        this.optionSets.clear();
        this.entries.clear();
        this.generation++;
      }
      found = this.optionSets.size;
      this.optionSets.set(text, found);
    }
    return { number: found, generation: this.generation };
  }

  /** The extract made before of this content, with the same transcluded pages, and these options, if any. */
  get(content: MainContent, options: OptionsKey): KeptExtract | undefined {
    if (options.generation !== this.generation) return undefined;
    const hit = this.entries.get(content.contentId * OPTION_SETS + options.number);
    return hit && madeOf(hit, content) ? hit.extract : undefined;
  }

  /**
   * The extract of this content with these options: the one being made for another request if
   * there is one (for the same content row, transclusions and revision), else made by `make` and
   * kept.
   */
  makeOnce(content: MainContent, options: OptionsKey, make: () => Promise<KeptExtract>): Promise<KeptExtract> {
    const key = content.contentId * OPTION_SETS + options.number;
    const current = this.making.get(key);
    if (current && current.generation === options.generation && madeOf(current, content)) return current.extract;
    const extract = make().then((made) => {
      this.set(content, options, made);
      return made;
    });
    const entry = {
      sha1: content.sha1,
      uses: content.uses,
      revision: content.revision,
      generation: options.generation,
      extract,
    };
    this.making.set(key, entry);
    const done = () => {
      if (this.making.get(key) === entry) this.making.delete(key);
    };
    extract.then(done, done);
    return extract;
  }

  set(content: MainContent, options: OptionsKey, extract: KeptExtract): void {
    // Numbers given before the cache started again may name other options now.
    if (options.generation !== this.generation) return;
    this.entries.set(content.contentId * OPTION_SETS + options.number, {
      sha1: content.sha1,
      uses: content.uses,
      revision: content.revision,
      extract,
    });
  }
}

const extractCache = perStore((_: object) => new ExtractCache());
