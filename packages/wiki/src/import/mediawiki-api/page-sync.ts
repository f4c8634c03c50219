/**
 * Reads pages from the source wiki and writes them into the store as the source has them now:
 * the page row, its revisions (all, or the current one) with their slots and texts, its link
 * tables as MediaWiki computed them, its properties, protections and redirect target, and the
 * deleted revisions of its title. A page that no longer exists is removed with all its rows. Both
 * the mirror (every page, a batch at a time) and the follower (the pages a change touched) write
 * pages through here, inside the caller's transaction.
 */
import { type Kysely, sql } from 'kysely';
import { insertRows } from '../../store/bulk-insert.js';
import type { WikiDatabase } from '../../store/schema.js';
import { externalLinkIndexes } from '../../wikitext/external-links.js';
import { truncateBytes } from '../xml/page-rows.js';
import type { MediaWikiApiClient } from './api-client.js';
import { dbKeyOf, ipHex, sha1HexToBase36, storeTimestamp, visibilityBits } from './rows.js';

type Db = Kysely<WikiDatabase>;

export const REVISION_PROPS =
  'ids|flags|timestamp|user|userid|size|slotsize|sha1|slotsha1|contentmodel|comment|content|tags';

export interface SyncOptions {
  /** Only the current revision of each page (`--current-only`). */
  currentOnly: boolean;
  /** The source lets us read deleted revisions (a logged-in user with `deletedhistory`). */
  readArchive: boolean;
  /** The site's language: a page in it keeps `page_lang` empty. */
  language: string;
  collation: string;
  /** Revisions each page had (by page id) when the mirror listed them: pages with one need no history request. */
  revisionCounts?: ReadonlyMap<number, number>;
  /**
   * Titles whose history can only have grown by edits since the store had it (the follower's pages
   * changed by edits alone, or watched for their rendering): when the store holds the page up to
   * the parent of its current revision, only that revision is added, without reading the history.
   */
  editedOnly?: ReadonlySet<string>;
}

/**
 * The revisions to add to a page whose history only grew by edits, when the store's copy allows it:
 * none when it has the current revision, the current one when it has its parent (or the page is
 * new); undefined when the history must be read.
 */
async function newRevisionsOnly(db: Db, page: any): Promise<any[] | undefined> {
  const current = page.revisions?.[0];
  if (!current || Number(current.revid) !== page.lastrevid) return undefined;
  const stored = await db
    .selectFrom('page')
    .select('page_latest')
    .where('page_id', '=', page.pageid)
    .executeTakeFirst();
  if (!stored) {
    if (page.new !== true || current.parentid !== 0) return undefined;
    const any = await db.selectFrom('revision').select('rev_id').where('rev_page', '=', page.pageid).limit(1).execute();
    return any.length === 0 ? [current] : undefined;
  }
  if (stored.page_latest === page.lastrevid) return [];
  // A history read after the page's answer may have brought the current revision already.
  const already = await db
    .selectFrom('revision')
    .select('rev_page')
    .where('rev_id', '=', page.lastrevid)
    .executeTakeFirst();
  if (already) return already.rev_page === page.pageid ? [] : undefined;
  if (current.parentid !== stored.page_latest) return undefined;
  const parent = await db
    .selectFrom('revision')
    .select('rev_id')
    .where('rev_id', '=', stored.page_latest)
    .where('rev_page', '=', page.pageid)
    .executeTakeFirst();
  return parent ? [current] : undefined;
}

/** Actor ids the store gives names, created when a name is new; a user's actor follows renames by id. */
export async function actorId(db: Db, name: string, userId: number | undefined): Promise<number> {
  const user = userId && userId > 0 ? userId : null;
  const existing = user
    ? await db.selectFrom('actor').select(['actor_id', 'actor_name']).where('actor_user', '=', user).executeTakeFirst()
    : await db.selectFrom('actor').select(['actor_id', 'actor_name']).where('actor_name', '=', name).executeTakeFirst();
  if (existing) {
    if (existing.actor_name !== name && name !== '') {
      await db.updateTable('actor').set({ actor_name: name }).where('actor_id', '=', existing.actor_id).execute();
    }
    return existing.actor_id;
  }
  const next = await nextId(db, 'actor', 'actor_id');
  await db.insertInto('actor').values({ actor_id: next, actor_user: user, actor_name: name }).execute();
  return next;
}

