/**
 * MediaWiki's query cache: the results of the expensive special pages (Wantedpages, Lonelypages,
 * ...), computed when the wiki changes (at the end of an import) and kept in `querycache`
 * (`querycachetwo` for pages that list a second title), so that `list=querypage` reads an index
 * and never scans. `querycache_info` records when each was computed.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { SiteConfig } from '../site/site.js';
import { isPostgres } from './dialect.js';
import type { WikiDatabase } from './schema.js';

/** At most this many rows are kept per page, as MediaWiki's `$wgQueryCacheLimit` bounds them. */
export const QUERY_CACHE_LIMIT = 5000;

export type CachedOrder = 'title' | 'value-descending' | 'value-ascending' | 'target';

export interface CachedPage {
  /** Its rows are (value, namespace, title); `target` pages add (namespace two, title two). */
  order: CachedOrder;
  /** The value is a time (unix seconds in the cache, a timestamp in answers). */
  timestamps?: boolean;
  /**
   * Rows of equal value in the order of their pages' ids (`page`) or their categories' ids
   * (`category`), as MediaWiki reads them from the value's index: up it for the shortest pages,
   * down it for the longest and for the categories with the most members.
   */
  ties?: { by: 'page' | 'category'; direction: 'asc' | 'desc' };
  /** The value every row shows, where the cached one only keeps the rows' order. */
  printedValue?: string;
  rows(content: RawBuilder<unknown>, seconds: (column: string) => RawBuilder<number>): RawBuilder<unknown>;
}

const NO_VALUE = sql`0`;

/** Pages of a namespace set that are not redirects and have no row in a link table pointing from/to them. */
const pagesWithout = (namespaces: RawBuilder<unknown>, missing: RawBuilder<unknown>) =>
  sql`select ${NO_VALUE} as v, page_namespace as ns, page_title as t from page
      where page_namespace in (${namespaces}) and page_is_redirect = 0 and not exists (${missing})`;

/**
 * The rows of link targets counted by `counted` (v, ns, t) whose page does not exist. Whether a
 * page exists depends on the target alone, so it is asked once a target, after the counting,
 * rather than once a link.
 */
const missingTargets = (counted: RawBuilder<unknown>, alsoMissing: RawBuilder<unknown> = sql``) =>
  sql`select v, ns, t from (${counted}) counted
      where not exists (select 1 from page where page_namespace = counted.ns and page_title = counted.t) ${alsoMissing}`;

