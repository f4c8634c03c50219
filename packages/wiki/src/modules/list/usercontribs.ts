import { commentFormatterFor } from '../../api/comment-format.js';
import { apiError, badContinue, mutuallyExclusive, requireOneOf } from '../../api/errors.js';
import { parseContinueValue, prefixUpperBound } from '../../api/keyset.js';
import type { ContextOf, ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';
import { type ResultObject, list as resultList } from '../../api/result/tree.js';
import { ipRangeHex } from '../../site/ip-address.js';
import type { WikiStore } from '../../store/database.js';
import { DELETED_USER, exclusionMask, HiddenFields } from '../support/hidden-content.js';
import { addFittingItems, pageOfRows } from '../support/list-ending.js';
import { applied, type QueryPart, rowsByTime, rowsOf } from '../support/query-parts.js';
import { revisionHasTag, tagsOfRevisions } from '../support/revision-output.js';

/** `list=usercontribs`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'usercontribs',
  group: 'list',
  prefix: 'uc',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryUserContribs',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Usercontribs',
  parameters: [
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    { name: 'continue', type: 'string' },
    { name: 'user', type: 'user', multi: true, subtypes: ['name', 'ip', 'temp', 'interwiki'] },
    { name: 'userids', type: 'integer', multi: true },
    { name: 'userprefix', type: 'string' },
    { name: 'iprange', type: 'string' },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    {
      name: 'prop',
      type: ['comment', 'flags', 'ids', 'parsedcomment', 'patrolled', 'size', 'sizediff', 'tags', 'timestamp', 'title'],
      default: 'ids|title|timestamp|comment|size|flags',
      multi: true,
    },
    {
      name: 'show',
      type: [
        '!autopatrolled',
        '!minor',
        '!new',
        '!patrolled',
        '!top',
        'autopatrolled',
        'minor',
        'new',
        'patrolled',
        'top',
      ],
      multi: true,
    },
    { name: 'tag', type: 'string' },
    { name: 'toponly', type: 'boolean', deprecated: true },
  ],
} as const satisfies ModuleDescriptor;

/**
 * How the contributions are ordered and continued: one editor; several named or given by id, by
 * their actor ids (`actor|<actor id>|…`, as MediaWiki 1.39 does); those of a prefix by name.
 */
type Mode = 'single' | 'name' | 'actor';

interface Editor {
  actorId: number;
  name: string;
  userId: number;
}

/** `show` values that exclude each other: each with its negation, and an automatic patrol with none. */
const SHOW_CONFLICTS = [
  ...['minor', 'new', 'top', 'patrolled', 'autopatrolled'].map((value) => [value, `!${value}`]),
  ['autopatrolled', '!patrolled'],
];

type Context = ContextOf<typeof descriptor>;

/** The query's base: revisions with their pages. */
const contributions = (d: WikiStore['db']) =>
  d
    .selectFrom('revision')
    .innerJoin('page', 'page_id', 'rev_page')
    .select([
      'rev_id',
      'rev_page',
      'rev_parent_id',
      'rev_timestamp',
      'rev_minor_edit',
      'rev_deleted',
      'rev_len',
      'rev_comment',
      'rev_actor',
      'page_namespace',
      'page_title',
      'page_latest',
    ]);
type Base = ReturnType<typeof contributions>;
type Row = Awaited<ReturnType<Base['execute']>>[number];

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  checkEditorParameters(ctx);
  const { mode, editors } = await editorsOf(ctx);
  ctx.result.list('item');
  // With several editors the continuation's mode and editor are read before the editors are: a
  // value of another shape is refused even when no editor matches.
  const raw = ctx.params.continue;
  if (mode !== 'single' && raw !== undefined) {
    const fields = raw.split('|');
    if (fields.length !== 4 || fields[0] !== mode) throw badContinue();
  }
  // The show values and the patrol right are checked as the first editor's contributions are read:
  // without editors nothing is.
  if (editors.length === 0) return;
  // The continue value is read before the show values are checked.
  const continued = raw === undefined ? undefined : continuePart(raw, mode, editors, ctx.params.dir === 'newer');
  const show = checkedShow(ctx);
  const parts = conditions(ctx, show, editors, continued);
  const rows = await contributionRows(ctx, parts, mode, editors);
  const byActor = new Map(editors.map((e) => [e.actorId, e]));
  const continueAt = (row: Row) => {
    const editor = byActor.get(row.rev_actor) as Editor;
    const point = `${row.rev_timestamp}|${row.rev_id}`;
    if (mode === 'single') return point;
    return `${mode}|${mode === 'name' ? editor.name : editor.actorId}|${point}`;
  };
  pageOfRows(ctx, rows, ctx.params.limit, continueAt);
  const itemOf = await itemMaker(ctx, rows, byActor);
  addFittingItems(ctx, ctx.result.list('item'), rows, itemOf, continueAt);
};