export async function nextId(db: Db, table: string, column: string): Promise<number> {
  const row = await sql<{
    n: number | string | null;
  }>`select max(${sql.ref(column)}) as n from ${sql.table(table)}`.execute(db);
  return Number(row.rows[0]?.n ?? 0) + 1;
}

async function tagId(db: Db, name: string): Promise<number> {
  const row = await db.selectFrom('change_tag_def').select('ctd_id').where('ctd_name', '=', name).executeTakeFirst();
  if (row) return row.ctd_id;
  const id = await nextId(db, 'change_tag_def', 'ctd_id');
  await db
    .insertInto('change_tag_def')
    .values({ ctd_id: id, ctd_name: name, ctd_user_defined: 0, ctd_count: 0 })
    .execute();
  return id;
}

/** Change tags of a revision, a log entry or a recent change, replacing what was stored for it. */
export async function writeTags(
  db: Db,
  target: { ct_rev_id?: number; ct_log_id?: number; ct_rc_id?: number },
  tags: string[] | undefined,
): Promise<void> {
  const [column, id] = Object.entries(target)[0] as ['ct_rev_id' | 'ct_log_id' | 'ct_rc_id', number];
  await db.deleteFrom('change_tag').where(column, '=', id).execute();
  for (const tag of tags ?? []) {
    const ctId = await nextId(db, 'change_tag', 'ct_id');
    await db
      .insertInto('change_tag')
      .values({
        ct_id: ctId,
        ct_rc_id: null,
        ct_log_id: null,
        ct_rev_id: null,
        ct_params: null,
        ...target,
        ct_tag_id: await tagId(db, tag),
      })
      .execute();
  }
}

/** Removes revisions (and their slots, texts, tags and IP rows) by id. */
async function deleteRevisions(db: Db, revIds: number[]): Promise<void> {
  for (let i = 0; i < revIds.length; i += 500) {
    const ids = revIds.slice(i, i + 500);
    const contents = await db
      .selectFrom('slots')
      .select('slot_content_id')
      .where('slot_revision_id', 'in', ids)
      .execute();
    const contentIds = contents.map((c) => c.slot_content_id);
    await db.deleteFrom('slots').where('slot_revision_id', 'in', ids).execute();
    for (let j = 0; j < contentIds.length; j += 500) {
      await db
        .deleteFrom('content')
        .where('content_id', 'in', contentIds.slice(j, j + 500))
        .execute();
    }
    await db.deleteFrom('change_tag').where('ct_rev_id', 'in', ids).execute();
    await db.deleteFrom('ip_changes').where('ipc_rev_id', 'in', ids).execute();
  }
}

const PAGE_TABLES: Array<[table: string, column: string]> = [
  ['pagelinks', 'pl_from'],
  ['templatelinks', 'tl_from'],
  ['imagelinks', 'il_from'],
  ['categorylinks', 'cl_from'],
  ['externallinks', 'el_from'],
  ['langlinks', 'll_from'],
  ['iwlinks', 'iwl_from'],
  ['redirect', 'rd_from'],
  ['page_props', 'pp_page'],
  ['page_restrictions', 'pr_page'],
];

/** Removes a page with its revisions and every row of its link tables; gives the categories it was in. */
export async function deletePage(db: Db, pageId: number, keepRevisions = false): Promise<string[]> {
  const categories = (await db.selectFrom('categorylinks').select('cl_to').where('cl_from', '=', pageId).execute()).map(
    (r) => r.cl_to,
  );
  for (const [table, column] of PAGE_TABLES)
    await db
      .deleteFrom(table as any)
      .where(column as any, '=', pageId)
      .execute();
  await db
    .deleteFrom('linter' as any)
    .where('linter_page' as any, '=', pageId)
    .execute();
  if (!keepRevisions) {
    const revs = await db.selectFrom('revision').select('rev_id').where('rev_page', '=', pageId).execute();
    await deleteRevisions(
      db,
      revs.map((r) => r.rev_id),
    );
    await db.deleteFrom('revision').where('rev_page', '=', pageId).execute();
  }
  await db.deleteFrom('page').where('page_id', '=', pageId).execute();
  return categories;
}

