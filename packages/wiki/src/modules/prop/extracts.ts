import { precompiled } from '@svc/common';
import { badContinue, mutuallyExclusive } from '../../api/errors.js';
import type { ContextOf, ModuleExecute } from '../../api/module.js';
import type { PageRecord } from '../../api/pageset.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { asSubelements, SUBELEMENTS } from '../../api/result/tree.js';
import { NS_FILE } from '../../site/title.js';
import { BoundedMap, perStore } from '../../store/cache-toolkit.js';
import { keptRows } from '../../store/row-cache.js';
import { currentWorkBudget } from '../../store/work-budget.js';
import { withXmlTextOnly } from '../../text/escape.js';
import { escapeWikiText } from '../../text/escape-wikitext.js';
import { parseRedirect } from '../../wikitext/extract-links.js';
import { extractMaker } from '../../wikitext/extracts/extract-maker.js';
import { withoutRemovedElements } from '../../wikitext/extracts/removed-elements.js';
import { expandWikitext } from '../../wikitext/preprocessor/expand.js';
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
  const options = {
    intro,
    plaintext,
    sectionFormat: ctx.params.sectionformat,
    chars: ctx.params.chars,
    sentences: ctx.params.sentences,
  };
  // Texts are read only for the extracts not made before.
  const cache = extractCache(ctx.store);
  const optionsKey = cache.optionsKey(options);
  const missing = [...contents.values()].filter(
    (row) => row.content_model === 'wikitext' && cache.get(row, optionsKey) === undefined,
  );
  const texts =
    missing.length === 0
      ? []
      : await ctx.store.db
          .selectFrom('content')
          .select(['content_id', 'content_text'])
          .where(
            'content_id',
            'in',
            missing.map((r) => r.content_id),
          )
          .execute();
  const textOf = new Map(texts.map((t) => [t.content_id, t.content_text]));
  // Extracts are made off the event loop, one page after another; once the request has spent its
  // work budget, the pages left wait for the continuation.
  const budget = currentWorkBudget();
  const maker = extractMaker(ctx.site);
  budget?.exclude(await maker.started());
  // A page of the File namespace gets an empty extract, and the answer a warning after the others.
  let fileSeen = false;
  const warnFiles = () => {
    if (fileSeen) ctx.warn('apiwarn-textextracts-title-in-file-namespace');
  };
  for (const [i, page] of chosen.entries()) {
    let extract = '';
    if (page.ns !== NS_FILE) {
      const content = contents.get(page.latest);
      if (content === undefined) continue;
      if (content.content_model !== 'wikitext') {
        // Only wikitext is extracted: another model gets an empty extract, with a warning.
        ctx.warn('apiwarn-textextracts-unsupportedmodel', [escapeWikiText(page.title), content.content_model]);
      } else {
        let made = cache.get(content, optionsKey);
        if (made === undefined) {
          if (i > 0 && budget?.spent()) {
            ctx.setContinue(start + i);
            warnFiles();
            return;
          }
          const text = await expandedText(ctx, page, textOf.get(content.content_id) ?? '');
          made = await maker.make(text, options, content.missingTemplates);
          cache.set(content, optionsKey, made);
        }
        extract = made;
      }
      caveats();
    }
    const answer = ctx.result.page(page.pageid);
    if (!answer || !ctx.result.fits(extract)) {
      ctx.setContinue(start + i);
      warnFiles();
      return;
    }
    // Control characters (the raw section format's heading marks) come out as U+FFFD, as
    // MediaWiki's result cleaning writes them.
    answer.extract = withXmlTextOnly(extract);
    // XML gives the extract as the text of an element of its own.
    asSubelements(answer, [...(answer[SUBELEMENTS] ?? []), 'extract']);
    if (page.ns === NS_FILE) fileSeen = true;
  }
  if (start + chosen.length < pages.length) ctx.setContinue(start + chosen.length);
  warnFiles();
};

/**
 * The main slots' contents of the chosen pages' latest revisions, by revision id, each with the
 * pages it transcludes that do not exist (shown as links to them): the extract is made of the text
 * with its templates expanded, so one made before counts only while every transcluded page has the
 * same latest revision (or is still missing): they are part of its version.
 */
async function mainContents(ctx: ContextOf<typeof descriptor>, chosen: readonly PageRecord[]) {
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
  // A transclusion of a page that does not exist shows as a link to it, one of a page that exists
  // its expanded text: an extract made before counts only while the transcluded pages are the same.
  const missingTemplates = await missingTransclusions(
    ctx,
    chosen.filter((p) => p.ns !== NS_FILE).map((p) => p.pageid),
  );
  const contents = new Map(
    rows.map((r) => {
      const page = chosen.find((p) => p.latest === r.slot_revision_id);
      const transcluded = page && missingTemplates.get(page.pageid);
      const absent = transcluded?.missing ?? [];
      const used = transcluded?.versions ?? [];
      const version = used.length === 0 ? r.content_sha1 : `${r.content_sha1}\n${used.join('\n')}`;
      return [r.slot_revision_id, { ...r, content_sha1: version, missingTemplates: absent }];
    }),
  );
  return contents;
}

