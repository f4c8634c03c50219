/**
 * A page's links as MediaWiki's parser records them, templates expanded: what the page's
 * templates add (categories, links, files, external links) is found, every page transcluded is a
 * transclusion (nested ones, missing ones and redirects followed included), and `#ifexist` links
 * its target. An XML dump's pages arrive before or after the templates they use, so this runs
 * after the import over the stored pages (`expandLinksAfter`), reading templates from the store.
 */
import { type Kysely, sql } from 'kysely';
import type { SiteConfig } from '../site/site.js';
import { NS_CATEGORY, NS_FILE, NS_MEDIA, NS_MEDIAWIKI, NS_SPECIAL, type Title, TitleCodec } from '../site/title.js';
import { type CurrentPageRow, currentPageRow, followedPageText, type PagePlace } from '../store/page-text.js';
import type { WikiDatabase } from '../store/schema.js';
import { hasCiteErrors } from '../wikitext/cite-errors.js';
import {
  extractLinks,
  type LinkTarget,
  type PageContext,
  type PageLinks,
  parseRedirect,
} from '../wikitext/extract-links.js';
import { extractPage } from '../wikitext/extract-page.js';
import { leadImage } from '../wikitext/page-image.js';
import { Expander, type ExpansionHost } from '../wikitext/preprocessor/expand.js';
import { preprocessToTree } from '../wikitext/preprocessor/parse.js';
import { wikitextPagesAfter } from './wikitext-pages.js';
import { LINK_COLUMNS, LINK_FROM, type LinkRows, linkRows } from './xml/page-rows.js';

