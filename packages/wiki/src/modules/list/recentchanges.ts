import { type SelectQueryBuilder, sql } from 'kysely';
import { commentFormatterFor } from '../../api/comment-format.js';
import { apiError, invalidTitle, mutuallyExclusive } from '../../api/errors.js';
import { parseContinueValue } from '../../api/keyset.js';
import type { ContextOf, ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';
import { type ResultObject, list as resultList } from '../../api/result/tree.js';
import type { WikiStore } from '../../store/database.js';
import { deletedPartsCacheMode, parsedCommentCacheMode } from '../support/cache-modes.js';
import { tagCondition, tagsOf } from '../support/change-tags.js';
import {
  canSeeField,
  DELETED_COMMENT,
  DELETED_RESTRICTED,
  DELETED_TEXT,
  DELETED_USER,
} from '../support/hidden-content.js';
import { addFittingItems, pageOfRows } from '../support/list-ending.js';
import { recentChangeLogInfo } from '../support/log-params.js';
import { canSeeLogField, DELETED_ACTION, logSearchMask } from '../support/log-visibility.js';
import { type QueryPart, rowsByTime } from '../support/query-parts.js';
import { RECENT_CHANGE_COLUMNS, recentChangeColumns } from '../support/recent-changes.js';
import { base36ToHex } from '../support/revision-output.js';
import { timeRangeParts } from '../support/time-range.js';

/** `list=recentchanges`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'recentchanges',
  group: 'list',
  prefix: 'rc',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryRecentChanges',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:RecentChanges',
  parameters: [
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true, extranamespaces: [-2, -1] },
    { name: 'user', type: 'user' },
    { name: 'excludeuser', type: 'user' },
    { name: 'tag', type: 'string' },
    {
      name: 'prop',
      type: [
        'comment',
        'flags',
        'ids',
        'loginfo',
        'parsedcomment',
        'patrolled',
        'redirect',
        'sha1',
        'sizes',
        'tags',
        'timestamp',
        'title',
        'user',
        'userid',
      ],
      default: 'title|timestamp|ids',
      multi: true,
    },
    {
      name: 'show',
      type: [
        '!anon',
        '!autopatrolled',
        '!bot',
        '!minor',
        '!patrolled',
        '!redirect',
        'anon',
        'autopatrolled',
        'bot',
        'minor',
        'patrolled',
        'redirect',
        'unpatrolled',
      ],
      multi: true,
    },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    {
      name: 'type',
      type: ['categorize', 'edit', 'external', 'log', 'new'],
      default: 'edit|new|log|categorize',
      multi: true,
    },
    { name: 'toponly', type: 'boolean' },
    { name: 'title', type: 'string' },
    { name: 'continue', type: 'string' },
    { name: 'generaterevisions', type: 'boolean' },
    { name: 'slot', type: ['main'] },
  ],
} as const satisfies ModuleDescriptor;

/** `rc_type` values by the names `type` uses. */
const RC_TYPES: Record<string, number> = { edit: 0, new: 1, log: 3, external: 5, categorize: 6 };
const RC_TYPE_NAMES = new Map(Object.entries(RC_TYPES).map(([name, n]) => [n, name]));

/** `show` values that cannot be asked for together. */
const SHOW_CONFLICTS: [string, string][] = [
  ['minor', '!minor'],
  ['bot', '!bot'],
  ['anon', '!anon'],
  ['redirect', '!redirect'],
  ['patrolled', '!patrolled'],
  ['patrolled', 'unpatrolled'],
  ['!patrolled', 'unpatrolled'],
  ['!patrolled', 'autopatrolled'],
  ['autopatrolled', '!autopatrolled'],
  ['autopatrolled', 'unpatrolled'],
];
const PATROL_SHOW = ['patrolled', '!patrolled', 'unpatrolled', 'autopatrolled', '!autopatrolled'];

/** MediaWiki's `rc_patrolled` levels. */
const UNPATROLLED = 0;
const AUTOPATROLLED = 2;

function canPatrol(ctx: ContextOf<typeof descriptor>): boolean {
  return ctx.user.rights.has('patrol') || ctx.user.rights.has('patrolmarks');
}

type Context = ContextOf<typeof descriptor>;

/** The tables of a change: its performer and its page (when it exists). */
const changesFrom = (d: WikiStore['db']) =>
  d
    .selectFrom('recentchanges')
    .innerJoin('actor', 'actor_id', 'rc_actor')
    .leftJoin('page', (join) => join.onRef('page_namespace', '=', 'rc_namespace').onRef('page_title', '=', 'rc_title'));
/** Every column a change's item may read. */
const ALL_COLUMNS = [...RECENT_CHANGE_COLUMNS, 'actor_name', 'actor_user', 'page_is_redirect'] as const;
/** The query selecting these columns (a part of `ALL_COLUMNS`; an item reads only those its props chose). */
const selectChanges = (d: WikiStore['db'], columns: readonly (typeof ALL_COLUMNS)[number][]) =>
  changesFrom(d).select(columns as typeof ALL_COLUMNS);
type ChangeRow = Awaited<ReturnType<ReturnType<typeof selectChanges>['execute']>>[number];
/** The query with any selection, as the conditions see it. */
type ChangesQuery =
  ReturnType<typeof changesFrom> extends SelectQueryBuilder<infer D, infer T, object>
    ? SelectQueryBuilder<D, T, object>
    : never;

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const p = ctx.params;
  const props = new Set(p.prop);
  const show = checkedShow(ctx, props);
  const { db } = ctx.store;
  const limit = p.limit;
  // Only what the asked-for props read (the page join costs nothing when none of its columns is
  // read: SQLite leaves out a left join on a unique key whose table gives no column).
  const columns = [
    ...recentChangeColumns(props),
    ...(props.has('user') || props.has('userid') ? (['actor_name', 'actor_user'] as const) : []),
    ...(props.has('redirect') ? (['page_is_redirect'] as const) : []),
  ];
  const base = (d: typeof db) => selectChanges(d, columns);
  const parts = await conditions<ReturnType<typeof base>>(ctx, show);
  const rows = await rowsByTime(db, `recentchanges ${columns.join(',')}`, parts, base, {
    timestamp: 'rc_timestamp',
    id: 'rc_id',
    direction: p.dir === 'newer' ? 'asc' : 'desc',
    limit,
    compiledEachTime: p.tag !== undefined,
    keepRowsOf: ctx.store,
    idsFrom: (d: typeof db) => d.selectFrom('recentchanges'),
  });
  const continueAt = (row: (typeof rows)[number]) => `${row.rc_timestamp}|${row.rc_id}`;
  pageOfRows(ctx, rows, limit, continueAt);

  if (ctx.generator) {
    // Prop modules that continue re-run the generator from this batch's first change, as
    // MediaWiki does for a list that grows at its start.
    if (rows.length > 0) ctx.setGeneratorNonContinue(continueAt(rows[0]));
    if (p.generaterevisions === true) {
      ctx.generator.addRevisionIds(rows.map((r) => r.rc_this_oldid).filter((id) => id > 0));
    } else {
      ctx.generator.addTitles(rows.map((r) => ({ namespace: r.rc_namespace, dbKey: r.rc_title })));
    }
    return;
  }
  addFittingItems(ctx, ctx.result.list('rc'), rows, await itemMaker(ctx, props, rows), continueAt);
};

