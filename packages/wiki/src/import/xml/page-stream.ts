/**
 * The part of a dump import that needs no database: it takes the reader's events and adds what
 * the writer would otherwise compute, namely each revision's SHA-1 and size where the dump lacks
 * them, and at each page's end the link-table rows of its current revision. It runs on the main
 * thread for small dumps and on a worker thread for large ones (see `dump-source.ts`), so that
 * parsing and link extraction use one core while the rows are written on the other; there the
 * writing thread extracts some pages' links itself whenever it has time to spare.
 */
import type { SiteConfig } from '../../site/site.js';
import { TitleCodec } from '../../site/title.js';
import { type PreparedPage, preparePage } from '../../store/search-text.js';
import type { PageLinks } from '../../wikitext/extract-links.js';
import { extractPage } from '../../wikitext/extract-page.js';
import { LinkExtractorPool } from '../../wikitext/extract-pool.js';
import type { DumpEvent, DumpPage, DumpRevision } from './dump-types.js';
import { type LinkRows, linkRows, mediaWikiTimestamp, type PageRef, sha1Base36 } from './page-rows.js';

/** The link tables of a page's current revision, ready to write. */
export interface PageLinkRows {
  redirect: boolean;
  rows: LinkRows;
}

/**
 * A reader event as the importer takes it: a page's end carries its links (wikitext pages only)
 * and, when asked for, its current text as the search index takes it. A reader thread may leave
 * a page's links to the writing thread (`PageStream.leaveLinksWhen`): the page's end then carries
 * what their extraction needs (`unextracted`), which `completeLinks` turns into `links` there.
 */
export type ImportEvent =
  | Exclude<DumpEvent, { type: 'page-end' }>
  | {
      type: 'page-end';
      page: DumpPage;
      links?: PageLinkRows;
      search?: HandedSearchText;
      unextracted?: UnextractedLinks;
    };

/** A wikitext page's current text, whose links are still to be extracted. */
export interface UnextractedLinks {
  ref: PageRef;
  text: string;
  /** The current revision's timestamp (MediaWiki's form), for the category rows. */
  timestamp: string;
}

/** A page's prepared search text (`PreparedPage`), its text possibly as UTF-8 (`textsAsBytes`). */
export type HandedSearchText = [title: string, text: string | Uint8Array, wordCount: number];

/** What the importer tells the stream once it knows the site. */
export interface StreamSettings {
  /** Prepare each page's current text for the search index (`preparePage`). */
  searchTexts?: boolean;
  /**
   * A reader thread hands the revisions' texts and the search texts over as UTF-8 bytes, which
   * move to the writing thread without a copy and which SQLite stores as they are (`cast(? as
   * text)`), where a string is copied into the writer's heap and encoded again when bound.
   */
  textsAsBytes?: boolean;
}

/** The content model of a revision that names none, from its page's title as MediaWiki defaults it. */
export function defaultModel(namespace: number, dbKey: string): string {
  if (namespace === 828) return 'Scribunto';
  if ((namespace === 2 || namespace === 8) && dbKey.endsWith('.css')) return 'css';
  if ((namespace === 2 || namespace === 8) && dbKey.endsWith('.js')) return 'javascript';
  if ((namespace === 2 || namespace === 8) && dbKey.endsWith('.json')) return 'json';
  return 'wikitext';
}

/** The title's part after its namespace prefix, with underscores. */
export function pageKey(page: DumpPage, site: SiteConfig): string {
  let title = page.title;
  if (page.namespace !== 0) {
    const ns = site.namespaces.find((n) => n.id === page.namespace);
    const colon = title.indexOf(':');
    if (ns && title.slice(0, ns.name.length + 1).toLowerCase() === `${ns.name.toLowerCase()}:`) {
      title = title.slice(ns.name.length + 1);
    } else if (ns?.canonical && title.toLowerCase().startsWith(`${ns.canonical.toLowerCase()}:`)) {
      title = title.slice(ns.canonical.length + 1);
    } else if (ns && colon > 0) {
      title = title.slice(colon + 1);
    }
  }
  return title.trim().replace(/ /g, '_');
}

/**
 * Whether a revision is newer than the page's current one so far: by timestamp, then by id (the
 * dump's ids, so that the writer and this stream agree whatever the writer renumbers).
 */
