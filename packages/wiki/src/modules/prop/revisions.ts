import { apiError, mutuallyExclusive } from '../../api/errors.js';
import { parseContinueValue, phpIntval } from '../../api/keyset.js';
import type { ContextOf, ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { PageRecord } from '../../api/pageset.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { fitsIdColumn } from '../../store/dialect.js';
import { keptRows } from '../../store/row-cache.js';
import { REVISION_CONTENT_PARAMETERS, REVISION_TEMPLATED_PARAMETERS, SINGLE_PAGE_ONLY } from '../shared-parameters.js';
import { deletedPartsCacheMode } from '../support/cache-modes.js';
import { DELETED_USER, exclusionMask } from '../support/hidden-content.js';
import { applied, rowsOf } from '../support/query-parts.js';
import {
  editorFilter,
  type RevisionRow,
  readRevisionRequest,
  revisionColumnsKey,
  revisionItems,
  revisionRowsQuery,
} from '../support/revision-output.js';

/** `prop=revisions`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'revisions',
  group: 'prop',
  prefix: 'rv',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryRevisions',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Revisions',
  parameters: [
    ...REVISION_CONTENT_PARAMETERS.map((p) => (p.name === 'limit' ? { ...p, info: SINGLE_PAGE_ONLY } : p)),
    { name: 'startid', type: 'integer', info: SINGLE_PAGE_ONLY },
    { name: 'endid', type: 'integer', info: SINGLE_PAGE_ONLY },
    { name: 'start', type: 'timestamp', info: SINGLE_PAGE_ONLY },
    { name: 'end', type: 'timestamp', info: SINGLE_PAGE_ONLY },
    { name: 'dir', type: ['newer', 'older'], default: 'older', info: SINGLE_PAGE_ONLY },
    { name: 'user', type: 'user', info: SINGLE_PAGE_ONLY },
    { name: 'excludeuser', type: 'user', info: SINGLE_PAGE_ONLY },
    { name: 'tag', type: 'string' },
    { name: 'continue', type: 'string' },
  ],
  templatedparameters: REVISION_TEMPLATED_PARAMETERS,
} as const satisfies ModuleDescriptor;

/** The parameters that make the module list a page's history rather than its latest revision. */
const ENUMERATION_PARAMETERS = ['limit', 'startid', 'endid', 'start', 'end', 'user', 'excludeuser'] as const;

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  ctx.readParametersAgain();
  const p = ctx.params;
  const enumerating = ENUMERATION_PARAMETERS.some((name) => p[name] !== undefined) || p.dir === 'newer';
  const revids = ctx.pages.revisionIds;
  // The module's own prefix, as a generator too (MediaWiki's message names `rvlimit`).
  const prefix = ctx.ownParamName('');
  const pages = ctx.pages.goodPages();
  // Without pages, or with only revisions that are deleted, nothing is checked: nothing to do.
  if (revids.size === 0 && pages.length === 0) return;
  if (revids.size > 0 && ctx.pages.liveRevisionIds().length === 0) return;
  if (revids.size > 0 && enumerating) {
    throw apiError('invalidparammix', 'apierror-revisions-norevids', [prefix]);
  }
  if (enumerating && pages.length > 1) {
    throw apiError('invalidparammix', 'apierror-revisions-singlepage', [prefix]);
  }
  // The content parameters are read once the mode is known to be allowed; outside a page's
  // history the limit is what a batch may hold.
  const request = await readRevisionRequest(ctx, { batch: !enumerating });
  const { slots, diffs } = request;
  // In MediaWiki's order, each pair named id first.
  if (p.start !== undefined && p.startid !== undefined) {
    throw mutuallyExclusive([ctx.paramName('startid'), ctx.paramName('start')]);
  }
  if (p.end !== undefined && p.endid !== undefined) {
    throw mutuallyExclusive([ctx.paramName('endid'), ctx.paramName('end')]);
  }
  if (p.user !== undefined && p.excludeuser !== undefined) {
    throw mutuallyExclusive([ctx.paramName('user'), ctx.paramName('excludeuser')]);
  }
  // As a generator MediaWiki takes `limit` as it is (10 when absent, whatever the mode); a page's
  // history is limited by `limit` (`max`: 50 with content, 500 without); the other modes take as
  // many revisions as a batch may hold.
  const limit = request.limit;
  const rows = enumerating
    ? await historyOfPage(ctx, pages[0], limit)
    : revids.size > 0
      ? await requestedRevisions(ctx, limit)
      : await latestRevisions(ctx, pages, limit);
  if (rows.length === 0) return;

  if (ctx.generator) {
    // As MediaWiki's revision generators: the revisions themselves go to the page set.
    ctx.generator.addRevisionIds(rows.map((r) => r.revId));
    return;
  }
  const items = await revisionItems(ctx, rows, { slots, diffs, unchanged: true });
  for (const [i, item] of items.entries()) {
    if (!ctx.result.fits(item)) {
      ctx.setContinue(continueFrom(rows[i] as RevisionRow, enumerating, revids.size > 0));
      return;
    }
    // A revision asked for by id goes under its page even where the set left the page out.
    ctx.result.pageList((rows[i] as RevisionRow).pageId, 'revisions', 'rev', revids.size > 0)?.push(item);
  }
};