/** The parameters checked as MediaWiki does; the `show` values asked for. */
function checkedShow(ctx: Context, props: ReadonlySet<string>): Set<string> {
  const p = ctx.params;
  const show = new Set<string>(p.show ?? []);
  // The continue value's form first (timestamp|id), then the title, show and the patrol right it
  // needs, the editor, and last the patrol right the patrolled property needs.
  if (p.continue !== undefined) parseContinueValue(p.continue, ['string', 'looseint']);
  if (p.title !== undefined) changesTitle(ctx, p.title);
  if (SHOW_CONFLICTS.some(([a, b]) => show.has(a) && show.has(b))) throw apiError('show', 'apierror-show');
  const patrolDenied = () => apiError('permissiondenied', 'apierror-permissiondenied-patrolflag');
  if (PATROL_SHOW.some((v) => show.has(v)) && !canPatrol(ctx)) throw patrolDenied();
  if (p.user !== undefined && p.excludeuser !== undefined) {
    throw mutuallyExclusive([ctx.paramName('user'), ctx.paramName('excludeuser')]);
  }
  if (props.has('patrolled') && !canPatrol(ctx)) throw patrolDenied();
  return show;
}

/**
 * The page `title` names: any local title, a special page's too (which has no changes); an invalid
 * or interwiki title is refused.
 */
