import { cannotUseWith, mustUseWith } from '../../api/errors.js';
import { parseContinueValue, prefixUpperBound, titlePartToKey } from '../../api/keyset.js';
import type { ContextOf, ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { REVISION_CONTENT_PARAMETERS, REVISION_TEMPLATED_PARAMETERS } from '../shared-parameters.js';
import { deletedPartsCacheMode } from '../support/cache-modes.js';
import {
  type ArchiveRow,
  archiveEditorCondition,
  archiveRowsQuery,
  currentPageIds,
  requireDeletedRights,
  timeContinue,
  timeKeyset,
  titleContinue,
  titleKeyset,
  writeByTitle,
} from '../support/deleted-revisions.js';
import { type RevisionRequest, readRevisionRequest, revisionItems } from '../support/revision-output.js';

/** `list=alldeletedrevisions`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'alldeletedrevisions',
  group: 'list',
  prefix: 'adr',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllDeletedRevisions',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Alldeletedrevisions',
  parameters: [
    ...REVISION_CONTENT_PARAMETERS,
    { name: 'user', type: 'user', info: [{ name: 'useronly' }] },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'start', type: 'timestamp', info: [{ name: 'useronly' }] },
    { name: 'end', type: 'timestamp', info: [{ name: 'useronly' }] },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'from', type: 'string', info: [{ name: 'nonuseronly' }] },
    { name: 'to', type: 'string', info: [{ name: 'nonuseronly' }] },
    { name: 'prefix', type: 'string', info: [{ name: 'nonuseronly' }] },
    { name: 'excludeuser', type: 'user', info: [{ name: 'nonuseronly' }] },
    { name: 'tag', type: 'string' },
    { name: 'continue', type: 'string' },
    { name: 'generatetitles', type: 'boolean' },
  ],
  templatedparameters: REVISION_TEMPLATED_PARAMETERS,
} as const satisfies ModuleDescriptor;

/**
 * Every deleted revision in title order (`adrcontinue=ns|title|timestamp|ar_id`, the archive's
 * `ar_name_title_timestamp` index), or one editor's by time (`timestamp|ar_id`,
 * `ar_actor_timestamp`), each title's revisions grouped under it.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  ctx.readParametersAgain();
  const p = ctx.params;
  const namespaces = p.namespace;
  if (namespaces !== undefined && namespaces.length === 0) {
    if (!ctx.generator) ctx.result.list('page');
    return;
  }
  const byUser = p.user !== undefined;
  const checks = byUser ? (['from', 'to', 'prefix', 'excludeuser'] as const) : (['start', 'end'] as const);
  for (const name of checks) {
    if (p[name] === undefined) continue;
    // Named with the module's own prefix even as a generator, as MediaWiki does.
    if (byUser) throw cannotUseWith(ctx.ownParamName(name), ctx.ownParamName('user'));
    throw mustUseWith(ctx.ownParamName(name), ctx.ownParamName('user'));
  }
  const newer = p.dir === 'newer';
  const distinctTitles = !byUser && p.generatetitles === true && ctx.generator !== undefined && newer;
  if (!byUser && p.generatetitles === true && ctx.generator && !newer) {
    ctx.warn('apiwarn-alldeletedrevisions-performance', [ctx.ownParamName('')], 'performance');
  }
  const request = ctx.generator ? undefined : await readRevisionRequest(ctx);
  if (request) requireDeletedRights(ctx, request.props, request.readsTexts);
  const limit = request ? request.limit : (p.limit ?? 10);
  const order = newer ? 'asc' : 'desc';

  let query = archiveRowsQuery(ctx);
  if (byUser) {
    if (namespaces !== undefined) query = query.where('ar_namespace', 'in', namespaces);
    if (p.start !== undefined) query = query.where('ar_timestamp', newer ? '>=' : '<=', p.start);
    if (p.end !== undefined) query = query.where('ar_timestamp', newer ? '<=' : '>=', p.end);
  } else {
    // Without `namespace`, every namespace: no condition, so that the index is read in order.
    if (namespaces !== undefined) query = query.where('ar_namespace', 'in', namespaces);
    const inNamespaces = namespaces ?? ctx.site.namespaces.map((ns) => ns.id).filter((id) => id >= 0);
    query = titleRangeConditions(ctx, query, inNamespaces, newer);
  }
  const editor = archiveEditorCondition(ctx);
  if (editor) query = query.where(editor);

  if (distinctTitles) {
    await generateDistinctTitles(ctx, query, limit, namespaces);
    return;
  }
  if (p.continue !== undefined) {
    query = byUser
      ? query.where(timeKeyset(parseContinueValue(p.continue, ['timestamp', 'int']), newer))
      : query.where(
          titleKeyset(
            parseContinueValue(p.continue, ['int', 'string', 'timestamp', 'int']),
            newer,
            namespaces?.length === 1 ? namespaces[0] : undefined,
          ),
        );
  }
  if (byUser) {
    query = query.orderBy('ar_timestamp', order);
  } else {
    if (namespaces === undefined || namespaces.length > 1) query = query.orderBy('ar_namespace', order);
    query = query.orderBy('ar_title', order).orderBy('ar_timestamp', order);
  }
  const rows: ArchiveRow[] = await query
    .orderBy('ar_id', order)
    .limit(limit + 1)
    .execute();
  const continueAt = byUser ? timeContinue : titleContinue;
  if (rows.length > limit) {
    ctx.setContinue(continueAt(rows[limit] as ArchiveRow));
    rows.length = limit;
  }

  if (ctx.generator) {
    if (p.generatetitles === true)
      ctx.generator.addTitles(rows.map((r) => ({ namespace: r.namespace, dbKey: r.dbKey })));
    else ctx.generator.addRevisionIds(rows.map((r) => r.revId));
    return;
  }
  await writeGroupedByTitle(ctx, rows, request as RevisionRequest, continueAt);
};

/** `from`, `to` and `prefix`, as keys of each namespace searched (they differ where case does). */
function titleRangeConditions<Q extends ReturnType<typeof archiveRowsQuery>>(
  ctx: ContextOf<typeof descriptor>,
  query: Q,
  namespaces: readonly number[],
  newer: boolean,
): Q {
  const p = ctx.params;
  if (p.from === undefined && p.to === undefined && p.prefix === undefined) return query;
  const byKeys = new Map<string, { keys: (string | undefined)[]; namespaces: number[] }>();
  for (const ns of namespaces) {
    const keys = [p.from, p.to, p.prefix].map((part) =>
      part === undefined ? undefined : titlePartToKey(ctx.titles, part, ns),
    );
    const id = JSON.stringify(keys);
    const entry = byKeys.get(id) ?? { keys, namespaces: [] };
    entry.namespaces.push(ns);
    byKeys.set(id, entry);
  }
  return query.where((eb) =>
    eb.or(
      [...byKeys.values()].map(({ keys: [from, to, prefix], namespaces: inNs }) => {
        const conditions = [eb('ar_namespace', 'in', inNs)];
        if (from !== undefined) conditions.push(eb('ar_title', newer ? '>=' : '<=', from));
        if (to !== undefined) conditions.push(eb('ar_title', newer ? '<=' : '>=', to));
        if (prefix !== undefined) {
          conditions.push(eb('ar_title', '>=', prefix), eb('ar_title', '<', prefixUpperBound(prefix)));
        }
        return eb.and(conditions);
      }),
    ),
  ) as Q;
}

/** As a generator of titles in `newer` order: each deleted title once (`adrcontinue=ns|title`). */
async function generateDistinctTitles(
  ctx: ContextOf<typeof descriptor>,
  query: ReturnType<typeof archiveRowsQuery>,
  limit: number,
  namespaces: number[] | undefined,
): Promise<void> {
  let titles = query.clearSelect().select(['ar_namespace', 'ar_title']).distinct();
  if (ctx.params.continue !== undefined) {
    const [ns, title] = parseContinueValue(ctx.params.continue, ['int', 'string']);
    titles = titles.where((eb) => eb(eb.refTuple('ar_namespace', 'ar_title'), '>=', eb.tuple(ns, title)));
  }
  if (namespaces === undefined || namespaces.length > 1) titles = titles.orderBy('ar_namespace');
  const rows = await titles
    .orderBy('ar_title')
    .limit(limit + 1)
    .execute();
  if (rows.length > limit) {
    const next = rows[limit] as { ar_namespace: number; ar_title: string };
    ctx.setContinue(`${next.ar_namespace}|${next.ar_title}`);
    rows.length = limit;
  }
  ctx.generator?.addTitles(rows.map((r) => ({ namespace: r.ar_namespace, dbKey: r.ar_title })));
}

/**
 * The list's items: one per title, in the order titles first appear, with every listed revision
 * of the title under it; `pageid` is the id of the page that has the title now (0 when none).
 */
async function writeGroupedByTitle(
  ctx: ContextOf<typeof descriptor>,
  rows: readonly ArchiveRow[],
  request: RevisionRequest,
  continueAt: (row: ArchiveRow) => string,
): Promise<void> {
  const items = await revisionItems(ctx, rows, { slots: request.slots, diffs: request.diffs });
  const pageIds = await currentPageIds(ctx, rows);
  writeByTitle(ctx, rows, items, continueAt, (row, title, revisions) => ({
    pageid: pageIds.get(`${row.namespace}|${row.dbKey}`) ?? 0,
    revisions,
    ns: row.namespace,
    title,
  }));
}

/** Who may keep the answer: only the caller when it may see deleted parts, else anyone. */
export const cacheMode: ModuleCacheMode<typeof descriptor> = (_params, user) => deletedPartsCacheMode(user);
