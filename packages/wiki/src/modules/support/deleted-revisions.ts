/**
 * What the deleted-revision modules (`prop=deletedrevisions`, `list=alldeletedrevisions`,
 * `list=deletedrevs`) share: archive rows in the shape of a RevisionRow, the rights they check
 * before answering, the editor filter, and keyset conditions over the archive's indexes.
 */
import { type ExpressionBuilder, sql } from 'kysely';
import { apiError } from '../../api/errors.js';
import type { ModuleContext } from '../../api/module.js';
import { list, type ResultObject } from '../../api/result/tree.js';
import type { WikiDatabase } from '../../store/schema.js';
import { hasTag } from './change-tags.js';
import { DELETED_USER, exclusionMask } from './hidden-content.js';
import type { RevisionRow } from './revision-output.js';

/** A deleted revision: its archive row id (`ar_id`) breaks ties in every order. */
export interface ArchiveRow extends RevisionRow {
  arId: number;
  /** An archive row has every column (see `archiveRowsQuery`). */
  minor: number;
  len: number | null;
  comment: string;
}

type ArchiveQueryBuilder = ExpressionBuilder<WikiDatabase, 'archive' | 'actor'>;

/**
 * Archive rows at any of these titles: one `ar_title IN (…)` per namespace, not one condition per
 * title, so that thousands of titles (a generator's pages) stay within SQLite's expression depth.
 */
export function archiveTitlesCondition(eb: ArchiveQueryBuilder, titles: readonly { ns: number; dbKey: string }[]) {
  const byNamespace = new Map<number, string[]>();
  for (const t of titles) {
    const keys = byNamespace.get(t.ns);
    if (keys) keys.push(t.dbKey);
    else byNamespace.set(t.ns, [t.dbKey]);
  }
  return eb.or([...byNamespace].map(([ns, keys]) => eb.and([eb('ar_namespace', '=', ns), eb('ar_title', 'in', keys)])));
}

/** Deleted revisions with the columns of an ArchiveRow, restricted to those with `tag` when given. */
export function archiveRowsQuery(ctx: ModuleContext<{ tag?: string }>) {
  const query = ctx.store.db
    .selectFrom('archive')
    .innerJoin('actor', 'actor_id', 'ar_actor')
    .select((eb) => [
      'ar_id as arId',
      'ar_rev_id as revId',
      'ar_parent_id as parentId',
      eb.fn.coalesce('ar_page_id', sql.lit(0)).as('pageId'),
      'ar_namespace as namespace',
      'ar_title as dbKey',
      'ar_timestamp as timestamp',
      'ar_minor_edit as minor',
      'ar_deleted as deleted',
      'ar_len as len',
      'ar_sha1 as sha1',
      'ar_comment as comment',
      'actor_name as actorName',
      'actor_user as actorUser',
    ]);
  const tag = ctx.params.tag;
  if (tag === undefined) return query;
  return query.where(hasTag('archive', tag));
}

/**
 * MediaWiki's checks before it shows deleted revisions: comments need `deletedhistory`, reading
 * the texts (for the content, the parse tree or diffs) `deletedtext` or `undelete`. (Hidden fields
 * of single rows are then handled per row.)
 */
export function requireDeletedRights(ctx: ModuleContext, props: ReadonlySet<string>, readsTexts: boolean): void {
  const rights = ctx.user.rights;
  if ((props.has('comment') || props.has('parsedcomment')) && !rights.has('deletedhistory')) {
    throw apiError('permissiondenied', 'apierror-cantview-deleted-comment');
  }
  if (readsTexts && !rights.has('deletedtext') && !rights.has('undelete')) {
    throw apiError('permissiondenied', 'apierror-cantview-deleted-revision-content');
  }
}

/**
 * The `user`/`excludeuser` condition on archive rows (by editor name), and the rule that a search
 * by editor must not find rows whose editor is hidden from the caller.
 */