/** `$wgRangeContributionsCIDRLimit`: the broadest ranges `uciprange` may name. */
const RANGE_CIDR_LIMIT = { IPv4: 16, IPv6: 32 };

/** The parameters that name the editors, checked as MediaWiki does. */
function checkEditorParameters(ctx: Context): void {
  const p = ctx.params;
  // The editor parameters given, in the order the module declares them (as the error names them).
  const given = (['user', 'userids', 'userprefix', 'iprange'] as const).filter((n) => p[n] !== undefined);
  if (given.length === 0) {
    throw requireOneOf(['userprefix', 'userids', 'iprange', 'user'].map((n) => ctx.paramName(n)));
  }
  if (given.length > 1) throw mutuallyExclusive(given.map((n) => ctx.paramName(n)));
  // A list parameter given empty (`ucuserids=`) names nobody: MediaWiki refuses it, as it does an
  // empty name among the users.
  if (p.userids?.length === 0 || (p.user !== undefined && (p.user.length === 0 || p.user.includes('')))) {
    const name = ctx.paramName(p.userids !== undefined ? 'userids' : 'user');
    throw apiError(`paramempty_${name}`, 'apierror-paramempty', [name]);
  }
  const badId = p.userids?.find((id) => id <= 0);
  if (badId !== undefined) throw apiError('invaliduserid', 'apierror-invaliduserid', [{ raw: badId }]);
  if (p.iprange !== undefined) {
    // The range is read as MediaWiki reads it (an address with a CIDR prefix, no broader than
    // $wgRangeContributionsCIDRLimit) before this service says it lists no ranges.
    const range = p.iprange.includes('/') ? ipRangeHex(p.iprange) : undefined;
    if (!range) throw apiError('invalidiprange', 'apierror-invalidiprange', [p.iprange]);
    const type = range.version === 4 ? 'IPv4' : 'IPv6';
    const configured = ctx.site.settings.RangeContributionsCIDRLimit as { IPv4?: number; IPv6?: number } | undefined;
    const limit = configured?.[type] ?? RANGE_CIDR_LIMIT[type];
    if (range.bits < limit) throw apiError('cidrtoobroad', 'apierror-cidrtoobroad', [type, limit]);
    throw apiError('invalidparameter', 'apierror-usercontribs-iprange-unsupported');
  }
}

/** The `show` values asked for (`toponly` among them), checked as MediaWiki does, with the right they need. */
function checkedShow(ctx: Context): Set<string> {
  const p = ctx.params;
  const show = new Set<string>(p.show ?? []);
  if (p.toponly === true) show.add('top');
  for (const [one, other] of SHOW_CONFLICTS) {
    if (show.has(one as string) && show.has(other as string)) throw apiError('show', 'apierror-show');
  }
  const props = new Set(p.prop);
  const wantsPatrol =
    props.has('patrolled') || [...show].some((v) => v.replace('!', '') === 'patrolled' || v.includes('autopatrolled'));
  if (wantsPatrol && !ctx.user.rights.has('patrol') && !ctx.user.rights.has('patrolmarks')) {
    throw apiError('permissiondenied', 'apierror-permissiondenied-patrolflag');
  }
  return show;
}