export const CACHED_PAGES: Record<string, CachedPage> = {
  Wantedpages: {
    order: 'value-descending',
    // A page linked once is wanted too (MediaWiki's default threshold of one link). Links from the
    // MediaWiki namespace do not count, nor links whose page is gone (MediaWiki joins the linking
    // page). Those few pages are listed first, rather than every link's page
    // looked up: in a large wiki that lookup went to disk for most of its millions of links.
    rows: () =>
      missingTargets(
        sql`select count(*) as v, pl_namespace as ns, pl_title as t from pagelinks
        where pl_namespace not in (2, 3) and pl_from not in (
          select page_id from page where page_namespace = 8
          union all
          select pl_from from (select distinct pl_from from pagelinks) linking
            where not exists (select 1 from page where page_id = linking.pl_from))
        group by pl_namespace, pl_title`,
        // A target only redirects link to is not wanted: one link from an article is needed.
        sql`and exists (select 1 from pagelinks linked join page linking on linking.page_id = linked.pl_from
          where linked.pl_namespace = counted.ns and linked.pl_title = counted.t
            and linking.page_is_redirect = 0 and linking.page_namespace <> 8)`,
      ),
  },
  Wantedcategories: {
    order: 'value-descending',
    rows: () => missingTargets(sql`select count(*) as v, 14 as ns, cl_to as t from categorylinks group by cl_to`),
  },
  Wantedfiles: {
    order: 'value-descending',
    rows: () =>
      missingTargets(
        sql`select count(*) as v, 6 as ns, il_to as t from imagelinks group by il_to`,
        sql`and not exists (select 1 from image where img_name = counted.t)`,
      ),
  },
  Wantedtemplates: {
    order: 'value-descending',
    rows: () =>
      missingTargets(sql`select count(*) as v, tl_namespace as ns, tl_title as t from templatelinks
        where tl_namespace = 10 group by tl_namespace, tl_title`),
  },
  Mostlinked: {
    order: 'value-descending',
    rows: () => sql`select count(*) as v, pl_namespace as ns, pl_title as t from pagelinks
      group by pl_namespace, pl_title having count(*) > 1`,
  },
  Mostlinkedcategories: {
    order: 'value-descending',
    ties: { by: 'category', direction: 'desc' },
    rows: () => sql`select cat_pages as v, 14 as ns, cat_title as t from category where cat_pages > 0`,
  },
  Mostlinkedtemplates: {
    order: 'value-descending',
    // Every template transcluded, once too (MediaWiki sets no lower bound here).
    rows: () => sql`select count(*) as v, tl_namespace as ns, tl_title as t from templatelinks
      group by tl_namespace, tl_title`,
  },
  Mostimages: {
    order: 'value-descending',
    rows: () => sql`select count(*) as v, 6 as ns, il_to as t from imagelinks group by il_to having count(*) > 1`,
  },
  Mostcategories: {
    order: 'value-descending',
    rows: (content) => sql`select count(*) as v, page_namespace as ns, page_title as t from categorylinks
      join page on page_id = cl_from where page_namespace in (${content})
      group by page_namespace, page_title having count(*) > 1`,
  },
  Mostinterwikis: {
    order: 'value-descending',
    rows: (content) => sql`select count(*) as v, page_namespace as ns, page_title as t from langlinks
      join page on page_id = ll_from where page_namespace in (${content})
      group by page_namespace, page_title having count(*) > 1`,
  },
  // Every content page, those of a single revision too (unlike the other Most- pages).
  Mostrevisions: {
    order: 'value-descending',
    rows: (content) => sql`select count(*) as v, page_namespace as ns, page_title as t from revision
      join page on page_id = rev_page where page_namespace in (${content}) and page_is_redirect = 0
      group by page_namespace, page_title`,
  },
  Fewestrevisions: {
    order: 'value-ascending',
    rows: (content) => sql`select count(*) as v, page_namespace as ns, page_title as t from revision
      join page on page_id = rev_page where page_namespace in (${content}) and page_is_redirect = 0
      group by page_namespace, page_title`,
  },
  Longpages: {
    order: 'value-descending',
    ties: { by: 'page', direction: 'desc' },
    rows: (content) => sql`select page_len as v, page_namespace as ns, page_title as t from page
      where page_namespace in (${content}) and page_is_redirect = 0`,
  },
  Shortpages: {
    order: 'value-ascending',
    ties: { by: 'page', direction: 'asc' },
    rows: (content) => sql`select page_len as v, page_namespace as ns, page_title as t from page
      where page_namespace in (${content}) and page_is_redirect = 0`,
  },
  Ancientpages: {
    order: 'value-ascending',
    timestamps: true,
    rows: (content, seconds) => sql`select ${seconds('rev_timestamp')} as v, page_namespace as ns, page_title as t
      from page join revision on rev_id = page_latest
      where page_namespace in (${content}) and page_is_redirect = 0`,
  },
  Lonelypages: {
    order: 'title',
    rows: (content) =>
      pagesWithout(
        content,
        sql`select 1 from pagelinks where pl_namespace = page_namespace and pl_title = page_title
            union all select 1 from templatelinks where tl_namespace = page_namespace and tl_title = page_title`,
      ),
  },
  Deadendpages: {
    order: 'title',
    rows: (content) => pagesWithout(content, sql`select 1 from pagelinks where pl_from = page_id`),
  },
  Withoutinterwiki: {
    order: 'title',
    rows: (content) => pagesWithout(content, sql`select 1 from langlinks where ll_from = page_id`),
  },
  Uncategorizedpages: {
    order: 'title',
    rows: () => pagesWithout(sql`0`, sql`select 1 from categorylinks where cl_from = page_id`),
  },
  Uncategorizedcategories: {
    order: 'title',
    rows: () => pagesWithout(sql`14`, sql`select 1 from categorylinks where cl_from = page_id`),
  },
  Uncategorizedimages: {
    order: 'title',
    rows: () => pagesWithout(sql`6`, sql`select 1 from categorylinks where cl_from = page_id`),
  },
  Uncategorizedtemplates: {
    order: 'title',
    rows: () => pagesWithout(sql`10`, sql`select 1 from categorylinks where cl_from = page_id`),
  },
  Unusedcategories: {
    order: 'title',
    rows: () => pagesWithout(sql`14`, sql`select 1 from categorylinks where cl_to = page_title`),
  },
  Unusedtemplates: {
    order: 'title',
    rows: () =>
      pagesWithout(sql`10`, sql`select 1 from templatelinks where tl_namespace = 10 and tl_title = page_title`),
  },
  Unusedimages: {
    order: 'value-ascending',
    timestamps: true,
    rows: (_, seconds) => sql`select ${seconds('img_timestamp')} as v, 6 as ns, img_name as t from image
      where not exists (select 1 from imagelinks where il_to = img_name)`,
  },
  Unwatchedpages: {
    // Its value is the page's namespace, as MediaWiki's: ordered by it, then by title.
    order: 'value-ascending',
    rows: () => sql`select page_namespace as v, page_namespace as ns, page_title as t from page
      where page_namespace <> 8 and page_is_redirect = 0
        and not exists (select 1 from watchlist where wl_namespace = page_namespace and wl_title = page_title)`,
  },
  Listredirects: {
    order: 'title',
    rows: () =>
      sql`select ${NO_VALUE} as v, page_namespace as ns, page_title as t from page where page_is_redirect = 1`,
  },
  ListDuplicatedFiles: {
    order: 'value-descending',
    // One row per content shared by several files, named by the first of them, with their number.
    rows: () => sql`select count(*) as v, 6 as ns, min(img_name) as t from image
      group by img_sha1 having count(*) > 1`,
  },
  GadgetUsage: {
    order: 'title',
    rows: () => sql`select count(*) as v, 0 as ns, substr(up_property, 8) as t from user_properties
      where up_property >= 'gadget-' and up_property < 'gadget.' and up_value = '1'
      group by up_property`,
  },
  DoubleRedirects: {
    order: 'title',
    rows: () => sql`select ${NO_VALUE} as v, pa.page_namespace as ns, pa.page_title as t from page pa
      join redirect ra on ra.rd_from = pa.page_id
      join page pb on pb.page_namespace = ra.rd_namespace and pb.page_title = ra.rd_title
      join redirect rb on rb.rd_from = pb.page_id
      where pa.page_is_redirect = 1 and (ra.rd_interwiki is null or ra.rd_interwiki = '')`,
  },
  BrokenRedirects: {
    order: 'target',
    rows: () => sql`select rd_from as v, page_namespace as ns, page_title as t, rd_namespace as ns2, rd_title as t2
      from redirect join page on page_id = rd_from
      where rd_namespace >= 0 and (rd_interwiki is null or rd_interwiki = '')
        and not exists (select 1 from page target where target.page_namespace = rd_namespace and target.page_title = rd_title)`,
  },
  // One row per media type and MIME type, named `type;mime;files;bytes`, each of value 1, by type,
  // number of files and MIME type, all downwards, as MediaWiki lists them. The cache keeps that
  // order as the row's rank.
  MediaStatistics: {
    order: 'value-ascending',
    printedValue: '1',
    rows: () => sql`select row_number() over (order by coalesce(img_media_type, 'UNKNOWN') desc, count(*) desc,
          img_major_mime desc, img_minor_mime desc) as v, -2 as ns,
        coalesce(img_media_type, 'UNKNOWN') || ';' || img_major_mime || '/' || img_minor_mime || ';' || count(*) || ';'
          || sum(img_size) as t
      from image group by img_media_type, img_major_mime, img_minor_mime`,
  },
};