export function archiveEditorCondition(ctx: ModuleContext<{ user?: string; excludeuser?: string }>) {
  const user = ctx.params.user;
  const excludeUser = ctx.params.excludeuser;
  const name = user ?? excludeUser;
  if (name === undefined) return undefined;
  const mask = exclusionMask(ctx.user, DELETED_USER);
  return (eb: ArchiveQueryBuilder) => {
    const byName = eb('actor_name', user !== undefined ? '=' : '!=', name);
    if (mask === 0) return byName;
    return eb.and([byName, eb(eb('ar_deleted', '&', mask), '!=', mask)]);
  };
}

/**
 * `(ar_namespace, ar_title, ar_timestamp, ar_id)` at or after (in the direction) a continue point.
 * When the query is bound to the continue point's namespace (`onlyNamespace`), the namespace is
 * left out of the tuple, so that the index range starts at the point rather than at the
 * namespace's first row.
 */
export function titleKeyset(value: readonly [number, string, string, number], newer: boolean, onlyNamespace?: number) {
  const [ns, title, ts, id] = value;
  const op = newer ? '>=' : '<=';
  return (eb: ArchiveQueryBuilder) =>
    ns === onlyNamespace
      ? eb(eb.refTuple('ar_title', 'ar_timestamp', 'ar_id'), op, eb.tuple(title, ts, id))
      : eb(eb.refTuple('ar_namespace', 'ar_title', 'ar_timestamp', 'ar_id'), op, eb.tuple(ns, title, ts, id));
}

/** `(ar_timestamp, ar_id)` at or after (in the direction) a continue point. */
export function timeKeyset(value: readonly [string, number], newer: boolean) {
  const [ts, id] = value;
  return (eb: ArchiveQueryBuilder) => eb(eb.refTuple('ar_timestamp', 'ar_id'), newer ? '>=' : '<=', eb.tuple(ts, id));
}

/** The continue values of the title order and the time order. */
export const titleContinue = (row: ArchiveRow) => `${row.namespace}|${row.dbKey}|${row.timestamp}|${row.arId}`;
export const timeContinue = (row: ArchiveRow) => `${row.timestamp}|${row.arId}`;

/** The ids of the pages that now have the rows' titles, by `ns|dbKey` (titles without a page absent). */
export async function currentPageIds(ctx: ModuleContext, rows: readonly ArchiveRow[]): Promise<Map<string, number>> {
  const titles = new Map(rows.map((r) => [`${r.namespace}|${r.dbKey}`, r]));
  const ids = new Map<string, number>();
  if (titles.size === 0) return ids;
  const pages = await ctx.store.db
    .selectFrom('page')
    .select(['page_id', 'page_namespace', 'page_title'])
    .where((eb) =>
      eb.or(
        [...titles.values()].map((t) =>
          eb.and([eb('page_namespace', '=', t.namespace), eb('page_title', '=', t.dbKey)]),
        ),
      ),
    )
    .execute();
  for (const page of pages) ids.set(`${page.page_namespace}|${page.page_title}`, page.page_id);
  return ids;
}

/**
 * Writes a list of deleted revisions grouped by title: one entry per title (made by `entryOf`,
 * holding `revisions`) in the order titles first appear, each revision under its title's entry.
 * Stops at the first item that does not fit, continuing from its row.
 */
export function writeByTitle(
  ctx: ModuleContext,
  rows: readonly ArchiveRow[],
  items: readonly ResultObject[],
  continueAt: (row: ArchiveRow) => string,
  entryOf: (row: ArchiveRow, title: string, revisions: ResultObject[]) => ResultObject,
): void {
  const out = ctx.result.list('page');
  const byTitle = new Map<string, ResultObject[]>();
  for (const [i, row] of rows.entries()) {
    const item = items[i] as ResultObject;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(continueAt(row));
      return;
    }
    const key = `${row.namespace}|${row.dbKey}`;
    const revisions = byTitle.get(key);
    if (revisions) {
      revisions.push(item);
      continue;
    }
    const created = list('rev', [item]);
    byTitle.set(key, created);
    out.push(entryOf(row, ctx.titles.prefixedText(ctx.titles.make(row.namespace, row.dbKey)), created));
  }
}