/** The editors, so that the revision scan reads the (actor, timestamp) index. */
async function editorsOf(ctx: Context): Promise<{ mode: Mode; editors: Editor[] }> {
  const { db } = ctx.store;
  const { user: names, userids: ids, userprefix: prefix } = ctx.params;
  const actorColumns = ['actor_id as actorId', 'actor_name as name', 'actor_user'] as const;
  const toEditor = (r: { actorId: number; name: string; actor_user: number | null }): Editor => ({
    actorId: r.actorId,
    name: r.name,
    userId: r.actor_user ?? 0,
  });
  if (ids !== undefined) {
    const rows = ids.length
      ? await rowsOf(
          db,
          `usercontribs: actors of ${ids.length} ids`,
          [],
          (d) => d.selectFrom('actor').select(actorColumns).where('actor_user', 'in', ids),
          { after: ids },
        )
      : [];
    return { mode: ids.length > 1 ? 'actor' : 'single', editors: rows.map(toEditor) };
  }
  if (names !== undefined) {
    const rows = names.length
      ? await rowsOf(
          db,
          `usercontribs: actors of ${names.length} names`,
          [],
          (d) => d.selectFrom('actor').select(actorColumns).where('actor_name', 'in', names),
          { after: names },
        )
      : [];
    return { mode: names.length > 1 ? 'actor' : 'single', editors: rows.map(toEditor) };
  }
  // checkEditorParameters has made sure that exactly one of the editor parameters is given. The
  // prefix is matched as it is written: MediaWiki neither capitalises it nor reads it as a title.
  const key = prefix ?? '';
  const rows = await db
    .selectFrom('actor')
    .select(actorColumns)
    .where('actor_name', '>=', key)
    .where('actor_name', '<', prefixUpperBound(key))
    .execute();
  return { mode: 'name', editors: rows.map(toEditor) };
}

/** The query's conditions, in order, each with its values: the query is compiled once per shape. */
function conditions(
  ctx: Context,
  show: Set<string>,
  editors: Editor[],
  continued: QueryPart<Base> | undefined,
): QueryPart<Base>[] {
  const p = ctx.params;
  const newer = p.dir === 'newer';
  const after = newer ? '>=' : '<=';
  const before = newer ? '<=' : '>=';
  const parts: QueryPart<Base>[] = [];
  const part = (key: string, values: unknown[], apply: QueryPart<Base>['apply']) => parts.push({ key, values, apply });
  const actorIds = editors.map((e) => e.actorId);
  part(`actors${actorIds.length}`, actorIds, (q) => q.where('rev_actor', 'in', actorIds));
  // Contributions whose editor is hidden would reveal the editor: not listed without the right.
  const mask = exclusionMask(ctx.user, DELETED_USER);
  if (mask !== 0) part('mask', [mask, mask], (q) => q.where((eb) => eb(eb('rev_deleted', '&', mask), '!=', mask)));
  if (p.start !== undefined) {
    const start = p.start;
    part('start', [start], (q) => q.where('rev_timestamp', after, start));
  }
  if (p.end !== undefined) {
    const end = p.end;
    part('end', [end], (q) => q.where('rev_timestamp', before, end));
  }
  const namespaces = p.namespace;
  // No valid namespace (`ucnamespace=x`) filters nothing, as MediaWiki adds no condition for an
  // empty list.
  if (namespaces !== undefined && namespaces.length > 0) {
    part(`namespace${namespaces.length}`, namespaces, (q) => q.where('page_namespace', 'in', namespaces));
  }
  if (show.has('minor')) part('minor', [1], (q) => q.where('rev_minor_edit', '=', 1));
  if (show.has('!minor')) part('!minor', [0], (q) => q.where('rev_minor_edit', '=', 0));
  if (show.has('new')) {
    part('new', [0], (q) => q.where((eb) => eb.or([eb('rev_parent_id', '=', 0), eb('rev_parent_id', 'is', null)])));
  }
  if (show.has('!new')) part('!new', [0], (q) => q.where('rev_parent_id', '>', 0));
  if (show.has('top')) part('top', [], (q) => q.whereRef('rev_id', '=', 'page_latest'));
  if (show.has('!top')) part('!top', [], (q) => q.whereRef('rev_id', '!=', 'page_latest'));
  for (const value of ['patrolled', '!patrolled', 'autopatrolled', '!autopatrolled']) {
    if (!show.has(value)) continue;
    const levels =
      value === 'patrolled' ? [1, 2] : value === '!patrolled' ? [0] : value === 'autopatrolled' ? [2] : [0, 1];
    part(value, levels, (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('recentchanges')
            .select('rc_id')
            .whereRef('rc_this_oldid', '=', 'rev_id')
            .where('rc_patrolled', 'in', levels),
        ),
      ),
    );
  }
  // A tag's condition holds values of its own: a query with one is compiled each time.
  const tag = p.tag;
  if (tag !== undefined) part('tag', [], (q) => q.where(revisionHasTag(tag)));
  if (continued !== undefined) parts.push(continued);
  return parts;
}

