import { commentFormatterFor } from '../../api/comment-format.js';
import { apiError, mutuallyExclusive } from '../../api/errors.js';
import { titleText } from '../../api/gender.js';
import { continueTimestamp, parseContinueValue } from '../../api/keyset.js';
import type { ContextOf, ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';
import { list, type ResultObject } from '../../api/result/tree.js';
import { rowsCanBeKept } from '../../store/cache-toolkit.js';
import { keptRows } from '../../store/row-cache.js';
import { tagsOf } from '../support/change-tags.js';
import {
  canSeeField,
  DELETED_COMMENT,
  DELETED_RESTRICTED,
  DELETED_USER,
  exclusionMask,
} from '../support/hidden-content.js';
import { keptLogDisplays } from '../support/log-display.js';
import { recentChangeLogInfo } from '../support/log-params.js';
import { canSeeLogField, DELETED_ACTION, logSearchMask } from '../support/log-visibility.js';
import { RECENT_CHANGE_COLUMNS } from '../support/recent-changes.js';
import { nowTimestamp, watchlistExpiryEnabled, watchlistOwner } from '../support/watchlist-owner.js';

/** `list=watchlist`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'watchlist',
  group: 'list',
  prefix: 'wl',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryWatchlist',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Watchlist',
  parameters: [
    { name: 'allrev', type: 'boolean' },
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'user', type: 'user' },
    { name: 'excludeuser', type: 'user' },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    {
      name: 'prop',
      type: [
        'comment',
        'expiry',
        'flags',
        'ids',
        'loginfo',
        'notificationtimestamp',
        'parsedcomment',
        'patrol',
        'sizes',
        'tags',
        'timestamp',
        'title',
        'user',
        'userid',
      ],
      default: 'ids|title|flags',
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
        '!unread',
        'anon',
        'autopatrolled',
        'bot',
        'minor',
        'patrolled',
        'unread',
      ],
      multi: true,
    },
    {
      name: 'type',
      type: ['categorize', 'edit', 'external', 'log', 'new'],
      default: 'edit|new|log|categorize',
      multi: true,
    },
    { name: 'owner', type: 'user', subtypes: ['name'] },
    { name: 'token', type: 'string', sensitive: true },
    { name: 'continue', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

/** `rc_type` by the names `wltype` uses, and back. */
const RC_TYPES: Record<string, number> = { edit: 0, new: 1, log: 3, external: 5, categorize: 6 };
const RC_TYPE_NAMES = new Map(Object.entries(RC_TYPES).map(([name, id]) => [id, name]));
const RC_NEW = 1;
const RC_LOG = 3;
/** `rc_patrolled` of a change patrolled automatically (its author may patrol). */
const PRC_AUTOPATROLLED = 2;

/** `wlshow` pairs that contradict each other. */
const CONFLICTS: [string, string][] = [
  ['minor', '!minor'],
  ['bot', '!bot'],
  ['anon', '!anon'],
  ['patrolled', '!patrolled'],
  ['autopatrolled', '!autopatrolled'],
  ['autopatrolled', '!patrolled'],
  ['unread', '!unread'],
];

function mayPatrol(ctx: ContextOf<typeof descriptor>): boolean {
  return ctx.user.rights.has('patrol') || ctx.user.rights.has('patrolmarks');
}

interface ChangeRow {
  rc_id: number;
  rc_timestamp: string;
  rc_namespace: number;
  rc_title: string;
  rc_comment: string;
  rc_minor: number;
  rc_bot: number;
  rc_cur_id: number;
  rc_this_oldid: number;
  rc_last_oldid: number;
  rc_type: number;
  rc_patrolled: number;
  rc_old_len: number | null;
  rc_new_len: number | null;
  rc_deleted: number;
  rc_logid: number;
  rc_log_type: string | null;
  rc_log_action: string | null;
  rc_params: string | null;
  actor_name: string | null;
  actor_user: number | null;
  wl_notificationtimestamp: string | null;
  we_expiry: string | null;
}

type WatchlistContext = ContextOf<typeof descriptor>;
type WatchlistParams = WatchlistContext['params'];

/** Where a continued list goes on: the timestamp and id of `wlcontinue`. */
type ContinueAt = readonly [timestamp: string, id: number];

/**
 * The permission and combination checks and the continue value, in MediaWiki's order; answers
 * the `wlshow` set and where the list goes on.
 */
function checkParameters(
  ctx: WatchlistContext,
  props: ReadonlySet<string>,
): { show: Set<string>; after: ContinueAt | undefined } {
  const p = ctx.params;
  if (props.has('patrol') && !mayPatrol(ctx)) throw apiError('patrol', 'apierror-permissiondenied-patrolflag');
  // The continue value's parts are counted and its id read first; its timestamp is read only by
  // the query, after the checks below.
  const continued = p.continue === undefined ? undefined : parseContinueValue(p.continue, ['string', 'looseint']);
  const show = new Set<string>(p.show ?? []);
  if (CONFLICTS.some(([a, b]) => show.has(a) && show.has(b))) throw apiError('show', 'apierror-show');
  if ((show.has('patrolled') || show.has('!patrolled')) && !mayPatrol(ctx)) {
    throw apiError('permissiondenied', 'apierror-permissiondenied-patrolflag');
  }
  if (p.user !== undefined && p.excludeuser !== undefined) {
    throw mutuallyExclusive([ctx.paramName('user'), ctx.paramName('excludeuser')]);
  }
  const after =
    continued === undefined
      ? undefined
      : ([continueTimestamp(continued[0]), continued[1]] as const satisfies ContinueAt);
  return { show, after };
}

/** The owner's watched changes with their columns, before the list's conditions. */
function watchedChanges(ctx: WatchlistContext, ownerId: number, expiryEnabled: boolean) {
  return ctx.store.db
    .selectFrom('recentchanges')
    .innerJoin('watchlist', (join) =>
      join.onRef('wl_namespace', '=', 'rc_namespace').onRef('wl_title', '=', 'rc_title').on('wl_user', '=', ownerId),
    )
    .leftJoin('actor', 'actor_id', 'rc_actor')
    .leftJoin('watchlist_expiry', (join) =>
      // Without expiring watches the join finds nothing: every watch is permanent.
      expiryEnabled ? join.onRef('we_item', '=', 'wl_id') : join.onRef('we_item', '=', 'wl_id').on('we_item', '<', 0),
    )
    .select([...RECENT_CHANGE_COLUMNS, 'actor_name', 'actor_user', 'wl_notificationtimestamp', 'we_expiry']);
}

type WatchedQuery = ReturnType<typeof watchedChanges>;

/**
 * `wlshow`'s conditions: flags, patrol state and whether the owner has seen the change. The patrol
 * states count only for a caller who may patrol (`patrols`): MediaWiki refuses patrolled and
 * !patrolled to others before, and leaves out autopatrolled and !autopatrolled for them.
 */
function showConditions(query: WatchedQuery, show: ReadonlySet<string>, patrols: boolean): WatchedQuery {
  let q = query;
  if (show.has('minor')) q = q.where('rc_minor', '<>', 0);
  if (show.has('!minor')) q = q.where('rc_minor', '=', 0);
  if (show.has('bot')) q = q.where('rc_bot', '<>', 0);
  if (show.has('!bot')) q = q.where('rc_bot', '=', 0);
  if (show.has('anon')) q = q.where((eb) => eb.or([eb('actor_user', 'is', null), eb('actor_user', '=', 0)]));
  if (show.has('!anon')) q = q.where('actor_user', '>', 0);
  if (patrols) {
    if (show.has('patrolled')) q = q.where('rc_patrolled', '<>', 0);
    if (show.has('!patrolled')) q = q.where('rc_patrolled', '=', 0);
    if (show.has('autopatrolled')) q = q.where('rc_patrolled', '=', PRC_AUTOPATROLLED);
    if (show.has('!autopatrolled')) q = q.where('rc_patrolled', '<>', PRC_AUTOPATROLLED);
  }
  if (show.has('unread')) {
    q = q.where('wl_notificationtimestamp', 'is not', null).whereRef('rc_timestamp', '>=', 'wl_notificationtimestamp');
  }
  if (show.has('!unread')) {
    q = q.where((eb) =>
      eb.or([eb('wl_notificationtimestamp', 'is', null), eb('rc_timestamp', '<', eb.ref('wl_notificationtimestamp'))]),
    );
  }
  return q;
}

/** Types, namespaces, latest revisions only, the user filters and what the caller may not search by. */
function changeConditions(ctx: WatchlistContext, query: WatchedQuery, now: string, expiryEnabled: boolean) {
  const p = ctx.params;
  let q = query;
  if (expiryEnabled) q = q.where((eb) => eb.or([eb('we_expiry', 'is', null), eb('we_expiry', '>', now)]));
  const types = (p.type ?? []).map((t) => RC_TYPES[t]);
  // No valid type (`wltype=x`) filters nothing, as in MediaWiki.
  if (types.length > 0) q = q.where('rc_type', 'in', types);
  const namespaces = p.namespace;
  // No valid namespace (`wlnamespace=x`) filters nothing, as in MediaWiki.
  if (namespaces !== undefined && namespaces.length > 0) q = q.where('rc_namespace', 'in', namespaces);
  if (p.allrev !== true) {
    q = q.where((eb) =>
      eb.or([
        eb('rc_type', '=', RC_LOG),
        eb.exists(
          eb
            .selectFrom('page')
            .select('page_id')
            .whereRef('page_id', '=', 'rc_cur_id')
            .whereRef('page_latest', '=', 'rc_this_oldid'),
        ),
      ]),
    );
  }
  const byUser = p.user ?? p.excludeuser;
  if (byUser !== undefined) {
    q = q.where('actor_name', p.user !== undefined ? '=' : '<>', byUser);
    // A search by user must not reveal the changes whose user is hidden from the caller.
    const mask = exclusionMask(ctx.user, DELETED_USER);
    if (mask !== 0) q = q.where((eb) => eb(eb('rc_deleted', '&', mask), '!=', mask));
  }
  const actionMask = logSearchMask(ctx.user).action;
  if (actionMask !== 0) {
    q = q.where((eb) => eb.or([eb('rc_type', '<>', RC_LOG), eb(eb('rc_deleted', '&', actionMask), '!=', actionMask)]));
  }
  return q;
}

/** The range of the scan: `wlstart`, `wlend`, the continue value, its order and the page size. */
function scanRange(p: WatchlistParams, after: ContinueAt | undefined, query: WatchedQuery): WatchedQuery {
  const newer = p.dir === 'newer';
  const order = newer ? 'asc' : 'desc';
  let q = query;
  if (p.start !== undefined) q = q.where('rc_timestamp', newer ? '>=' : '<=', p.start);
  if (p.end !== undefined) q = q.where('rc_timestamp', newer ? '<=' : '>=', p.end);
  if (after !== undefined) {
    const [timestamp, id] = after;
    q = q.where((eb) => eb(eb.refTuple('rc_timestamp', 'rc_id'), newer ? '>=' : '<=', eb.tuple(timestamp, id)));
  }
  return q
    .orderBy('rc_timestamp', order)
    .orderBy('rc_id', order)
    .limit(p.limit + 1);
}

/**
 * Recent changes to the titles an account watches, newest first by default: a scan of
 * `rc_timestamp` joined with the watchlist's key, continued by `timestamp|rc_id`. Without
 * `wlallrev`, only a page's latest edit (and every log entry) is listed.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const p = ctx.params;
  const owner = await watchlistOwner(ctx);
  const props = new Set(ctx.generator ? [] : p.prop);
  const { show, after } = checkParameters(ctx, props);
  const expiryEnabled = watchlistExpiryEnabled(ctx);
  const watched = () => watchedChanges(ctx, owner.id, expiryEnabled);
  const query = scanRange(
    p,
    after,
    showConditions(changeConditions(ctx, watched(), nowTimestamp(ctx), expiryEnabled), show, mayPatrol(ctx)),
  );
  // Where the store keeps rows (store/row-cache.ts), the changes' rows are kept between requests,
  // per owner: the query gives the ids alone, and only changes not kept are read whole.
  const ids = rowsCanBeKept(ctx.store) ? await query.clearSelect().select('rc_id').execute() : undefined;
  const kept =
    ids &&
    (await keptRows<ChangeRow>(
      ctx.store,
      `watchlist ${owner.id} ${expiryEnabled}`,
      ids.map((row) => row.rc_id),
      (row) => row.rc_id,
      (missing) => watched().where('rc_id', 'in', missing).execute(),
    ));
  // A change gone between the two reads would shorten the page and lose its continuation: the page
  // is then the whole query's.
  const rows: ChangeRow[] = kept && kept.length === ids?.length ? kept : await query.execute();
  if (rows.length > p.limit) {
    const next = rows[p.limit];
    ctx.setContinue(`${next.rc_timestamp}|${next.rc_id}`);
    rows.length = p.limit;
  }
  if (ctx.generator) {
    // With every revision, the generator gives the changes' revisions (as `revids=`; a log entry's
    // revision 0 among them, which the page set reports as a bad revision id, as MediaWiki's does);
    // else their pages (as `pageids=`: a log entry's page 0 among them, a missing page id).
    if (p.allrev === true) ctx.generator.addRevisionIds(rows.map((r) => r.rc_this_oldid));
    else ctx.generator.addPageIds([...new Set(rows.map((r) => r.rc_cur_id))], 'byId');
    return;
  }
  await writeChanges(ctx, props, rows);
};

/** Whether a change counts as unpatrolled for the caller, as the patrol settings of the site decide. */
function isUnpatrolled(ctx: ContextOf<typeof descriptor>, row: ChangeRow): boolean {
  if (row.rc_patrolled !== 0 || !mayPatrol(ctx)) return false;
  const setting = (name: string) => ctx.site.settings[name] !== false;
  if (setting('UseRCPatrol')) return true;
  if (setting('UseNPPatrol') && row.rc_type === RC_NEW) return true;
  return setting('UseFilePatrol') && row.rc_log_type === 'upload';
}

/** The `logdisplay` lines of these log changes, as the caller may see them. */
function logDisplays(ctx: ContextOf<typeof descriptor>, logRows: readonly ChangeRow[]): Promise<string[]> {
  return keptLogDisplays(
    ctx,
    logRows.map((r) => {
      const performerShown = canSeeField(ctx.user, r.rc_deleted, DELETED_USER);
      return {
        // The change and whether its performer is shown name the line.
        key: `${r.rc_id}${performerShown ? '' : ' hidden'}`,
        entry: {
          type: r.rc_log_type ?? '',
          action: r.rc_log_action ?? '',
          timestamp: r.rc_timestamp,
          params: r.rc_params ?? '',
          namespace: r.rc_namespace,
          dbKey: r.rc_title,
          performer: performerShown ? (r.actor_name ?? '') : undefined,
          performerIsUser: (r.actor_user ?? 0) !== 0,
        },
      };
    }),
  );
}

/** One answer item per change, with MediaWiki's fields in its order. */
async function writeChanges(
  ctx: ContextOf<typeof descriptor>,
  props: ReadonlySet<string>,
  rows: readonly ChangeRow[],
): Promise<void> {
  const caller = ctx.user;
  const parsed = props.has('parsedcomment')
    ? await commentFormatterFor(ctx).format(
        rows.map((r) => ({ comment: r.rc_comment, title: { namespace: r.rc_namespace, dbKey: r.rc_title } })),
      )
    : undefined;
  const tags = props.has('tags')
    ? await tagsOf(
        ctx,
        'recentchanges',
        rows.map((r) => r.rc_id),
      )
    : undefined;
  const logRows = rows.filter((r) => r.rc_type === RC_LOG);
  const displays = props.has('loginfo') ? await logDisplays(ctx, logRows) : undefined;
  const out = ctx.result.list('item');
  let logIndex = -1;
  for (const [index, row] of rows.entries()) {
    const item: ResultObject = { type: RC_TYPE_NAMES.get(row.rc_type) ?? String(row.rc_type) };
    let anyHidden = false;
    const isLog = row.rc_type === RC_LOG;
    if (isLog) logIndex++;
    const actionHidden = isLog && (row.rc_deleted & DELETED_ACTION) !== 0;
    const actionVisible = !isLog || canSeeLogField(caller, row.rc_deleted, DELETED_ACTION);
    if (props.has('title') || props.has('ids')) {
      if (actionHidden) {
        item.actionhidden = true;
        anyHidden = true;
      }
      if (actionVisible) {
        if (props.has('title')) {
          item.ns = row.rc_namespace;
          item.title = titleText(ctx.titles, row.rc_namespace, row.rc_title);
        }
        if (props.has('ids')) {
          item.pageid = row.rc_cur_id;
          item.revid = row.rc_this_oldid;
          item.old_revid = row.rc_last_oldid;
        }
      }
    }
    if (props.has('user') || props.has('userid')) {
      if ((row.rc_deleted & DELETED_USER) !== 0) {
        item.userhidden = true;
        anyHidden = true;
      }
      if (canSeeField(caller, row.rc_deleted, DELETED_USER)) {
        if (props.has('userid')) item.userid = row.actor_user ?? 0;
        if (props.has('user')) item.user = row.actor_name ?? '';
        else if (props.has('userid')) item.user = row.actor_user ?? 0;
        item.anon = !row.actor_user;
      }
    }
    if (props.has('flags')) {
      item.bot = row.rc_bot !== 0;
      item.new = row.rc_type === RC_NEW;
      item.minor = row.rc_minor !== 0;
    }
    if (props.has('sizes')) {
      item.oldlen = row.rc_old_len ?? 0;
      item.newlen = row.rc_new_len ?? 0;
    }
    if (props.has('timestamp')) item.timestamp = mwToIso(row.rc_timestamp);
    if (props.has('notificationtimestamp')) {
      item.notificationtimestamp = row.wl_notificationtimestamp ? mwToIso(row.wl_notificationtimestamp) : '';
    }
    if (props.has('comment') || props.has('parsedcomment')) {
      if ((row.rc_deleted & DELETED_COMMENT) !== 0) {
        item.commenthidden = true;
        anyHidden = true;
      }
      if (canSeeField(caller, row.rc_deleted, DELETED_COMMENT)) {
        if (props.has('comment')) item.comment = row.rc_comment;
        if (parsed) item.parsedcomment = parsed[index];
      }
    }
    if (props.has('patrol')) {
      item.patrolled = row.rc_patrolled !== 0;
      item.unpatrolled = isUnpatrolled(ctx, row);
      item.autopatrolled = row.rc_patrolled === PRC_AUTOPATROLLED;
    }
    if (props.has('loginfo') && isLog) {
      if (actionHidden) {
        item.actionhidden = true;
        anyHidden = true;
      }
      if (actionVisible) {
        Object.assign(item, recentChangeLogInfo(row, ctx.titles));
        if (displays) item.logdisplay = displays[logIndex];
      }
    }
    if (tags) item.tags = list('tag', tags.get(row.rc_id) ?? []);
    if (props.has('expiry'))
      item.expiry = row.we_expiry && row.we_expiry !== 'infinity' ? mwToIso(row.we_expiry) : false;
    if (anyHidden && (row.rc_deleted & DELETED_RESTRICTED) !== 0) item.suppressed = true;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(`${row.rc_timestamp}|${row.rc_id}`);
      return;
    }
    out.push(item);
  }
}

/** Who may keep the answer: only the caller (the watchlist is the caller's or its owner's). */
export const cacheMode: ModuleCacheMode<typeof descriptor> = () => 'private';