let nextContent: number | undefined;

async function writeRevision(
  db: Db,
  pageId: number,
  rev: any,
  table: 'revision' | 'archive',
  page: any,
): Promise<void> {
  const actor = await actorId(db, rev.user ?? '', rev.userid);
  const revId = Number(rev.revid);
  const common = {
    comment: rev.comment ?? '',
    timestamp: storeTimestamp(rev.timestamp),
    minor: rev.minor === true ? 1 : 0,
    // With slots, a hidden text is said per slot (and by the hidden sha1), not on the revision.
    deleted:
      visibilityBits(rev) |
      (rev.sha1hidden === true || Object.values(rev.slots ?? {}).some((slot: any) => slot.texthidden === true) ? 1 : 0),
    len: rev.size ?? null,
    parent: rev.parentid ?? null,
    sha1: sha1HexToBase36(rev.sha1),
  };
  if (table === 'revision') {
    await db
      .insertInto('revision')
      .values({
        rev_id: revId,
        rev_page: pageId,
        rev_comment: common.comment,
        rev_actor: actor,
        rev_timestamp: common.timestamp,
        rev_minor_edit: common.minor,
        rev_deleted: common.deleted,
        rev_len: common.len,
        rev_parent_id: common.parent,
        rev_sha1: common.sha1,
      })
      .execute();
    if (rev.anon === true || (rev.userid === 0 && rev.user)) {
      const hex = ipHex(rev.user ?? '');
      if (hex)
        await db
          .insertInto('ip_changes')
          .values({ ipc_rev_id: revId, ipc_rev_timestamp: common.timestamp, ipc_hex: hex })
          .execute();
    }
    await writeTags(db, { ct_rev_id: revId }, rev.tags);
  } else {
    await db
      .insertInto('archive')
      .values({
        ar_id: await nextId(db, 'archive', 'ar_id'),
        ar_namespace: page.ns,
        ar_title: dbKeyOf(page.ns, page.title),
        ar_comment: common.comment,
        ar_actor: actor,
        ar_timestamp: common.timestamp,
        ar_minor_edit: common.minor,
        ar_rev_id: revId,
        ar_deleted: common.deleted,
        ar_len: common.len,
        ar_page_id: page.pageid ?? rev.pageid ?? null,
        ar_parent_id: common.parent,
        ar_sha1: common.sha1,
      })
      .execute();
  }
  for (const [role, slot] of Object.entries((rev.slots ?? {}) as Record<string, any>)) {
    nextContent ??= await nextId(db, 'content', 'content_id');
    const contentId = nextContent++;
    const text = typeof slot.content === 'string' ? slot.content : '';
    await db
      .insertInto('content')
      .values({
        content_id: contentId,
        content_size: slot.size ?? Buffer.byteLength(text),
        content_sha1: sha1HexToBase36(slot.sha1),
        content_model: slot.contentmodel ?? 'wikitext',
        content_text: text,
      })
      .execute();
    await db
      .insertInto('slots')
      .values({ slot_revision_id: revId, slot_role: role, slot_content_id: contentId, slot_origin: revId })
      .execute();
  }
}

/** Pages of the source by title, with everything but their history (one request with continuation). */
async function readPages(client: MediaWikiApiClient, titles: string[]): Promise<any[]> {
  const answer = await client.queryAll({
    titles: titles.join('|'),
    prop: `info|pageprops|links|templates|categories|images|extlinks|langlinks|iwlinks|revisions`,
    inprop: 'protection',
    pllimit: 'max',
    tllimit: 'max',
    cllimit: 'max',
    clprop: 'sortkey|timestamp',
    imlimit: 'max',
    ellimit: 'max',
    lllimit: 'max',
    iwlimit: 'max',
    rvprop: REVISION_PROPS,
    rvslots: '*',
  });
  return answer.query?.pages ?? [];
}

async function readRedirects(client: MediaWikiApiClient, titles: string[]): Promise<Map<string, any>> {
  const out = new Map<string, any>();
  if (titles.length === 0) return out;
  const answer = await client.queryAll({ titles: titles.join('|'), redirects: true });
  for (const r of answer.query?.redirects ?? []) out.set(r.from, r);
  return out;
}