/** Where the last batch stopped: within its editor, then with the editors after it. */
function continuePart(raw: string, mode: Mode, editors: Editor[], newer: boolean): QueryPart<Base> {
  const after = newer ? '>=' : '<=';
  if (mode === 'single') {
    const [ts, id] = parseContinueValue(raw, ['timestamp', 'looseint']);
    return {
      key: 'continue',
      values: [ts, id],
      apply: (q) => q.where((eb) => eb(eb.refTuple('rev_timestamp', 'rev_id'), after, eb.tuple(ts, id))),
    };
  }
  const [kind, who, ts, id] = parseContinueValue(raw, ['string', 'string', 'timestamp', 'looseint']);
  if (kind !== mode) throw badContinue();
  const editorAfter = (e: Editor) =>
    mode === 'name' ? (newer ? e.name > who : e.name < who) : newer ? e.actorId > Number(who) : e.actorId < Number(who);
  const current = editors.filter((e) => (mode === 'name' ? e.name === who : String(e.actorId) === who));
  const currentIds = current.length ? current.map((e) => e.actorId) : [-1];
  const later = editors.filter(editorAfter).map((e) => e.actorId);
  const laterIds = later.length ? later : [-1];
  return {
    key: `continue${currentIds.length},${laterIds.length}`,
    values: [...currentIds, ts, id, ...laterIds],
    apply: (q) =>
      q.where((eb) =>
        eb.or([
          eb.and([
            eb('rev_actor', 'in', currentIds),
            eb(eb.refTuple('rev_timestamp', 'rev_id'), after, eb.tuple(ts, id)),
          ]),
          eb('rev_actor', 'in', laterIds),
        ]),
      ),
  };
}

