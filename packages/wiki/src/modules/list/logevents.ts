import { sql } from 'kysely';
import { commentFormatterFor } from '../../api/comment-format.js';
import { apiError, invalidTitle, mutuallyExclusive } from '../../api/errors.js';
import { prefixUpperBound } from '../../api/keyset.js';
import type { ContextOf, ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';
import { assoc, type ResultObject, list as resultList } from '../../api/result/tree.js';
import type { WikiStore } from '../../store/database.js';
import { escapeWikiText } from '../../text/escape-wikitext.js';
import { deletedPartsCacheMode, parsedCommentCacheMode } from '../support/cache-modes.js';
import { tagCondition, tagsOf } from '../support/change-tags.js';
import { addFittingItems, pageOfRows } from '../support/list-ending.js';
import { logParamsForApi } from '../support/log-params.js';
import { LogVisibility, logSearchMask, restrictedLogTypes } from '../support/log-visibility.js';
import { type QueryPart, rowsByTime } from '../support/query-parts.js';
import { timeRangeParts } from '../support/time-range.js';

/** `list=logevents`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'logevents',
  group: 'list',
  prefix: 'le',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryLogEvents',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Logevents',
  parameters: [
    {
      name: 'prop',
      type: ['comment', 'details', 'ids', 'parsedcomment', 'tags', 'timestamp', 'title', 'type', 'user', 'userid'],
      default: 'ids|title|type|user|timestamp|comment|details',
      multi: true,
    },
    {
      name: 'type',
      type: [
        'renameuser',
        'titleblacklist',
        '',
        'block',
        'protect',
        'rights',
        'delete',
        'upload',
        'move',
        'import',
        'patrol',
        'merge',
        'suppress',
        'tag',
        'managetags',
        'contentmodel',
        'newusers',
        'create',
        'interwiki',
      ],
    },
    {
      name: 'action',
      checkedByModule: true,
      type: [
        'block/block',
        'block/reblock',
        'block/unblock',
        'contentmodel/change',
        'contentmodel/new',
        'create/create',
        'delete/delete',
        'delete/delete_redir',
        'delete/delete_redir2',
        'delete/event',
        'delete/restore',
        'delete/revision',
        'import/interwiki',
        'import/upload',
        'interwiki/iw_add',
        'interwiki/iw_delete',
        'interwiki/iw_edit',
        'managetags/activate',
        'managetags/create',
        'managetags/deactivate',
        'managetags/delete',
        'merge/merge',
        'merge/merge-into',
        'move/move',
        'move/move_redir',
        'newusers/autocreate',
        'newusers/byemail',
        'newusers/create',
        'newusers/create2',
        'newusers/newusers',
        'patrol/autopatrol',
        'patrol/patrol',
        'protect/modify',
        'protect/move_prot',
        'protect/protect',
        'protect/unprotect',
        'renameuser/renameuser',
        'rights/autopromote',
        'rights/rights',
        'suppress/block',
        'suppress/delete',
        'suppress/event',
        'suppress/reblock',
        'suppress/revision',
        'tag/update',
        'titleblacklist/*',
        'upload/overwrite',
        'upload/revert',
        'upload/upload',
      ],
    },
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'ids', type: 'integer', multi: true },
    { name: 'user', type: 'user' },
    { name: 'title', type: 'string' },
    { name: 'namespace', type: 'namespace', extranamespaces: [-2, -1] },
    { name: 'prefix', type: 'string' },
    { name: 'tag', type: 'string' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

const ACTION_PARAM = descriptor.parameters.find((param) => param.name === 'action');
const KNOWN_ACTIONS = new Set(ACTION_PARAM?.type as readonly string[]);

/**
 * The log type and action `action` names: a listed `type/action`, or any action of a type listed
 * as `type/*` (TitleBlacklist's actions). Anything else is MediaWiki's `unknown_leaction`.
 */
function typeAndAction(ctx: Parameters<ModuleExecute>[0], value: string): [string, string] {
  const slash = value.indexOf('/');
  const type = value.slice(0, slash);
  if (slash < 0 || !(KNOWN_ACTIONS.has(value) || KNOWN_ACTIONS.has(`${type}/*`))) {
    const name = ctx.paramName('action');
    throw apiError(`unknown_${name}`, 'apierror-unrecognizedvalue', [name, escapeWikiText(value)]);
  }
  return [type, value.slice(slash + 1)];
}

/** The entries with their performer and page, before any condition. */
function logQuery(db: WikiStore['db']) {
  return db
    .selectFrom('logging')
    .innerJoin('actor', 'actor_id', 'log_actor')
    .leftJoin('page', (join) =>
      join.onRef('page_namespace', '=', 'log_namespace').onRef('page_title', '=', 'log_title'),
    )
    .select([
      'log_id',
      'log_type',
      'log_action',
      'log_timestamp',
      'log_namespace',
      'log_title',
      'log_page',
      'log_comment',
      'log_params',
      'log_deleted',
      'actor_name',
      'actor_user',
      'page_id',
    ]);
}

type LogQuery = ReturnType<typeof logQuery>;

type Context = ContextOf<typeof descriptor>;
type LogRow = Awaited<ReturnType<LogQuery['execute']>>[number];

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const p = ctx.params;
  const given = (['title', 'namespace', 'prefix'] as const).filter((n) => p[n] !== undefined);
  // Named in the order the module declares them (title before prefix), as MediaWiki does.
  if (given.length > 1) throw mutuallyExclusive(given.map((n) => ctx.paramName(n)));
  const parts = await conditions(ctx);
  const rows = await rowsByTime(ctx.store.db, 'logevents', parts, logQuery, {
    timestamp: 'log_timestamp',
    id: 'log_id',
    direction: p.dir === 'newer' ? 'asc' : 'desc',
    limit: p.limit,
    compiledEachTime: p.tag !== undefined,
    keepRowsOf: ctx.store,
    idsFrom: (d: WikiStore['db']) => d.selectFrom('logging'),
  });
  ctx.result.list('item');
  const continueAt = (row: LogRow) => `${row.log_timestamp}|${row.log_id}`;
  pageOfRows(ctx, rows, p.limit, continueAt);
  addFittingItems(ctx, ctx.result.list('item'), rows, await itemMaker(ctx, rows), continueAt);
};