/** Every revision of one page, oldest first. */
async function readHistory(
  client: MediaWikiApiClient,
  title: string,
  table: 'revisions' | 'deletedrevisions',
): Promise<any[]> {
  const prefix = table === 'revisions' ? 'rv' : 'drv';
  const answer = await client.queryAll({
    titles: title,
    prop: table,
    [`${prefix}prop`]: REVISION_PROPS,
    [`${prefix}slots`]: '*',
    [`${prefix}limit`]: 'max',
    [`${prefix}dir`]: 'newer',
  });
  const page = answer.query?.pages?.[0];
  return page?.[table] ?? [];
}

function linkTableRows(page: any, collation: string) {
  const id = page.pageid as number;
  const ns = page.ns as number;
  const type = ns === 14 ? 'subcat' : ns === 6 ? 'file' : 'page';
  const externallinks = [];
  for (const link of page.extlinks ?? []) {
    const url = link.url ?? link['*'];
    for (const index of externalLinkIndexes(url)) {
      externallinks.push({ el_from: id, el_to: url, el_index: index, el_index_60: truncateBytes(index, 60) });
    }
  }
  const props = Object.entries((page.pageprops ?? {}) as Record<string, string>).map(([name, value]) => ({
    pp_page: id,
    pp_propname: name,
    pp_value: String(value),
    pp_sortkey: /^-?\d+(\.\d+)?$/.test(String(value)) ? Number(value) : null,
  }));
  return {
    pagelinks: (page.links ?? []).map((l: any) => ({
      pl_from: id,
      pl_namespace: l.ns,
      pl_title: dbKeyOf(l.ns, l.title),
      pl_from_namespace: ns,
    })),
    templatelinks: (page.templates ?? []).map((l: any) => ({
      tl_from: id,
      tl_namespace: l.ns,
      tl_title: dbKeyOf(l.ns, l.title),
      tl_from_namespace: ns,
    })),
    imagelinks: (page.images ?? []).map((l: any) => ({
      il_from: id,
      il_to: dbKeyOf(6, l.title),
      il_from_namespace: ns,
    })),
    categorylinks: (page.categories ?? []).map((c: any) => ({
      cl_from: id,
      cl_to: dbKeyOf(14, c.title),
      cl_sortkey: Buffer.from(c.sortkey ?? '', 'hex').toString('utf8'),
      cl_sortkey_prefix: c.sortkeyprefix ?? '',
      cl_timestamp: storeTimestamp(c.timestamp),
      cl_collation: collation,
      cl_type: type,
    })),
    externallinks,
    langlinks: (page.langlinks ?? []).map((l: any) => ({
      ll_from: id,
      ll_lang: l.lang,
      ll_title: l.title ?? l['*'] ?? '',
    })),
    iwlinks: (page.iwlinks ?? []).map((l: any) => ({
      iwl_from: id,
      iwl_prefix: l.prefix,
      iwl_title: (l.title ?? l['*'] ?? '').replace(/ /g, '_'),
    })),
    page_props: props,
  };
}

export interface SyncResult {
  pages: number;
  revisions: number;
  /** Categories whose members changed (their counts are read again). */
  categories: Set<string>;
}

/**
 * The page's revisions as the source has them now, the store's copies removed (they are written
 * again): from the batch's answer when the page has one revision (or only the current is kept),
 * else its history read.
 */
async function replaceHistory(db: Db, client: MediaWikiApiClient, page: any, options: SyncOptions): Promise<any[]> {
  const id = page.pageid as number;
  let revisions: any[];
  // A page with one revision has it in the batch's answer; others need their history read.
  if (options.currentOnly || options.revisionCounts?.get(id) === 1) {
    revisions = page.revisions ?? [];
    const old = await db.selectFrom('revision').select('rev_id').where('rev_page', '=', id).execute();
    await deleteRevisions(
      db,
      old.map((r) => r.rev_id),
    );
    await db.deleteFrom('revision').where('rev_page', '=', id).execute();
  } else {
    revisions = await readHistory(client, page.title, 'revisions');
    // Revisions that moved to this page (merges, undeletions) leave their old place.
    const ids = revisions.map((r) => Number(r.revid));
    const stored = await db.selectFrom('revision').select('rev_id').where('rev_page', '=', id).execute();
    const all = [...new Set([...stored.map((r) => r.rev_id), ...ids])];
    await deleteRevisions(db, all);
    for (let i = 0; i < ids.length; i += 500)
      await db
        .deleteFrom('revision')
        .where('rev_id', 'in', ids.slice(i, i + 500))
        .execute();
    await db.deleteFrom('revision').where('rev_page', '=', id).execute();
  }
  return revisions;
}