export function isNewerRevision(
  timestamp: string,
  id: number,
  current: { timestamp: string; id: number } | undefined,
): boolean {
  return !current || timestamp > current.timestamp || (timestamp === current.timestamp && id > current.id);
}

const encoder = new TextEncoder();

/**
 * Fills in the SHA-1 and size of a revision's slots that the dump does not give. With
 * `encode`, the main slot's text is turned into UTF-8 bytes here (`textBytes`, for the writing
 * thread), and its size and hash are taken from them rather than from the text encoded again
 * twice.
 */
function completeRevision(revision: DumpRevision, encode: boolean): void {
  const text = revision.text ?? '';
  if (encode && revision.text !== undefined) {
    const bytes = encoder.encode(text);
    revision.textBytes = bytes;
    if (revision.bytes === undefined) revision.bytes = bytes.length;
    if (!revision.sha1 && !revision.textDeleted) revision.sha1 = sha1Base36(bytes);
  }
  if (revision.bytes === undefined) revision.bytes = Buffer.byteLength(text);
  if (!revision.sha1 && !revision.textDeleted) revision.sha1 = sha1Base36(text);
  for (const slot of revision.slots) {
    const slotText = slot.text ?? '';
    if (slot.bytes === undefined) slot.bytes = Buffer.byteLength(slotText);
    if (slot.sha1 === undefined) slot.sha1 = sha1Base36(slotText);
  }
}

/**
 * Pages handed to the lint helper and not yet answered, at most: two of its batches, so that it
 * always has the next one while it works on one. Pages beyond are extracted by the stream itself.
 */
const HELPER_PAGES = 32;

/**
 * Events held back behind a page whose answer is awaited, at most, before the stream waits for
 * it rather than read on (the helper answers in order, so this is rarely reached).
 */
const HELD_EVENTS = 512;

/**
 * Adds sizes, hashes and link rows to a dump's events. The site (which the writer settles from
 * the dump's siteinfo and the store) must be given with `setSite` before the first page ends.
 *
 * Linting costs ten to a hundred times what everything else does, so with `lintHelper` the stream
 * shares the pages with a helper thread (`LinkExtractorPool`): a page goes to the helper
 * whenever it has fewer than `HELPER_PAGES` waiting, and is extracted here otherwise, so that both
 * threads stay busy whatever their speeds. `process` then returns a promise for such a page's end;
 * `inOrder` gives the events back in the dump's order.
 */
export class PageStream {
  private codec: TitleCodec | undefined;
  private site: SiteConfig | undefined;
  private latest: { timestamp: string; id: number; text: string; model: string | undefined } | undefined;
  private readonly lint: boolean;
  private readonly lintHelper: boolean;
  private helper: LinkExtractorPool | undefined;
  private helperPages = 0;

  /**
   * `lint`: whether pages' lint errors are computed with their links (default true);
   * `lintHelper`: whether a helper thread shares the pages' extraction when they are linted.
   */
  constructor(options: { lint?: boolean; lintHelper?: boolean } = {}) {
    this.lint = options.lint ?? true;
    this.lintHelper = this.lint && options.lintHelper === true;
  }

  private searchTexts = false;
  private textsAsBytes = false;

  setSite(site: SiteConfig, settings: StreamSettings = {}): void {
    this.site = site;
    this.codec = new TitleCodec(site);
    this.searchTexts = settings.searchTexts === true;
    this.textsAsBytes = settings.textsAsBytes === true;
    if (this.lintHelper && !this.helper) this.helper = new LinkExtractorPool(site, 1, true);
  }

  private leaveLinks: (() => boolean) | undefined;

  /**
   * Has the stream leave a wikitext page's links to the writing thread (see `ImportEvent`)
   * whenever `when` says so at the page's end: a reader thread asks this while the writer has
   * little to do, so that the two threads share the extraction. Not while linting.
   */
  leaveLinksWhen(when: () => boolean): void {
    this.leaveLinks = this.lint ? undefined : when;
  }

  /** Whether a helper thread shares the pages (its answers arrive as the event loop turns). */
  get sharing(): boolean {
    return this.helper !== undefined;
  }

  /** Sends the pages waiting for the helper's next batch (call before waiting for an answer). */
  flush(): void {
    this.helper?.flush();
  }

  /** Stops the helper thread, if there is one. */
  async close(): Promise<void> {
    await this.helper?.close();
    this.helper = undefined;
  }