/** The continue value that resumes at `row`, in MediaWiki's form for the mode. */
function continueFrom(row: RevisionRow, enumerating: boolean, byRevid: boolean): string | number {
  if (enumerating) return `${row.timestamp}|${row.revId}`;
  return byRevid ? row.revId : `${row.pageId}|${row.revId}`;
}

/** Keeps the first `limit` rows; a further row becomes the continue point. */
function takeBatch(
  ctx: ContextOf<typeof descriptor>,
  rows: RevisionRow[],
  limit: number,
  value: (row: RevisionRow) => string | number,
) {
  if (rows.length > limit) {
    ctx.setContinue(value(rows[limit] as RevisionRow));
    rows.length = limit;
  }
  return rows;
}

/** The latest revision of each page, by page id (`rvcontinue=pageid|revid`, as MediaWiki's). */
async function latestRevisions(
  ctx: ContextOf<typeof descriptor>,
  pages: readonly PageRecord[],
  limit: number,
): Promise<RevisionRow[]> {
  let ids = pages.map((page) => page.latest);
  if (ctx.params.continue !== undefined) {
    // Two fields, each cast as PHP casts text to a number (`A|1` reads as 0|1), as MediaWiki does.
    const [fromPage, fromRev] = parseContinueValue(ctx.params.continue, ['phpint', 'phpint']);
    ids = pages
      .filter((page) => page.pageid > fromPage || (page.pageid === fromPage && page.latest >= fromRev))
      .map((page) => page.latest);
  }
  if (ids.length === 0) return [];
  const rows = await revisionsById(ctx, ids.slice(0, limit + 1));
  // In page id order: one revision a page, so sorted here rather than by SQLite (whose sort of the
  // rows took a quarter of the query's time for 50 pages).
  rows.sort((a, b) => a.pageId - b.pageId);
  return takeBatch(ctx, rows, limit, (row) => `${row.pageId}|${row.revId}`);
}

/** The revisions `revids` named, by revision id (`rvcontinue` is a revision id). */
async function requestedRevisions(ctx: ContextOf<typeof descriptor>, limit: number): Promise<RevisionRow[]> {
  let ids = ctx.pages.liveRevisionIds().sort((a, b) => a - b);
  if (ctx.params.continue !== undefined) {
    // The whole value cast as PHP casts text to a number, unchecked, as MediaWiki reads it.
    const from = phpIntval(ctx.params.continue);
    ids = ids.filter((id) => id >= from);
  }
  if (ids.length === 0) return [];
  const rows = await revisionsById(ctx, ids.slice(0, limit + 1));
  rows.sort((a, b) => a.revId - b.revId);
  return takeBatch(ctx, rows, limit, (row) => row.revId);
}

/**
 * The revisions of these ids, in no particular order: a query compiled once per number of ids
 * (building and compiling it took about 50 µs a request for 50 pages), or each time with `tag`,
 * whose condition holds values of its own.
 */