/**
 * Makes the store's copy of these titles what the source has now. Titles are full titles as the
 * source writes them (at most 50 at once).
 */
export async function syncTitles(
  db: Db,
  client: MediaWikiApiClient,
  titles: string[],
  options: SyncOptions,
  /** Titles whose deleted revisions may have changed (read again when the options allow). */
  archiveTitles: ReadonlySet<string> = new Set(),
): Promise<SyncResult> {
  nextContent = undefined;
  const result: SyncResult = { pages: 0, revisions: 0, categories: new Set() };
  if (titles.length === 0) return result;
  const pages = await readPages(client, titles);
  const redirects = await readRedirects(
    client,
    pages.filter((p) => p.redirect === true).map((p) => p.title),
  );
  for (const page of pages) {
    if (page.invalid || page.special || page.interwiki !== undefined) continue;
    const ns = page.ns as number;
    const dbKey = dbKeyOf(ns, page.title);
    // The row now at this title (a page moved away or deleted), and the row of this page id elsewhere.
    const atTitle = await db
      .selectFrom('page')
      .select('page_id')
      .where('page_namespace', '=', ns)
      .where('page_title', '=', dbKey)
      .executeTakeFirst();
    if (page.missing === true) {
      if (atTitle) for (const c of await deletePage(db, atTitle.page_id)) result.categories.add(c);
    } else {
      const id = page.pageid as number;
      const grown =
        !options.currentOnly && (atTitle === undefined || atTitle.page_id === id) && options.editedOnly?.has(page.title)
          ? await newRevisionsOnly(db, page)
          : undefined;
      if (atTitle && atTitle.page_id !== id)
        for (const c of await deletePage(db, atTitle.page_id)) result.categories.add(c);
      for (const c of await deletePage(db, id, !options.currentOnly)) result.categories.add(c);
      const revisions = grown ?? (await replaceHistory(db, client, page, options));
      await db
        .insertInto('page')
        .values({
          page_id: id,
          page_namespace: ns,
          page_title: dbKey,
          page_is_redirect: page.redirect === true ? 1 : 0,
          page_is_new: page.new === true ? 1 : 0,
          page_random: Math.random(),
          page_touched: storeTimestamp(page.touched),
          page_links_updated: storeTimestamp(page.touched),
          page_latest: page.lastrevid ?? 0,
          page_len: page.length ?? 0,
          page_content_model: page.contentmodel ?? null,
          page_lang: page.pagelanguage && page.pagelanguage !== options.language ? page.pagelanguage : null,
        })
        .execute();
      for (const rev of revisions) await writeRevision(db, id, rev, 'revision', page);
      result.revisions += revisions.length;
      const rows = linkTableRows(page, options.collation);
      // External links are numbered here: a bulk insert names every column, PostgreSQL's too.
      let linkId = rows.externallinks.length > 0 ? await nextId(db, 'externallinks', 'el_id') : 0;
      for (const link of rows.externallinks as Array<Record<string, unknown>>) link.el_id = linkId++;
      for (const [table, list] of Object.entries(rows)) await insertRows(db, table, list as Record<string, unknown>[]);
      for (const c of rows.categorylinks) result.categories.add(c.cl_to);
      const restrictions = (page.protection ?? []).filter((p: any) => p.source === undefined);
      for (const p of restrictions) {
        await db
          .insertInto('page_restrictions')
          .values({
            pr_id: await nextId(db, 'page_restrictions', 'pr_id'),
            pr_page: id,
            pr_type: p.type,
            pr_level: p.level,
            pr_cascade: p.cascade === true ? 1 : 0,
            pr_expiry: storeTimestamp(p.expiry),
          })
          .execute();
      }
      const target = redirects.get(page.title);
      if (target) {
        const targetNs = (await nsOfTitle(client, target.to, target.tointerwiki)) ?? 0;
        await db
          .insertInto('redirect')
          .values({
            rd_from: id,
            rd_namespace: targetNs,
            rd_title: target.tointerwiki
              ? target.to.slice(target.tointerwiki.length + 1).replace(/ /g, '_')
              : dbKeyOf(targetNs, target.to),
            rd_interwiki: target.tointerwiki ?? '',
            rd_fragment: target.tofragment ?? '',
          })
          .execute();
      }
      result.pages++;
    }
    if (options.readArchive && archiveTitles.has(page.title)) await syncArchive(db, client, page);
  }
  return result;
}