/** The query's conditions, in order, each with its values: the query is compiled once per shape. */
async function conditions(ctx: Context): Promise<QueryPart<LogQuery>[]> {
  const p = ctx.params;
  const { db } = ctx.store;
  const parts: QueryPart<LogQuery>[] = [];
  const part = (key: string, values: unknown[], apply: QueryPart<LogQuery>['apply']) =>
    parts.push({ key, values, apply });

  const action = p.action;
  if (action !== undefined) {
    const [type, name] = typeAndAction(ctx, action);
    part('action', [type, name], (q) => q.where('log_type', '=', type).where('log_action', '=', name));
  } else if (p.type !== undefined) {
    const type = p.type;
    part('type', [type], (q) => q.where('log_type', '=', type));
  }
  const hiddenTypes = restrictedLogTypes(ctx.user);
  if (hiddenTypes.length > 0) {
    part(`hidden${hiddenTypes.length}`, hiddenTypes, (q) => q.where('log_type', 'not in', hiddenTypes));
  }
  for (const { key, values, condition } of timeRangeParts(p, 'log_timestamp', 'log_id')) {
    part(key, values, (q) => q.where(condition));
  }
  const ids = p.ids;
  // An empty list (`leids=`) filters nothing, as MediaWiki adds no condition for one.
  if (ids !== undefined && ids.length > 0) part(`ids${ids.length}`, ids, (q) => q.where('log_id', 'in', ids));

  const user = p.user;
  if (user !== undefined) {
    const actor = await db.selectFrom('actor').select('actor_id').where('actor_name', '=', user).executeTakeFirst();
    const actorId = actor?.actor_id ?? -1;
    part('user', [actorId], (q) => q.where('log_actor', '=', actorId));
  }
  let byPage = false;
  const title = p.title;
  if (title !== undefined) {
    const parsed = ctx.titles.parse(title);
    if (!parsed.ok || parsed.title.interwiki !== '') throw invalidTitle(title);
    const { namespace, dbKey } = parsed.title;
    part('title', [namespace, dbKey], (q) => q.where('log_namespace', '=', namespace).where('log_title', '=', dbKey));
    byPage = true;
  }
  const prefix = p.prefix;
  if (prefix !== undefined) {
    const parsed = ctx.titles.parse(prefix);
    if (!parsed.ok || parsed.title.interwiki !== '') throw invalidTitle(prefix);
    const { namespace, dbKey } = parsed.title;
    const upper = prefixUpperBound(dbKey);
    part('prefix', [namespace, dbKey, upper], (q) =>
      q.where('log_namespace', '=', namespace).where('log_title', '>=', dbKey).where('log_title', '<', upper),
    );
    byPage = true;
  }
  if (p.namespace !== undefined) {
    const namespace = p.namespace;
    // A filter on the time-ordered scan, not a read of the page index sorted afterwards.
    part('namespace', [namespace], (q) => q.where(sql<boolean>`+log_namespace = ${namespace}`));
    byPage = true;
  }
  // Searching by page or by user must not reveal entries whose page or user is hidden.
  const masks = logSearchMask(ctx.user);
  for (const mask of [byPage ? masks.action : 0, user !== undefined ? masks.user : 0]) {
    if (mask === 0) continue;
    part('mask', [mask, mask], (q) => q.where((eb) => eb(eb('log_deleted', '&', mask), '!=', mask)));
  }
  const tag = p.tag;
  // A tag's condition holds values of its own: a query with one is compiled each time.
  if (tag !== undefined) {
    const tagged = await tagCondition(ctx, 'logging', tag);
    part('tag', [], (q) => q.where(tagged));
  }
  return parts;
}

