import { mutuallyExclusive } from '../../api/errors.js';
import { parseContinueValue } from '../../api/keyset.js';
import type { ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import type { ResultObject } from '../../api/result/tree.js';
import { REVISION_CONTENT_PARAMETERS, REVISION_TEMPLATED_PARAMETERS } from '../shared-parameters.js';
import { deletedPartsCacheMode } from '../support/cache-modes.js';
import {
  type ArchiveRow,
  archiveEditorCondition,
  archiveRowsQuery,
  archiveTitlesCondition,
  requireDeletedRights,
  titleContinue,
  titleKeyset,
} from '../support/deleted-revisions.js';
import { readRevisionRequest, revisionItems } from '../support/revision-output.js';

/** `prop=deletedrevisions`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'deletedrevisions',
  group: 'prop',
  prefix: 'drv',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryDeletedRevisions',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Deletedrevisions',
  parameters: [
    ...REVISION_CONTENT_PARAMETERS,
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'tag', type: 'string' },
    { name: 'user', type: 'user' },
    { name: 'excludeuser', type: 'user' },
    { name: 'continue', type: 'string' },
  ],
  templatedparameters: REVISION_TEMPLATED_PARAMETERS,
} as const satisfies ModuleDescriptor;

/**
 * The deleted revisions of the page set's titles (existing or not) by title and time
 * (`drvcontinue=ns|title|timestamp|ar_id`), or the deleted revisions `revids` named
 * (`revid|ar_id`). A generator hands the revisions to the page set.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const p = ctx.params;
  const titles = ctx.pages.allTitles();
  const revCount = [...ctx.pages.revisionIds.values()].reduce((n, ids) => n + ids.length, 0);
  const deletedIds = [...ctx.pages.deletedRevisionIds.keys()];
  if (revCount === 0 && titles.length === 0) return;
  if (revCount > 0 && deletedIds.length === 0) return;
  ctx.readParametersAgain();
  if (p.user !== undefined && p.excludeuser !== undefined) {
    throw mutuallyExclusive([ctx.paramName('user'), ctx.paramName('excludeuser')]);
  }
  const request = ctx.generator ? undefined : await readRevisionRequest(ctx);
  if (request) requireDeletedRights(ctx, request.props, request.readsTexts);
  const limit = request ? request.limit : (p.limit ?? 10);
  const newer = p.dir === 'newer';
  const order = newer ? 'asc' : 'desc';
  const byRevid = revCount > 0;

  let query = archiveRowsQuery(ctx);
  const editor = archiveEditorCondition(ctx);
  if (editor) query = query.where(editor);
  if (byRevid) {
    query = query.where('ar_rev_id', 'in', deletedIds);
    if (p.continue !== undefined) {
      const [revId, arId] = parseContinueValue(p.continue, ['int', 'int']);
      query = query.where((eb) => eb(eb.refTuple('ar_rev_id', 'ar_id'), newer ? '>=' : '<=', eb.tuple(revId, arId)));
    }
    query = query.orderBy('ar_rev_id', order);
  } else {
    query = query.where((eb) => archiveTitlesCondition(eb, titles));
    if (p.start !== undefined) query = query.where('ar_timestamp', newer ? '>=' : '<=', p.start);
    if (p.end !== undefined) query = query.where('ar_timestamp', newer ? '<=' : '>=', p.end);
    if (p.continue !== undefined) {
      const value = parseContinueValue(p.continue, ['int', 'string', 'timestamp', 'int']);
      query = query.where(titleKeyset(value, newer));
    }
    if (new Set(titles.map((t) => t.ns)).size > 1) query = query.orderBy('ar_namespace', order);
    if (titles.length > 1) query = query.orderBy('ar_title', order);
    query = query.orderBy('ar_timestamp', order);
  }
  const rows: ArchiveRow[] = await query
    .orderBy('ar_id', order)
    .limit(limit + 1)
    .execute();
  const continueAt = byRevid ? (row: ArchiveRow) => `${row.revId}|${row.arId}` : titleContinue;
  if (rows.length > limit) {
    ctx.setContinue(continueAt(rows[limit] as ArchiveRow));
    rows.length = limit;
  }
  if (ctx.generator) {
    ctx.generator.addRevisionIds(rows.map((r) => r.revId));
    return;
  }
  const pageOf = new Map(titles.map((t) => [`${t.ns}|${t.dbKey}`, t.pageid]));
  const items = await revisionItems(ctx, rows, { slots: request?.slots, diffs: request?.diffs });
  for (const [i, row] of rows.entries()) {
    const item = items[i] as ResultObject;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(continueAt(row));
      return;
    }
    const pageId = pageOf.get(`${row.namespace}|${row.dbKey}`);
    if (pageId !== undefined) ctx.result.pageList(pageId, 'deletedrevisions', 'rev')?.push(item);
  }
};

/** Who may keep the answer: only the caller when it may see deleted parts, else anyone. */
export const cacheMode: ModuleCacheMode<typeof descriptor> = (_params, user) => deletedPartsCacheMode(user);
