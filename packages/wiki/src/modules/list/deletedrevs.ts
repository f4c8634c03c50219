import { commentFormatterFor } from '../../api/comment-format.js';
import { apiError } from '../../api/errors.js';
import { parseContinueValue, prefixUpperBound, titlePartToKey } from '../../api/keyset.js';
import type { ContextOf, ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';
import { list, type ResultObject, withContent } from '../../api/result/tree.js';
import {
  type ArchiveRow,
  archiveEditorCondition,
  archiveRowsQuery,
  archiveTitlesCondition,
  timeContinue,
  timeKeyset,
  titleContinue,
  titleKeyset,
  writeByTitle,
} from '../support/deleted-revisions.js';
import {
  canSeeField,
  DELETED_COMMENT,
  DELETED_RESTRICTED,
  DELETED_TEXT,
  DELETED_USER,
} from '../support/hidden-content.js';
import { base36ToHex, revisionListLimit, tagsOfRevisions } from '../support/revision-output.js';

/** `list=deletedrevs`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'deletedrevs',
  group: 'list',
  prefix: 'dr',
  readrights: true,
  deprecated: true,
  source: 'MediaWiki',
  classname: 'ApiQueryDeletedrevs',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Deletedrevs',
  parameters: [
    { name: 'start', type: 'timestamp', info: [{ name: 'modes', values: [1, 2] }] },
    { name: 'end', type: 'timestamp', info: [{ name: 'modes', values: [1, 2] }] },
    { name: 'dir', type: ['newer', 'older'], default: 'older', info: [{ name: 'modes', values: [1, 3] }] },
    { name: 'from', type: 'string', info: [{ name: 'modes', values: [3] }] },
    { name: 'to', type: 'string', info: [{ name: 'modes', values: [3] }] },
    { name: 'prefix', type: 'string', info: [{ name: 'modes', values: [3] }] },
    { name: 'unique', type: 'boolean', info: [{ name: 'modes', values: [3] }] },
    { name: 'namespace', type: 'namespace', default: '0', info: [{ name: 'modes', values: [3] }] },
    { name: 'tag', type: 'string' },
    { name: 'user', type: 'user' },
    { name: 'excludeuser', type: 'user' },
    {
      name: 'prop',
      type: [
        'comment',
        'content',
        'len',
        'minor',
        'parentid',
        'parsedcomment',
        'revid',
        'sha1',
        'tags',
        'user',
        'userid',
        'token',
      ],
      default: 'user|comment',
      multi: true,
      deprecatedvalues: ['token'],
    },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

/** The module warns of its deprecation itself, after its permission check. */
export const reportsOwnDeprecation = true;

/** `You don't have permission to <action>.`, MediaWiki's answer to a missing right. */
function permissionDenied(right: string) {
  return apiError('permissiondenied', 'apierror-permissiondenied', [{ message: `action-${right}` }]);
}

/**
 * The deprecated list of deleted revisions, in its three modes: the revisions of the page set's
 * titles (mode 1, `ns|title|timestamp|ar_id`), one editor's (mode 2, `timestamp|ar_id`), or every
 * title of a namespace (mode 3, by title). Only for callers with `deletedhistory`.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  if (!ctx.user.rights.has('deletedhistory')) throw permissionDenied('deletedhistory');
  // MediaWiki checks the right before it warns that the module is deprecated.
  ctx.warn('apiwarn-deprecation-deletedrevs', [], 'deprecation', { feature: ctx.feature });
  ctx.readParametersAgain();
  const p = ctx.params;
  const props = new Set(p.prop);
  const titles = ctx.pages.allTitles();
  const mode = titles.length > 0 ? 1 : p.user !== undefined ? 2 : 3;
  const notHere = mode === 3 ? (['start', 'end'] as const) : (['from', 'to', 'prefix'] as const);
  for (const name of notHere) {
    if (p[name] === undefined) continue;
    throw apiError(
      'badparams',
      mode === 3 ? 'apierror-deletedrevs-param-not-3' : 'apierror-deletedrevs-param-not-1-2',
      [name],
    );
  }
  if (p.user !== undefined && p.excludeuser !== undefined) {
    throw apiError('badparams', 'user and excludeuser cannot be used together');
  }
  if (props.has('content') && !ctx.user.rights.has('deletedtext') && !ctx.user.rights.has('undelete')) {
    throw permissionDenied('deletedtext');
  }
  const limit = revisionListLimit(ctx, props.has('content') ? 'content' : 'plain');
  const newer = p.dir === 'newer';
  const order = newer ? 'asc' : 'desc';

  let query = archiveRowsQuery(ctx);
  const editor = archiveEditorCondition(ctx);
  if (editor) query = query.where(editor);
  if (mode === 1) {
    query = query.where((eb) => archiveTitlesCondition(eb, titles));
  } else if (mode === 3) {
    const ns = p.namespace;
    query = query.where('ar_namespace', '=', ns);
    const key = (part: string | undefined) => (part === undefined ? undefined : titlePartToKey(ctx.titles, part, ns));
    const from = key(p.from);
    const to = key(p.to);
    const prefix = key(p.prefix);
    if (from !== undefined) query = query.where('ar_title', newer ? '>=' : '<=', from);
    if (to !== undefined) query = query.where('ar_title', newer ? '<=' : '>=', to);
    if (prefix !== undefined) {
      query = query.where('ar_title', '>=', prefix).where('ar_title', '<', prefixUpperBound(prefix));
    }
  }
  if (mode !== 3) {
    if (p.start !== undefined) query = query.where('ar_timestamp', newer ? '>=' : '<=', p.start);
    if (p.end !== undefined) query = query.where('ar_timestamp', newer ? '<=' : '>=', p.end);
  }
  const byTime = mode === 2;
  // `unique`: each title once, with its first revision, in title order.
  const unique = mode === 3 && p.unique === true;
  const ascending = unique || newer;
  if (p.continue !== undefined) {
    query = byTime
      ? query.where(timeKeyset(parseContinueValue(p.continue, ['timestamp', 'int']), newer))
      : query.where(
          titleKeyset(
            parseContinueValue(p.continue, ['int', 'string', 'timestamp', 'int']),
            ascending,
            mode === 3 ? p.namespace : undefined,
          ),
        );
  }
  if (unique) {
    query = query.where((eb) =>
      eb(
        'ar_id',
        '=',
        eb
          .selectFrom('archive as first')
          .select('first.ar_id')
          .whereRef('first.ar_namespace', '=', 'archive.ar_namespace')
          .whereRef('first.ar_title', '=', 'archive.ar_title')
          .orderBy('first.ar_timestamp')
          .orderBy('first.ar_id')
          .limit(1),
      ),
    );
  }
  const direction = ascending ? 'asc' : order;
  if (mode === 1) query = query.orderBy('ar_namespace', direction);
  if (!byTime) query = query.orderBy('ar_title', direction);
  const rows: ArchiveRow[] = await query
    .orderBy('ar_timestamp', direction)
    .orderBy('ar_id', direction)
    .limit(limit + 1)
    .execute();
  const continueAt = byTime ? timeContinue : titleContinue;
  if (rows.length > limit) {
    ctx.setContinue(continueAt(rows[limit] as ArchiveRow));
    rows.length = limit;
  }
  await writeDeletedRevs(ctx, rows, props, continueAt);
};

/** The list's items: one per title with its revisions in MediaWiki's `deletedrevs` fields. */
async function writeDeletedRevs(
  ctx: ContextOf<typeof descriptor>,
  rows: readonly ArchiveRow[],
  props: ReadonlySet<string>,
  continueAt: (row: ArchiveRow) => string,
): Promise<void> {
  const revIds = rows.map((r) => r.revId);
  const texts = props.has('content') ? await mainTexts(ctx, revIds) : new Map<number, string>();
  const tags = props.has('tags') ? await tagsOfRevisions(ctx, revIds) : new Map<number, string[]>();
  const parsed = props.has('parsedcomment')
    ? await commentFormatterFor(ctx).format(
        rows.map((r) => ({ comment: r.comment, title: { namespace: r.namespace, dbKey: r.dbKey } })),
      )
    : [];
  const token = props.has('token') && ctx.user.rights.has('undelete') ? await ctx.session.token('csrf') : undefined;
  const items = rows.map((row, i) =>
    deletedRevItem(ctx, row, props, texts.get(row.revId), parsed[i], tags.get(row.revId)),
  );
  writeByTitle(ctx, rows, items, continueAt, (row, title, revisions) => {
    const entry: ResultObject = { revisions, ns: row.namespace, title };
    if (token !== undefined) entry.token = token;
    return entry;
  });
}

/** One revision as `deletedrevs` shows it (its own field order and forms: `len` as text). */
function deletedRevItem(
  ctx: ContextOf<typeof descriptor>,
  row: ArchiveRow,
  props: ReadonlySet<string>,
  text: string | undefined,
  parsedComment: string | undefined,
  tags: string[] | undefined,
): ResultObject {
  const rev: ResultObject = { timestamp: mwToIso(row.timestamp) };
  let anyHidden = false;
  const hidden = (field: typeof DELETED_TEXT | typeof DELETED_COMMENT | typeof DELETED_USER, marker: string) => {
    if ((row.deleted & field) !== 0) {
      rev[marker] = true;
      anyHidden = true;
    }
    return canSeeField(ctx.user, row.deleted, field);
  };
  if (props.has('revid')) rev.revid = row.revId;
  if (props.has('parentid') && row.parentId !== null) rev.parentid = row.parentId;
  if ((props.has('user') || props.has('userid')) && hidden(DELETED_USER, 'userhidden')) {
    if (props.has('user')) rev.user = row.actorName;
    if (props.has('userid')) rev.userid = row.actorUser ?? 0;
  }
  if ((props.has('comment') || props.has('parsedcomment')) && hidden(DELETED_COMMENT, 'commenthidden')) {
    if (props.has('comment')) rev.comment = row.comment;
    if (props.has('parsedcomment')) rev.parsedcomment = parsedComment ?? '';
  }
  if (props.has('minor')) rev.minor = row.minor === 1;
  if (props.has('len')) rev.len = row.len === null ? null : String(row.len);
  if (props.has('sha1') && hidden(DELETED_TEXT, 'sha1hidden')) rev.sha1 = base36ToHex(row.sha1);
  if (props.has('content') && hidden(DELETED_TEXT, 'texthidden')) {
    rev.text = text ?? '';
    withContent(rev, 'text');
  }
  if (props.has('tags')) rev.tags = list('tag', tags ?? []);
  if (anyHidden && (row.deleted & DELETED_RESTRICTED) !== 0) rev.suppressed = true;
  return rev;
}

/** The text of each revision's main slot. */
async function mainTexts(ctx: ContextOf<typeof descriptor>, revIds: readonly number[]): Promise<Map<number, string>> {
  if (revIds.length === 0) return new Map();
  const rows = await ctx.store.db
    .selectFrom('slots')
    .innerJoin('content', 'content_id', 'slot_content_id')
    .select(['slot_revision_id', 'content_text'])
    .where('slot_revision_id', 'in', revIds)
    .where('slot_role', '=', 'main')
    .execute();
  return new Map(rows.map((r) => [r.slot_revision_id, r.content_text ?? '']));
}

/** Who may keep the answer: only the caller (deleted revisions). */
export const cacheMode: ModuleCacheMode<typeof descriptor> = () => 'private';