function changesTitle(ctx: Context, title: string): { namespace: number; dbKey: string } {
  const parsed = ctx.titles.parse(title);
  if (!parsed.ok || parsed.title.interwiki !== '') throw invalidTitle(title);
  return parsed.title;
}

/** The query's conditions, in order, each with its values: the query is compiled once per shape. */
async function conditions<Q>(ctx: Context, show: ReadonlySet<string>): Promise<QueryPart<Q>[]> {
  const p = ctx.params;
  const { db } = ctx.store;
  const parts: QueryPart<Q>[] = [];
  // `joined`: the condition reads the performer's actor or the page (see rowsByTime's idsFrom).
  const part = (key: string, values: unknown[], apply: (q: ChangesQuery) => ChangesQuery, joined = false) =>
    parts.push({ key, values, apply: apply as unknown as (q: Q) => Q, joined });

  for (const { key, values, condition } of timeRangeParts(p, 'rc_timestamp', 'rc_id')) {
    part(key, values, (q) => q.where(condition));
  }
  const namespaces = p.namespace;
  // No valid namespace (`rcnamespace=x`) filters nothing, as MediaWiki adds no condition for an
  // empty list.
  if (namespaces !== undefined && namespaces.length > 0) {
    // A filter on the time-ordered scan (the unary plus keeps the planner from reading the
    // namespace index and sorting everything in those namespaces).
    part(`namespace${namespaces.length}`, namespaces, (q) =>
      q.where(sql<boolean>`+rc_namespace in (${sql.join(namespaces)})`),
    );
  }
  // With a slot, only changes of content count: new pages and edits among the types asked for.
  const types = p.type
    .filter((t) => p.slot === undefined || t === 'new' || t === 'edit')
    .map((t) => RC_TYPES[t] as number);
  const typeList = types.length ? types : [-1];
  // No valid type at all (`rctype=x`) filters nothing, as MediaWiki adds no condition for an empty
  // list; with a slot, an empty list of content changes matches nothing.
  if (p.type.length > 0 || p.slot !== undefined) {
    part(`type${typeList.length}`, typeList, (q) => q.where('rc_type', 'in', typeList));
  }
  const title = p.title;
  if (title !== undefined) {
    const { namespace, dbKey } = changesTitle(ctx, title);
    part('title', [namespace, dbKey], (q) => q.where('rc_namespace', '=', namespace).where('rc_title', '=', dbKey));
  }
  const masks = logSearchMask(ctx.user);
  if ((title !== undefined || namespaces !== undefined) && masks.action !== 0) {
    // A log entry whose page is hidden must not be found by its page.
    const mask = masks.action;
    const log = RC_TYPES.log as number;
    part('pagemask', [log, mask, mask], (q) =>
      q.where((eb) => eb.or([eb('rc_type', '!=', log), eb(eb('rc_deleted', '&', mask), '!=', mask)])),
    );
  }
  const name = p.user ?? p.excludeuser;
  if (name !== undefined) {
    const actor = await db.selectFrom('actor').select('actor_id').where('actor_name', '=', name).executeTakeFirst();
    if (p.user !== undefined) {
      const id = actor?.actor_id ?? -1;
      part('user', [id], (q) => q.where('rc_actor', '=', id));
    } else if (actor) {
      const id = actor.actor_id;
      part('excludeuser', [id], (q) => q.where('rc_actor', '!=', id));
    }
    if (masks.user !== 0) {
      const mask = masks.user;
      part('usermask', [mask, mask], (q) => q.where((eb) => eb(eb('rc_deleted', '&', mask), '!=', mask)));
    }
  }
  showConditions(show, part);
  if (p.toponly === true) part('toponly', [], (q) => q.whereRef('rc_this_oldid', '=', 'page_latest'), true);
  if (p.slot !== undefined) {
    // Changes that touched the slot: the revision brought the slot's content, or its content
    // differs from the previous revision's (a revert), or only one of the two has the slot.
    const slot = p.slot;
    part('slot', [slot, slot, slot, slot], (q) =>
      q.where(
        // In parentheses: a raw condition is not bracketed, and the conditions after it are ANDed.
        sql<boolean>`(exists (select 1 from slots s left join slots parent on parent.slot_revision_id = rc_last_oldid and parent.slot_role = ${slot}
          where s.slot_revision_id = rc_this_oldid and s.slot_role = ${slot}
            and (s.slot_origin = s.slot_revision_id or parent.slot_content_id is null or s.slot_content_id != parent.slot_content_id))
          or (not exists (select 1 from slots s where s.slot_revision_id = rc_this_oldid and s.slot_role = ${slot})
            and exists (select 1 from slots parent where parent.slot_revision_id = rc_last_oldid and parent.slot_role = ${slot})))`,
      ),
    );
  }
  const tag = p.tag;
  // A tag's condition holds values of its own: a query with one is compiled each time.
  if (tag !== undefined) {
    const tagged = await tagCondition(ctx, 'recentchanges', tag);
    part('tag', [], (q) => q.where(tagged));
  }
  return parts;
}