  /** The event as the importer takes it (a promise for a page's end given to the helper). */
  process(event: DumpEvent): ImportEvent | Promise<ImportEvent> {
    if (event.type === 'page') {
      this.latest = undefined;
    } else if (event.type === 'revision') {
      const revision = event.revision;
      completeRevision(revision, this.textsAsBytes);
      const timestamp = mediaWikiTimestamp(revision.timestamp);
      if (isNewerRevision(timestamp, revision.id, this.latest)) {
        this.latest = { timestamp, id: revision.id, text: revision.text ?? '', model: revision.model };
      }
    } else if (event.type === 'page-end') {
      const page = event.page;
      const found = this.pageLinks(page);
      if (found instanceof Promise) return found.then((links) => ({ type: 'page-end', page, ...links }));
      return { type: 'page-end', page, ...found };
    }
    return event;
  }

  private pageLinks(page: DumpPage): PageLinkParts | Promise<PageLinkParts> {
    const latest = this.latest;
    this.latest = undefined;
    if (!latest || page.id === undefined) return {};
    if (!this.site || !this.codec) throw new Error('the site must be known before the first page ends');
    const dbKey = pageKey(page, this.site);
    const search = this.searchTexts ? { search: preparePage(dbKey, latest.text) } : {};
    if ((latest.model ?? defaultModel(page.namespace, dbKey)) !== 'wikitext') return search;
    const ref = { id: page.id, namespace: page.namespace, dbKey };
    if (this.leaveLinks?.()) return { unextracted: { ref, text: latest.text, timestamp: latest.timestamp }, ...search };
    const withRows = (links: PageLinks): PageLinkParts => ({
      links: pageLinkRows(ref, links, latest.timestamp),
      ...search,
    });
    if (this.helper && this.helperPages < HELPER_PAGES) {
      this.helperPages++;
      return this.helper.extract(latest.text, ref).then((links) => {
        this.helperPages--;
        return withRows(links);
      });
    }
    return withRows(extractPage(latest.text, ref, this.codec, this.lint));
  }
}

type PageLinkParts = { links?: PageLinkRows; search?: PreparedPage; unextracted?: UnextractedLinks };

function pageLinkRows(ref: PageRef, links: PageLinks, timestamp: string): PageLinkRows {
  return { redirect: links.redirect !== undefined, rows: linkRows(ref, links, timestamp) };
}

/**
 * Extracts the links a reader thread left to the writing thread (`unextracted`), as the reader
 * would have (links without lint errors), and puts their rows on the page's end.
 */
export function completeLinks(event: Extract<ImportEvent, { type: 'page-end' }>, codec: TitleCodec): void {
  const left = event.unextracted;
  if (!left) return;
  event.links = pageLinkRows(left.ref, extractPage(left.text, left.ref, codec, false), left.timestamp);
  delete event.unextracted;
}

/**
 * A dump's events through a stream, in the dump's order: events after a page that the helper has
 * not answered yet are held (up to `HELD_EVENTS`) while the reading goes on.
 */
export async function* inOrder(events: AsyncIterable<DumpEvent>, stream: PageStream): AsyncGenerator<ImportEvent> {
  /** An event, or the answer awaited for it (with the event once it has come). */
  type Held = { event?: ImportEvent; answer?: Promise<ImportEvent> };
  const held: Held[] = [];
  const next = async (): Promise<ImportEvent> => {
    const first = held.shift()!;
    if (first.event) return first.event;
    stream.flush();
    return await first.answer!;
  };
  for await (const event of events) {
    // The helper's answers are taken as the event loop turns, which reading from a buffer does
    // not always do: without this the helper, its pages unacknowledged, would wait most of the time.
    if (event.type === 'page-end' && stream.sharing) await new Promise<void>((resolve) => setImmediate(resolve));
    const processed = stream.process(event);
    if (processed instanceof Promise) {
      const entry: Held = { answer: processed };
      // A failure is thrown where the answer is awaited, in order; this only marks it settled.
      processed.then(
        (answered) => {
          entry.event = answered;
        },
        () => undefined,
      );
      held.push(entry);
    } else {
      held.push({ event: processed });
    }
    while (held.length > 0 && (held[0]!.event || held.length > HELD_EVENTS)) yield await next();
  }
  while (held.length > 0) yield await next();
}
