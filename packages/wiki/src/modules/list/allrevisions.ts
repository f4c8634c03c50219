import { mutuallyExclusive } from '../../api/errors.js';
import { parseContinueValue } from '../../api/keyset.js';
import type { ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { list, type ResultObject } from '../../api/result/tree.js';
import { REVISION_CONTENT_PARAMETERS, REVISION_TEMPLATED_PARAMETERS } from '../shared-parameters.js';
import { deletedPartsCacheMode } from '../support/cache-modes.js';
import { DELETED_USER, exclusionMask } from '../support/hidden-content.js';
import {
  editorFilter,
  type RevisionRow,
  readRevisionRequest,
  revisionItems,
  revisionRowsQuery,
} from '../support/revision-output.js';

/** `list=allrevisions`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'allrevisions',
  group: 'list',
  prefix: 'arv',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllRevisions',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allrevisions',
  parameters: [
    ...REVISION_CONTENT_PARAMETERS,
    { name: 'user', type: 'user' },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'excludeuser', type: 'user' },
    { name: 'continue', type: 'string' },
    { name: 'generatetitles', type: 'boolean' },
  ],
  templatedparameters: REVISION_TEMPLATED_PARAMETERS,
} as const satisfies ModuleDescriptor;

/**
 * Every revision of the wiki by timestamp (`arvcontinue=timestamp|revid`), or one editor's
 * (read from the editor's index), grouped into consecutive runs of the same page as MediaWiki
 * groups them.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  ctx.readParametersAgain();
  const p = ctx.params;
  if (p.user !== undefined && p.excludeuser !== undefined) {
    throw mutuallyExclusive([ctx.paramName('user'), ctx.paramName('excludeuser')]);
  }
  const { slots, diffs, limit } = await readRevisionRequest(ctx);
  const newer = p.dir === 'newer';
  const order = newer ? 'asc' : 'desc';
  const after = newer ? '>=' : '<=';
  const before = newer ? '<=' : '>=';

  let query = revisionRowsQuery(ctx);
  const editor = await editorFilter(ctx);
  // The continue value is read even when no revision can match (an editor who never edited).
  const continueFrom = p.continue === undefined ? undefined : parseContinueValue(p.continue, ['timestamp', 'int']);
  if (editor === 'nobody') {
    if (!ctx.generator) ctx.result.list('page');
    return;
  }
  if (editor) {
    query = query.where('rev_actor', editor.exclude ? '!=' : '=', editor.actorId);
    // Listing by editor must not reveal revisions whose editor is hidden from the caller.
    const mask = exclusionMask(ctx.user, DELETED_USER);
    if (mask !== 0) query = query.where((eb) => eb(eb('rev_deleted', '&', mask), '!=', mask));
  }
  const namespaces = p.namespace;
  if (namespaces !== undefined) query = query.where('page_namespace', 'in', namespaces.length ? namespaces : [-999]);
  if (p.start !== undefined) query = query.where('rev_timestamp', after, p.start);
  if (p.end !== undefined) query = query.where('rev_timestamp', before, p.end);
  if (continueFrom !== undefined) {
    const [ts, id] = continueFrom;
    query = query.where((eb) => eb(eb.refTuple('rev_timestamp', 'rev_id'), after, eb.tuple(ts, id)));
  }
  const rows: RevisionRow[] = await query
    .orderBy('rev_timestamp', order)
    .orderBy('rev_id', order)
    .limit(limit + 1)
    .execute();
  const continueAt = (row: RevisionRow) => `${row.timestamp}|${row.revId}`;
  if (rows.length > limit) {
    ctx.setContinue(continueAt(rows[limit] as RevisionRow));
    rows.length = limit;
  }

  if (ctx.generator) {
    // Prop modules that continue re-run the generator from this batch's first revision.
    if (rows.length > 0) ctx.setGeneratorNonContinue(continueAt(rows[0] as RevisionRow));
    // The revisions go to the page set (prop modules then show those revisions); with
    // `generatetitles`, their pages.
    if (p.generatetitles === true) ctx.generator.addPageIds([...new Set(rows.map((r) => r.pageId))], 'byId');
    else ctx.generator.addRevisionIds(rows.map((r) => r.revId));
    return;
  }
  const items = await revisionItems(ctx, rows, { slots, diffs });
  const out = ctx.result.list('page');
  // A page's revisions of the batch gather under its first entry, as MediaWiki lists them.
  const byPage = new Map<number, ResultObject[]>();
  for (const [i, row] of rows.entries()) {
    const item = items[i] as ResultObject;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(continueAt(row));
      return;
    }
    const revisions = byPage.get(row.pageId);
    if (revisions) {
      revisions.push(item);
      continue;
    }
    const created = list('rev', [item]);
    byPage.set(row.pageId, created);
    out.push({
      pageid: row.pageId,
      revisions: created,
      ns: row.namespace,
      title: ctx.titles.prefixedText(ctx.titles.make(row.namespace, row.dbKey)),
    });
  }
};

/** Who may keep the answer: only the caller when it may see deleted parts, else anyone. */
export const cacheMode: ModuleCacheMode<typeof descriptor> = (_params, user) => deletedPartsCacheMode(user);