/** Reads what the props need beyond the rows (tags, parsed comments); gives the item of a row. */
async function itemMaker(ctx: Context, rows: readonly LogRow[]): Promise<(row: LogRow, index: number) => ResultObject> {
  const props = new Set(ctx.params.prop);
  const tags = props.has('tags')
    ? await tagsOf(
        ctx,
        'logging',
        rows.map((r) => r.log_id),
      )
    : new Map<number, string[]>();
  const parsed = props.has('parsedcomment')
    ? await commentFormatterFor(ctx).format(
        rows.map((r) => ({ comment: r.log_comment, title: { namespace: r.log_namespace, dbKey: r.log_title } })),
      )
    : [];
  return (row, i) => {
    // An object even when no property was asked for (`{}`, not `[]`, in formatversion 1).
    const item: ResultObject = assoc({});
    const visibility = new LogVisibility(ctx.user, row.log_deleted);
    if (props.has('ids')) item.logid = row.log_id;
    // Details alone mark a hidden action only when the entry has parameters, as in MediaWiki.
    const actionShown = props.has('title') || props.has('ids') || (props.has('details') && row.log_params !== '');
    if (actionShown && visibility.action(item)) {
      if (props.has('title')) {
        item.ns = row.log_namespace;
        item.title = ctx.titles.prefixedText(ctx.titles.make(row.log_namespace, row.log_title));
      }
      if (props.has('ids')) {
        item.pageid = row.page_id ?? 0;
        item.logpage = row.log_page ?? 0;
      }
      if (props.has('details')) {
        item.params = logParamsForApi(
          {
            type: row.log_type,
            action: row.log_action,
            timestamp: row.log_timestamp,
            titles: ctx.titles,
            id: row.log_id,
          },
          row.log_params,
        );
      }
    }
    if (props.has('type')) {
      item.type = row.log_type;
      item.action = row.log_action;
    }
    visibility.user(item, { name: row.actor_name, id: row.actor_user ?? 0 }, props.has('user'), props.has('userid'));
    if (props.has('timestamp')) item.timestamp = mwToIso(row.log_timestamp);
    visibility.comment(
      item,
      row.log_comment,
      props.has('comment'),
      props.has('parsedcomment') ? () => parsed[i] as string : undefined,
    );
    if (props.has('tags')) item.tags = resultList('tag', tags.get(row.log_id) ?? []);
    visibility.finish(item);
    return item;
  };
}

/**
 * Who may keep the answer: only the caller when it may see deleted parts; with parsed comments
 * (in the reader's language) callers without a session; else anyone.
 */
export const cacheMode: ModuleCacheMode<typeof descriptor> = (params, user) =>
  deletedPartsCacheMode(user) === 'private' ? 'private' : parsedCommentCacheMode(params.prop);