/** Namespace numbers of prefixed titles, as the source parses them (cached per client). */
const namespaceCache = new WeakMap<MediaWikiApiClient, Map<string, number>>();
async function nsOfTitle(
  client: MediaWikiApiClient,
  title: string,
  interwiki: string | undefined,
): Promise<number | undefined> {
  if (interwiki) return 0;
  let cache = namespaceCache.get(client);
  if (!cache) {
    cache = new Map();
    namespaceCache.set(client, cache);
  }
  if (cache.has(title)) return cache.get(title);
  const answer = await client.request({ action: 'query', titles: title });
  const ns = answer.query?.pages?.[0]?.ns;
  if (typeof ns === 'number') cache.set(title, ns);
  return ns;
}

/** The deleted revisions of a title, replacing what the archive held for it. */
async function syncArchive(db: Db, client: MediaWikiApiClient, page: any): Promise<void> {
  const dbKey = dbKeyOf(page.ns, page.title);
  const old = await db
    .selectFrom('archive')
    .select('ar_rev_id')
    .where('ar_namespace', '=', page.ns)
    .where('ar_title', '=', dbKey)
    .execute();
  // An undeleted revision keeps its id and, now in `revision`, its slots.
  const archived = old.map((r) => r.ar_rev_id);
  const live = new Set<number>();
  for (let i = 0; i < archived.length; i += 500) {
    const rows = await db
      .selectFrom('revision')
      .select('rev_id')
      .where('rev_id', 'in', archived.slice(i, i + 500))
      .execute();
    for (const row of rows) live.add(row.rev_id);
  }
  await deleteRevisions(
    db,
    archived.filter((id) => !live.has(id)),
  );
  await db.deleteFrom('archive').where('ar_namespace', '=', page.ns).where('ar_title', '=', dbKey).execute();
  const deleted = await readHistory(client, page.title, 'deletedrevisions');
  for (const rev of deleted) await writeRevision(db, 0, rev, 'archive', page);
}

/** The counts of these categories, read from the source (a category without members or page goes). */
export async function syncCategories(db: Db, client: MediaWikiApiClient, names: Iterable<string>): Promise<void> {
  const list = [...new Set(names)];
  for (let i = 0; i < list.length; i += 50) {
    const batch = list.slice(i, i + 50);
    const answer = await client.queryAll({ titles: batch.map((n) => `Category:${n}`).join('|'), prop: 'categoryinfo' });
    for (const page of answer.query?.pages ?? []) {
      const name = dbKeyOf(14, page.title);
      const info = page.categoryinfo;
      const existing = await db
        .selectFrom('category')
        .select('cat_id')
        .where('cat_title', '=', name)
        .executeTakeFirst();
      // The source keeps a category's row while it has members or a page (MediaWiki shows it with zero counts).
      if (!info) {
        if (existing) await db.deleteFrom('category').where('cat_id', '=', existing.cat_id).execute();
        continue;
      }
      const counts = { cat_pages: info.size, cat_subcats: info.subcats, cat_files: info.files };
      if (existing) await db.updateTable('category').set(counts).where('cat_id', '=', existing.cat_id).execute();
      else
        await db
          .insertInto('category')
          .values({ cat_id: await nextId(db, 'category', 'cat_id'), cat_title: name, ...counts })
          .execute();
    }
  }
}