/** One row more than the limit; several editors are listed one after the other, in actor id (or name) order. */
async function contributionRows(ctx: Context, parts: QueryPart<Base>[], mode: Mode, editors: Editor[]): Promise<Row[]> {
  const { db } = ctx.store;
  const { limit } = ctx.params;
  const newer = ctx.params.dir === 'newer';
  const order = newer ? 'asc' : 'desc';
  const ordered = [...editors].sort((a, b) =>
    mode === 'actor' ? a.actorId - b.actorId : a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  if (!newer) ordered.reverse();
  if (mode === 'single' || ordered.length === 1) {
    return rowsByTime(db, 'usercontribs', parts, contributions, {
      timestamp: 'rev_timestamp',
      id: 'rev_id',
      direction: order,
      limit,
      compiledEachTime: ctx.params.tag !== undefined,
      keepRowsOf: ctx.store,
    });
  }
  // One indexed scan per editor in turn, until the batch is full.
  const rank = new Map(ordered.map((e, i) => [e.actorId, i]));
  const query = applied(parts, contributions(db));
  const rows: Row[] = [];
  for (const editor of ordered) {
    if (rows.length > limit) break;
    const batch = await query
      .where('rev_actor', '=', editor.actorId)
      .orderBy('rev_timestamp', order)
      .orderBy('rev_id', order)
      .limit(limit + 1 - rows.length)
      .execute();
    rows.push(...batch);
  }
  rows.sort((a, b) => (rank.get(a.rev_actor) as number) - (rank.get(b.rev_actor) as number));
  return rows;
}

/** Reads what the props need beyond the rows (parent sizes, tags, patrol marks, parsed comments); gives the item of a row. */
async function itemMaker(
  ctx: Context,
  rows: readonly Row[],
  byActor: ReadonlyMap<number, Editor>,
): Promise<(row: Row, index: number) => ResultObject> {
  const { db } = ctx.store;
  const props = new Set(ctx.params.prop);
  const revIds = rows.map((r) => r.rev_id);
  const parentLengths = new Map<number, number | null>();
  if (props.has('sizediff')) {
    const parents = rows.map((r) => r.rev_parent_id ?? 0).filter((id) => id > 0);
    if (parents.length) {
      const found = await db
        .selectFrom('revision')
        .select(['rev_id', 'rev_len'])
        .where('rev_id', 'in', parents)
        .execute();
      for (const r of found) parentLengths.set(r.rev_id, r.rev_len);
    }
  }
  const tags = props.has('tags') ? await tagsOfRevisions(ctx, revIds) : new Map<number, string[]>();
  const patrol = new Map<number, number>();
  if (props.has('patrolled') && revIds.length) {
    const found = await db
      .selectFrom('recentchanges')
      .select(['rc_this_oldid', 'rc_patrolled'])
      .where('rc_this_oldid', 'in', revIds)
      .execute();
    for (const r of found) patrol.set(r.rc_this_oldid, r.rc_patrolled);
  }
  const parsed = props.has('parsedcomment')
    ? await commentFormatterFor(ctx).format(
        rows.map((r) => ({ comment: r.rev_comment, title: { namespace: r.page_namespace, dbKey: r.page_title } })),
      )
    : [];

  return (row, i) => {
    const editor = byActor.get(row.rev_actor) as Editor;
    const item: ResultObject = {};
    const hidden = new HiddenFields(ctx.user, row.rev_deleted);
    hidden.contributor(item, { name: editor.name, id: editor.userId });
    if (props.has('ids')) {
      item.pageid = row.rev_page;
      item.revid = row.rev_id;
      item.parentid = row.rev_parent_id ?? 0;
    }
    if (props.has('title')) {
      item.ns = row.page_namespace;
      item.title = ctx.titles.prefixedText(ctx.titles.make(row.page_namespace, row.page_title));
    }
    if (props.has('timestamp')) item.timestamp = mwToIso(row.rev_timestamp);
    if (props.has('flags')) {
      item.new = (row.rev_parent_id ?? 0) === 0;
      item.minor = row.rev_minor_edit !== 0;
      item.top = row.rev_id === row.page_latest;
    }
    hidden.comment(
      item,
      row.rev_comment,
      props.has('comment'),
      props.has('parsedcomment') ? () => parsed[i] as string : undefined,
    );
    if (props.has('patrolled')) {
      const level = patrol.get(row.rev_id) ?? 0;
      item.patrolled = level > 0;
      item.autopatrolled = level === 2;
    }
    if (props.has('size')) item.size = row.rev_len ?? 0;
    if (props.has('sizediff') && row.rev_len !== null) {
      const parent = (row.rev_parent_id ?? 0) > 0 ? parentLengths.get(row.rev_parent_id as number) : 0;
      if (parent !== undefined && parent !== null) item.sizediff = row.rev_len - parent;
    }
    if (props.has('tags')) item.tags = resultList('tag', tags.get(row.rev_id) ?? []);
    hidden.finish(item);
    return item;
  };
}

/** Who may keep the answer: shared caches for callers without a session only (deleted revisions and patrol flags are shown to those who may see them). */
export const cacheMode: ModuleCacheMode<typeof descriptor> = () => 'anon-public-user-private';