/**
 * The transcluded pages of each of `pageIds`, by page id: those without a page (`namespace:dbKey`)
 * and all with their latest revision; kept between requests as the store's rows are (any change to
 * the store drops them), as reading them costs as much as the rest of a request whose extracts were
 * made before.
 */
async function missingTransclusions(
  ctx: Parameters<ModuleExecute<typeof descriptor>>[0],
  pageIds: number[],
): Promise<Map<number, PageTransclusions>> {
  const read = async (ids: number[]): Promise<PageTransclusions[]> => {
    const byPage = new Map<number, string[]>(ids.map((id) => [id, []]));
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
    const versions = new Map<number, string[]>(ids.map((id) => [id, []]));
    for (const row of rows) {
      const name = `${row.tl_namespace}:${row.tl_title}`;
      if (row.page_latest === null) byPage.get(row.tl_from)?.push(name);
      versions.get(row.tl_from)?.push(`${name}@${row.page_latest ?? 0}`);
    }
    return [...byPage].map(([pageid, missing]) => ({ pageid, missing, versions: versions.get(pageid) ?? [] }));
  };
  const rows =
    (await keptRows(ctx.store, 'extracts: missing transclusions', pageIds, (row) => row.pageid, read)) ??
    (await read(pageIds));
  return new Map(rows.map((row) => [row.pageid, row]));
}

/**
 * The page's wikitext as TextExtracts reads the parser's output: templates expanded (they give
 * their text, parser functions and variables their values), and the elements it removes taken out.
 */
async function expandedText(ctx: ContextOf<typeof descriptor>, page: PageRecord, text: string): Promise<string> {
  if (!text.includes('{{')) return withoutRemovedElements(text);
  const expanded = await expandWikitext(text, expansionHost(ctx, ctx.titles.make(page.ns, page.dbKey), page.pageid));
  // Whether a page redirects is read from its own text: one whose template gives a redirect's
  // text (a template that redirects to a missing page) shows that text. A comment line before it,
  // which shows nothing, keeps the extract from reading it as a redirect.
  const looksRedirected =
    parseRedirect(expanded, ctx.titles) !== undefined && parseRedirect(text, ctx.titles) === undefined;
  return withoutRemovedElements(looksRedirected ? `<!---->\n${expanded}` : expanded);
}

interface PageTransclusions {
  pageid: number;
  missing: readonly string[];
  /** Each transcluded page with its latest revision (0 when missing): what the expanded text depends on. */
  versions: readonly string[];
}

/**
 * Extracts made before, by store: a page's extract is asked for again and again (link previews),
 * and making one parses the whole text. Keyed by content row and options, checked against the
 * content's SHA-1 so that a store rewritten by another import cannot serve a stale extract. The
 * key is a number (content id and the number given to the options when first met), which a lookup
 * finds without hashing a new string; when too many sets of options were met, the cache starts
 * again.
 */
const EXTRACT_CACHE_ENTRIES = 20_000;
const OPTION_SETS = 4096;

type ContentKey = { content_id: number; content_sha1: string };

/** A set of options by its number, in the cache's generation that gave the number. */
interface OptionsKey {
  number: number;
  generation: number;
}

class ExtractCache {
  /** In least recently used order (a hit moves its entry to the end). */
  private readonly entries = new BoundedMap<number, { sha1: string; extract: string }>({
    maxEntries: EXTRACT_CACHE_ENTRIES,
  });
  private readonly optionSets = new Map<string, number>();
  /** Raised when the cache starts again: numbers given before then no longer count. */
  private generation = 0;

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

  /** The extract made before for this content and these options, if any. */
  get(content: ContentKey, options: OptionsKey): string | undefined {
    if (options.generation !== this.generation) return undefined;
    const key = content.content_id * OPTION_SETS + options.number;
    const hit = this.entries.get(key);
    return hit && hit.sha1 === content.content_sha1 ? hit.extract : undefined;
  }

  set(content: ContentKey, options: OptionsKey, extract: string): void {
    // Numbers given before the cache started again may name other options now.
    if (options.generation !== this.generation) return;
    this.entries.set(content.content_id * OPTION_SETS + options.number, { sha1: content.content_sha1, extract });
  }
}

const extractCache = perStore((_: object) => new ExtractCache());
