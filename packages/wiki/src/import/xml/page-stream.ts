/**
 * The part of a dump import that needs no database: it takes the reader's events and adds what
 * the writer would otherwise compute, namely each revision's SHA-1 and size where the dump lacks
 * them, and at each page's end the link-table rows of its current revision. It runs on the main
 * thread for small dumps and on a worker thread for large ones (see `dump-source.ts`), so that
 * parsing and link extraction use one core while the rows are written on the other.
 */
import type { SiteConfig } from '../../site/site.js';
import { TitleCodec } from '../../site/title.js';
import { type PreparedPage, preparePage } from '../../store/search-text.js';
import { extractPage } from '../wikitext/extract-page.js';
import type { DumpEvent, DumpPage, DumpRevision } from './dump-types.js';
import { type LinkRows, linkRows, mediaWikiTimestamp, sha1Base36 } from './page-rows.js';

/** The link tables of a page's current revision, ready to write. */
export interface PageLinkRows {
  redirect: boolean;
  rows: LinkRows;
}

/**
 * A reader event as the importer takes it: a page's end carries its links (wikitext pages only)
 * and, when asked for, its current text as the search index takes it.
 */
export type ImportEvent =
  | Exclude<DumpEvent, { type: 'page-end' }>
  | { type: 'page-end'; page: DumpPage; links?: PageLinkRows; search?: PreparedPage };

/** What the importer tells the stream once it knows the site. */
export interface StreamSettings {
  /** Prepare each page's current text for the search index (`preparePage`). */
  searchTexts?: boolean;
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

/** Fills in the SHA-1 and size of a revision's slots that the dump does not give. */
function completeRevision(revision: DumpRevision): void {
  const text = revision.text ?? '';
  if (revision.bytes === undefined) revision.bytes = Buffer.byteLength(text);
  if (!revision.sha1 && !revision.textDeleted) revision.sha1 = sha1Base36(text);
  for (const slot of revision.slots) {
    const slotText = slot.text ?? '';
    if (slot.bytes === undefined) slot.bytes = Buffer.byteLength(slotText);
    if (slot.sha1 === undefined) slot.sha1 = sha1Base36(slotText);
  }
}

/**
 * Adds sizes, hashes and link rows to a dump's events. The site (which the writer settles from
 * the dump's siteinfo and the store) must be given with `setSite` before the first page ends.
 */
export class PageStream {
  private codec: TitleCodec | undefined;
  private site: SiteConfig | undefined;
  private latest: { timestamp: string; id: number; text: string; model: string | undefined } | undefined;
  private readonly lint: boolean;

  /** `lint`: whether pages' lint errors are computed with their links (default true). */
  constructor(options: { lint?: boolean } = {}) {
    this.lint = options.lint ?? true;
  }

  private searchTexts = false;

  setSite(site: SiteConfig, settings: StreamSettings = {}): void {
    this.site = site;
    this.codec = new TitleCodec(site);
    this.searchTexts = settings.searchTexts === true;
  }

  /** The event as the importer takes it. */
  process(event: DumpEvent): ImportEvent {
    if (event.type === 'page') {
      this.latest = undefined;
    } else if (event.type === 'revision') {
      const revision = event.revision;
      completeRevision(revision);
      const timestamp = mediaWikiTimestamp(revision.timestamp);
      if (isNewerRevision(timestamp, revision.id, this.latest)) {
        this.latest = { timestamp, id: revision.id, text: revision.text ?? '', model: revision.model };
      }
    } else if (event.type === 'page-end') {
      return { type: 'page-end', page: event.page, ...this.pageLinks(event.page) };
    }
    return event;
  }

  private pageLinks(page: DumpPage): { links?: PageLinkRows; search?: PreparedPage } {
    const latest = this.latest;
    this.latest = undefined;
    if (!latest || page.id === undefined) return {};
    if (!this.site || !this.codec) throw new Error('the site must be known before the first page ends');
    const dbKey = pageKey(page, this.site);
    const search = this.searchTexts ? { search: preparePage(dbKey, latest.text) } : {};
    if ((latest.model ?? defaultModel(page.namespace, dbKey)) !== 'wikitext') return search;
    const ref = { id: page.id, namespace: page.namespace, dbKey };
    const links = extractPage(latest.text, ref, this.codec, this.lint);
    return {
      links: { redirect: links.redirect !== undefined, rows: linkRows(ref, links, latest.timestamp) },
      ...search,
    };
  }
}