/** The conditions of the `show` values. */
function showConditions(
  show: ReadonlySet<string>,
  part: (key: string, values: unknown[], apply: (q: ChangesQuery) => ChangesQuery, joined?: boolean) => void,
): void {
  if (show.has('minor')) part('minor', [0], (q) => q.where('rc_minor', '!=', 0));
  if (show.has('!minor')) part('!minor', [0], (q) => q.where('rc_minor', '=', 0));
  if (show.has('bot')) part('bot', [0], (q) => q.where('rc_bot', '!=', 0));
  if (show.has('!bot')) part('!bot', [0], (q) => q.where('rc_bot', '=', 0));
  if (show.has('anon')) part('anon', [], (q) => q.where('actor_user', 'is', null), true);
  if (show.has('!anon')) part('!anon', [], (q) => q.where('actor_user', 'is not', null), true);
  if (show.has('patrolled')) part('patrolled', [UNPATROLLED], (q) => q.where('rc_patrolled', '!=', UNPATROLLED));
  if (show.has('!patrolled') || show.has('unpatrolled')) {
    part('!patrolled', [UNPATROLLED], (q) => q.where('rc_patrolled', '=', UNPATROLLED));
  }
  if (show.has('autopatrolled')) {
    part('autopatrolled', [AUTOPATROLLED], (q) => q.where('rc_patrolled', '=', AUTOPATROLLED));
  }
  if (show.has('!autopatrolled')) {
    part('!autopatrolled', [AUTOPATROLLED], (q) => q.where('rc_patrolled', '!=', AUTOPATROLLED));
  }
  if (show.has('redirect')) part('redirect', [1], (q) => q.where('page_is_redirect', '=', 1), true);
  if (show.has('!redirect')) {
    part(
      '!redirect',
      [0],
      (q) => q.where((eb) => eb.or([eb('page_is_redirect', '=', 0), eb('page_is_redirect', 'is', null)])),
      true,
    );
  }
}