async function revisionsById(ctx: ContextOf<typeof descriptor>, ids: number[]): Promise<RevisionRow[]> {
  const name = `revisions ${revisionColumnsKey(ctx)}`;
  const tagged = ctx.params.tag !== undefined;
  const read = (wanted: number[]) => {
    const parts = [
      { key: `ids${wanted.length}`, values: wanted, apply: (q: RevisionQuery) => q.where('rev_id', 'in', wanted) },
    ];
    return rowsOf(ctx.store.db, name, parts, () => applied(parts, revisionRowsQuery(ctx)), {
      compiledEachTime: tagged,
    });
  };
  // Without a tag the rows are those of the ids: kept between requests (store/row-cache.ts).
  return (tagged ? undefined : await keptRows(ctx.store, name, ids, (row) => row.revId, read)) ?? read(ids);
}

type RevisionQuery = ReturnType<typeof revisionRowsQuery>;

/**
 * The timestamp of a revision named by `startid`/`endid`, a deleted one's too (MediaWiki reads the
 * archive as well), or `badid_<param>` when there is none.
 */
async function timestampOfRevision(
  ctx: ContextOf<typeof descriptor>,
  revId: number,
  param: 'startid' | 'endid',
): Promise<string> {
  const { db } = ctx.store;
  const storable = fitsIdColumn(db, revId);
  const row = !storable
    ? undefined
    : ((await db.selectFrom('revision').select('rev_timestamp as ts').where('rev_id', '=', revId).executeTakeFirst()) ??
      (await db.selectFrom('archive').select('ar_timestamp as ts').where('ar_rev_id', '=', revId).executeTakeFirst()));
  if (!row) {
    const name = ctx.paramName(param);
    throw apiError(`badid_${name}`, 'apierror-revisions-badid', [name]);
  }
  return row.ts;
}

/** A page's history in either direction, filtered and bounded (`rvcontinue=timestamp|revid`). */
async function historyOfPage(
  ctx: ContextOf<typeof descriptor>,
  page: PageRecord | undefined,
  limit: number,
): Promise<RevisionRow[]> {
  if (!page) return [];
  const p = ctx.params;
  const newer = p.dir === 'newer';
  const after = newer ? '>=' : '<=';
  const before = newer ? '<=' : '>=';
  let query = revisionRowsQuery(ctx).where('rev_page', '=', page.pageid);
  if (p.start !== undefined) query = query.where('rev_timestamp', after, p.start);
  if (p.end !== undefined) query = query.where('rev_timestamp', before, p.end);
  if (p.startid !== undefined) {
    const id = p.startid;
    const ts = await timestampOfRevision(ctx, id, 'startid');
    query = query.where((eb) => eb(eb.refTuple('rev_timestamp', 'rev_id'), after, eb.tuple(ts, id)));
  }
  if (p.endid !== undefined) {
    const id = p.endid;
    const ts = await timestampOfRevision(ctx, id, 'endid');
    query = query.where((eb) => eb(eb.refTuple('rev_timestamp', 'rev_id'), before, eb.tuple(ts, id)));
  }
  if (p.continue !== undefined) {
    const [ts, id] = parseContinueValue(p.continue, ['timestamp', 'looseint']);
    query = query.where((eb) => eb(eb.refTuple('rev_timestamp', 'rev_id'), after, eb.tuple(ts, id)));
  }
  const editor = await editorFilter(ctx);
  if (editor === 'nobody') return [];
  if (editor) {
    query = query.where('rev_actor', editor.exclude ? '!=' : '=', editor.actorId);
    // Filtering by editor must not reveal revisions whose editor is hidden from the caller.
    const mask = exclusionMask(ctx.user, DELETED_USER);
    if (mask !== 0) query = query.where((eb) => eb(eb('rev_deleted', '&', mask), '!=', mask));
  }
  const order = newer ? 'asc' : 'desc';
  const rows = await query
    .orderBy('rev_timestamp', order)
    .orderBy('rev_id', order)
    .limit(limit + 1)
    .execute();
  return takeBatch(ctx, rows, limit, (row) => `${row.timestamp}|${row.revId}`);
}

/** Who may keep the answer: only the caller when it may see deleted parts, else anyone. */
export const cacheMode: ModuleCacheMode<typeof descriptor> = (_params, user) => deletedPartsCacheMode(user);