/** A 14-digit timestamp column as unix seconds. */
function unixSeconds(postgres: boolean): (column: string) => RawBuilder<number> {
  return (name) => {
    const c = sql.ref(name);
    return postgres
      ? sql<number>`cast(extract(epoch from cast(to_timestamp(${c}, 'YYYYMMDDHH24MISS') as timestamp)) as integer)`
      : sql<number>`cast(strftime('%s', substr(${c}, 1, 4) || '-' || substr(${c}, 5, 2) || '-' || substr(${c}, 7, 2) || ' ' || substr(${c}, 9, 2) || ':' || substr(${c}, 11, 2) || ':' || substr(${c}, 13, 2)) as integer)`;
  };
}

/**
 * Recomputes the cached special pages of the wiki (in the caller's transaction). With
 * `keepImported`, pages whose rows came with a MediaWiki database are left as imported.
 */
export async function refreshQueryCache(
  db: Kysely<WikiDatabase>,
  site: SiteConfig,
  options: { keepImported?: boolean; now?: Date } = {},
): Promise<void> {
  const content = site.namespaces.filter((ns) => ns.content).map((ns) => ns.id);
  const contentList = sql.join(content.length > 0 ? content : [0]);
  // The results describe the wiki as of its latest edit: an unchanged wiki gets the same cache.
  const latest = await db
    .selectFrom('revision')
    .select((eb) => eb.fn.max('rev_timestamp').as('at'))
    .executeTakeFirst();
  const stamp = latest?.at ?? (options.now ?? new Date()).toISOString().replace(/\D/g, '').slice(0, 14);
  const imported = new Set(
    options.keepImported
      ? (await db.selectFrom('querycache_info').select('qci_type').execute()).map((r) => r.qci_type)
      : [],
  );
  const seconds = unixSeconds(isPostgres(db));
  for (const [type, page] of Object.entries(CACHED_PAGES)) {
    if (imported.has(type)) continue;
    const select = page.rows(contentList, seconds);
    if (page.order === 'target') {
      await db.deleteFrom('querycachetwo').where('qcc_type', '=', type).execute();
      await sql`insert into querycachetwo (qcc_type, qcc_value, qcc_namespace, qcc_title, qcc_namespacetwo, qcc_titletwo)
        select cast(${type} as text), v, ns, t, ns2, t2 from (${select}) r order by ns2, t2, v limit ${QUERY_CACHE_LIMIT}`.execute(
        db,
      );
    } else {
      await db.deleteFrom('querycache').where('qc_type', '=', type).execute();
      const order =
        page.order === 'title' ? sql`ns, t` : page.order === 'value-descending' ? sql`v desc, ns, t` : sql`v, ns, t`;
      await sql`insert into querycache (qc_type, qc_value, qc_namespace, qc_title)
        select cast(${type} as text), v, ns, t from (${select}) r order by ${order} limit ${QUERY_CACHE_LIMIT}`.execute(
        db,
      );
    }
    await db.deleteFrom('querycache_info').where('qci_type', '=', type).execute();
    await db.insertInto('querycache_info').values({ qci_type: type, qci_timestamp: stamp }).execute();
  }
}