/** Reads what the props need beyond the rows (tags, revision hashes, parsed comments); gives the item of a row. */
async function itemMaker(
  ctx: Context,
  props: ReadonlySet<string>,
  rows: readonly ChangeRow[],
): Promise<(row: ChangeRow, index: number) => ResultObject> {
  const { db } = ctx.store;
  const rcIds = rows.map((r) => r.rc_id);
  const tags = props.has('tags') ? await tagsOf(ctx, 'recentchanges', rcIds) : new Map<number, string[]>();
  const revisions = new Map<number, { sha1: string; deleted: number }>();
  const revIds = rows.map((r) => r.rc_this_oldid).filter((id) => id > 0);
  if (props.has('sha1') && revIds.length > 0) {
    const found = await db
      .selectFrom('revision')
      .select(['rev_id', 'rev_sha1', 'rev_deleted'])
      .where('rev_id', 'in', revIds)
      .execute();
    for (const r of found) revisions.set(r.rev_id, { sha1: r.rev_sha1, deleted: r.rev_deleted });
  }
  const parsed = props.has('parsedcomment')
    ? await commentFormatterFor(ctx).format(
        rows.map((r) => ({ comment: r.rc_comment, title: { namespace: r.rc_namespace, dbKey: r.rc_title } })),
      )
    : [];

  return (row, i) => {
    const item: ResultObject = { type: RC_TYPE_NAMES.get(row.rc_type) ?? String(row.rc_type) };
    const bits = row.rc_deleted;
    let anyHidden = false;
    const isLog = row.rc_type === RC_TYPES.log;
    const hide = (marker: string) => {
      item[marker] = true;
      anyHidden = true;
    };
    if (props.has('title') || props.has('ids')) {
      if (isLog && (bits & DELETED_ACTION) !== 0) hide('actionhidden');
      if (!isLog || canSeeLogField(ctx.user, bits, DELETED_ACTION)) {
        if (props.has('title')) {
          item.ns = row.rc_namespace;
          item.title = ctx.titles.prefixedText(ctx.titles.make(row.rc_namespace, row.rc_title));
        }
        if (props.has('ids')) {
          item.pageid = row.rc_cur_id;
          item.revid = row.rc_this_oldid;
          item.old_revid = row.rc_last_oldid;
        }
      }
    }
    if (props.has('ids')) item.rcid = row.rc_id;
    if (props.has('user') || props.has('userid')) {
      if ((bits & DELETED_USER) !== 0) hide('userhidden');
      if (canSeeField(ctx.user, bits, DELETED_USER)) {
        if (props.has('user')) item.user = row.actor_name;
        if (props.has('userid')) item.userid = row.actor_user ?? 0;
        if (!row.actor_user) item.anon = true;
      }
    }
    if (props.has('flags')) {
      item.bot = row.rc_bot !== 0;
      item.new = row.rc_type === RC_TYPES.new;
      item.minor = row.rc_minor !== 0;
    }
    if (props.has('sizes')) {
      item.oldlen = row.rc_old_len ?? 0;
      item.newlen = row.rc_new_len ?? 0;
    }
    if (props.has('timestamp')) item.timestamp = mwToIso(row.rc_timestamp);
    if (props.has('comment') || props.has('parsedcomment')) {
      if ((bits & DELETED_COMMENT) !== 0) hide('commenthidden');
      if (canSeeField(ctx.user, bits, DELETED_COMMENT)) {
        if (props.has('comment')) item.comment = row.rc_comment;
        if (props.has('parsedcomment')) item.parsedcomment = parsed[i] as string;
      }
    }
    if (props.has('redirect')) item.redirect = row.page_is_redirect === 1;
    if (props.has('patrolled')) {
      item.patrolled = row.rc_patrolled !== UNPATROLLED;
      item.unpatrolled = row.rc_patrolled === UNPATROLLED;
      item.autopatrolled = row.rc_patrolled === AUTOPATROLLED;
    }
    if (props.has('loginfo') && isLog) {
      if ((bits & DELETED_ACTION) !== 0) hide('actionhidden');
      if (canSeeLogField(ctx.user, bits, DELETED_ACTION)) {
        Object.assign(item, recentChangeLogInfo(row, ctx.titles));
      }
    }
    if (props.has('tags')) item.tags = resultList('tag', tags.get(row.rc_id) ?? []);
    const revision = props.has('sha1') ? revisions.get(row.rc_this_oldid) : undefined;
    if (revision) {
      if ((revision.deleted & DELETED_TEXT) !== 0) hide('sha1hidden');
      if (canSeeField(ctx.user, revision.deleted, DELETED_TEXT)) item.sha1 = base36ToHex(revision.sha1);
    }
    if (anyHidden && (bits & DELETED_RESTRICTED) !== 0) item.suppressed = true;
    return item;
  };
}

/** The `show` values that filter by patrol flags, which only patrollers may see. */
const PATROL_FILTERS = new Set(['patrolled', '!patrolled', 'unpatrolled', 'autopatrolled', '!autopatrolled']);

/**
 * Who may keep the answer: only the caller when it filters or shows patrol flags or may see
 * deleted parts; with parsed comments callers without a session; else anyone.
 */
export const cacheMode: ModuleCacheMode<typeof descriptor> = (params, user) => {
  if (params.show?.some((value) => PATROL_FILTERS.has(value)) || params.prop?.includes('patrolled')) return 'private';
  if (deletedPartsCacheMode(user) === 'private') return 'private';
  return parsedCommentCacheMode(params.prop);
};