/** Text that expansion would give back unchanged: no braces and no inclusion tags. */
const EXPANDS = /\{\{|<\/?(?:noinclude|includeonly|onlyinclude)\b/i;

/** The extension tags whose content the parser reads as wikitext, templates and all (Cite's, the indicators). */
const PARSED_TAGS: ReadonlySet<string> = new Set(['ref', 'references', 'indicator']);

/** Whether a page's links could change by expanding its text. */
export function expansionMatters(text: string): boolean {
  return EXPANDS.test(text);
}

/**
 * Reads pages' current rows and files' existence from the store, each once per reader: a batch of
 * pages shares its templates (a wiki's pages use the same few hundred).
 */
export class StoredPageReader {
  private readonly rows = new Map<string, Promise<CurrentPageRow | undefined>>();
  private readonly files = new Map<string, Promise<boolean>>();

  constructor(
    readonly db: Kysely<WikiDatabase>,
    readonly titles: TitleCodec,
  ) {}

  /** A page's row with its current text; undefined when it does not exist. */
  row(namespace: number, dbKey: string): Promise<CurrentPageRow | undefined> {
    const key = `${namespace}:${dbKey}`;
    let found = this.rows.get(key);
    if (found === undefined) {
      found = currentPageRow(this.db, namespace, dbKey);
      this.rows.set(key, found);
    }
    return found;
  }

  /** Whether the wiki holds a file of this name (a file page alone is no file). */
  fileExists(name: string): Promise<boolean> {
    let found = this.files.get(name);
    if (found === undefined) {
      found = this.db
        .selectFrom('image')
        .select('img_name')
        .where('img_name', '=', name)
        .executeTakeFirst()
        .then((row) => row !== undefined);
      this.files.set(name, found);
    }
    return found;
  }
}

/** What expansion reads besides pages: the wiki's counts and its interface messages. */
export interface ExpansionServices {
  now: Date;
  /** One of the wiki's counts (`pages`, `articles`, ...), as `{{NUMBEROFARTICLES}}` shows it. */
  counts?: Readonly<Record<string, number>>;
  /** A message's text in the content language; the wiki's `MediaWiki:` pages are read first. */
  message?(key: string): Promise<string | undefined>;
}

/** Expansion over the stored wiki, as the parser runs when it saves a page. */
export function storedExpansionHost(
  reader: StoredPageReader,
  site: SiteConfig,
  page: Title,
  pageId: number,
  services: ExpansionServices,
): ExpansionHost {
  return {
    titles: reader.titles,
    site,
    server: site.server ?? '',
    page,
    pageId,
    now: services.now,
    async siteCount(name) {
      return services.counts?.[name];
    },
    async pageText(title) {
      const found = await followedPageText(reader.db, title, (namespace, dbKey) => reader.row(namespace, dbKey));
      if (found === undefined) return undefined;
      const place = (p: PagePlace) => (p === title ? title : reader.titles.make(p.namespace, p.dbKey));
      const missingTarget = found.missingTarget && place(found.missingTarget);
      return { title: place(found.place), text: found.text, ...(missingTarget ? { missingTarget } : {}) };
    },
    async exists(title) {
      if (title.namespace === NS_SPECIAL) return false;
      return (await reader.row(title.namespace === NS_MEDIA ? NS_FILE : title.namespace, title.dbKey)) !== undefined;
    },
    async message(key) {
      const name = reader.titles.parseOrUndefined(key, { defaultNamespace: NS_MEDIAWIKI });
      const own = name && (await reader.row(NS_MEDIAWIKI, name.dbKey));
      return own ? (own.content_text ?? '') : services.message?.(key);
    },
  };
}

/**
 * The links of a page's current text as MediaWiki's parser records them, its templates expanded:
 * those the expanded text shows, the transclusions and existence checks the expansion made, the
 * page properties it set, and the tracking categories of the parse. A redirect's target is read
 * from the text as written (the rest of a redirect's text is parsed as any page's).
 */
export async function expandedPageLinks(
  text: string,
  page: PageContext,
  reader: StoredPageReader,
  host: ExpansionHost,
): Promise<PageLinks> {
  const codec = reader.titles;
  const expander = new Expander(host);
  expander.tagContents = PARSED_TAGS;
  const { links, parsed } = expansionMatters(text)
    ? await linksOfExpansion(text, page, codec, expander)
    : { links: extractPage(text, page, codec, false), parsed: text };
  // What the parse tracks after expansion takes the page's sort key, wherever DEFAULTSORT stands.
  const sortKey = links.properties.get('defaultsort') ?? '';
  const track = (key: string) => {
    if (!expander.trackingCategories.has(key)) expander.trackingCategories.set(key, sortKey);
  };
  for (const name of links.images) if (!(await reader.fileExists(name))) track('broken-file-category');
  if (page.namespace === NS_CATEGORY && links.properties.has('hiddencat')) track('hidden-category-category');
  // Cite tracks its errors as it lists the references, without the page's sort key (so MediaWiki
  // 1.39 records it, DEFAULTSORT or not).
  if (hasCiteErrors(parsed)) expander.trackingCategories.set('cite-tracking-category-cite-error', '');
  // Robot policies may be set outside the content namespaces only.
  if (!codec.site.namespaces.find((n) => n.id === page.namespace)?.content) {
    if (links.properties.has('noindex')) track('noindex-category');
    if (links.properties.has('index')) track('index-category');
  }
  await addTrackingCategories(links, expander);
  return links;
}

async function linksOfExpansion(
  text: string,
  page: PageContext,
  codec: TitleCodec,
  expander: Expander,
): Promise<{ links: PageLinks; parsed: string }> {
  const expanded = await expander.expand(preprocessToTree(text), expander.rootFrame());
  const links = extractPage(expanded, page, codec, false);
  // The page image is chosen from the text as written: the images templates add (infobox icons,
  // flags, navigation boxes) are mostly not the one PageImages picks.
  links.properties.delete('page_image_free');
  const image = leadImage(text, page, codec);
  if (image !== undefined) links.properties.set('page_image_free', image);
  // A redirect is read from the text as written: one a template writes is no redirect.
  if (parseRedirect(text, codec) === undefined) delete links.redirect;
  else {
    const written = extractLinks(text, page, codec).redirect;
    if (written) links.redirect = written;
  }
  const seen = new Set(links.links.map((l) => `${l.namespace}:${l.dbKey}`));
  for (const title of expander.used.links.values()) {
    const key = `${title.namespace}:${title.dbKey}`;
    if (!seen.has(key)) links.links.push({ namespace: title.namespace, dbKey: title.dbKey });
    seen.add(key);
  }
  const images = new Set(links.images);
  for (const name of expander.used.images) images.add(name);
  links.images = [...images];
  links.templates = [...expander.used.templates.values()].map(
    (t): LinkTarget => ({ namespace: t.namespace, dbKey: t.dbKey }),
  );
  for (const [name, value] of expander.pageProperties) links.properties.set(name, value);
  // Categories the text links take the page's sort key wherever DEFAULTSORT stands (links are
  // made after expansion); tracking categories the one set when they were added.
  const defaultSort = expander.pageProperties.get('defaultsort');
  if (defaultSort !== undefined) {
    for (const category of links.categories) if (category.sortKeyPrefix === '') category.sortKeyPrefix = defaultSort;
  }
  return { links, parsed: expanded };
}

/** The tracking categories the page's parse added, named by their messages (none where a message is unknown). */
async function addTrackingCategories(links: PageLinks, expander: Expander): Promise<void> {
  for (const [key, sortKey] of expander.trackingCategories) {
    const text = await expander.host.message(key);
    const title = text && expander.host.titles.parseOrUndefined(text.trim(), { defaultNamespace: NS_CATEGORY });
    if (!title || title.namespace !== NS_CATEGORY || links.categories.some((c) => c.name === title.dbKey)) continue;
    links.categories.push({ name: title.dbKey, sortKeyPrefix: sortKey });
  }
}

/** Pages read and expanded per batch (each batch one transaction writing their rows). */
const PAGES_PER_BATCH = 100;
/** Rows per insert statement: far below both engines' limits on bound values. */
const ROWS_PER_INSERT = 400;
/** The tables a build of links expanded may replace (the redirect is the text's as written; lint is its own build). */
export const EXPANDED_LINK_TABLES = [
  'pagelinks',
  'templatelinks',
  'imagelinks',
  'categorylinks',
  'externallinks',
  'langlinks',
  'iwlinks',
  'page_props',
] as const satisfies ReadonlyArray<keyof LinkRows>;

export interface ExpandedBatch {
  /** Pages read (the batch is empty at the end). */
  pages: number;
  /** Pages whose expansion failed, read as written instead. */
  failed: number;
  /** The last page id read. */
  last: number;
  /** Each page read, with its rows of every link table. */
  rows: Array<{ page: number; rows: LinkRows }>;
}

/**
 * Reads the next batch of wikitext pages after page id `after` as the parser does (expanded where they use
 * templates): their link-table rows, for `writeExpandedRows`. Only reads: the expansion holds no
 * transaction (on SQLite, no write lock while a batch of pages is parsed).
 */
export async function expandLinksAfter(
  db: Kysely<WikiDatabase>,
  site: SiteConfig,
  after: number,
  services: ExpansionServices,
): Promise<ExpandedBatch> {
  const pages = await wikitextPagesAfter(db, after, PAGES_PER_BATCH);
  const reader = new StoredPageReader(db, new TitleCodec(site));
  const rows: ExpandedBatch['rows'] = [];
  let failed = 0;
  for (const page of pages) {
    const text = page.content_text ?? '';
    const ref = { id: page.page_id, namespace: page.page_namespace, dbKey: page.page_title };
    const title = reader.titles.make(ref.namespace, ref.dbKey);
    const host = storedExpansionHost(reader, site, title, ref.id, services);
    let links: PageLinks;
    try {
      links = await expandedPageLinks(text, ref, reader, host);
    } catch {
      // A page whose text cannot be expanded keeps the links of its text as written, and the
      // build goes on (a store that fails fails the batch's writes after it anyway).
      links = extractPage(text, ref, reader.titles, false);
      failed++;
    }
    rows.push({ page: ref.id, rows: linkRows(ref, links, page.page_touched) });
  }
  return { pages: pages.length, failed, last: pages.at(-1)?.page_id ?? after, rows };
}

/** Replaces the batch's pages' rows of `tables` (in the caller's transaction `db`). */
export async function writeExpandedRows(
  db: Kysely<WikiDatabase>,
  batch: ExpandedBatch,
  tables: ReadonlyArray<keyof LinkRows>,
): Promise<void> {
  if (batch.rows.length === 0) return;
  const pages = batch.rows.map((r) => r.page);
  for (const table of tables) {
    await sql`delete from ${sql.table(table)} where ${sql.ref(LINK_FROM[table])} in (${sql.join(pages)})`.execute(db);
    await insertFlatRows(
      db,
      table,
      batch.rows.flatMap((r) => r.rows[table]),
    );
  }
}

/** Inserts a table's rows laid end to end (`LINK_COLUMNS`), a link given twice kept once. */
async function insertFlatRows(db: Kysely<WikiDatabase>, table: keyof LinkRows, flat: readonly unknown[]) {
  const columns = LINK_COLUMNS[table];
  const width = columns.length;
  for (let start = 0; start < flat.length; start += ROWS_PER_INSERT * width) {
    const rows: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(flat.length, start + ROWS_PER_INSERT * width); i += width) {
      rows.push(Object.fromEntries(columns.map((column, c) => [column, flat[i + c]])));
    }
    await db
      .insertInto(table as never)
      .values(rows as never)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
