import type { ExpressionBuilder } from 'kysely';
import { mutuallyExclusive } from '../../api/errors.js';
import { prefixUpperBound } from '../../api/keyset.js';
import type { ContextOf, ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso, toMwTimestamp } from '../../api/params/timestamp.js';
import { list, type ResultObject } from '../../api/result/tree.js';
import { rightsOfGroups, siteGroups } from '../../site/group-permissions.js';
import { NS_USER } from '../../site/title.js';
import type { WikiDatabase } from '../../store/schema.js';
import {
  accountBlocks,
  accountMemberships,
  groupsOfRow,
  notHiddenByBlock,
  seesHiddenUsers,
} from '../support/accounts.js';
import { blockDetails, centralIdDetails } from '../support/user-info.js';
import { RIGHTS, USER_GROUPS } from '../values.js';

/** `list=allusers`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'allusers',
  group: 'list',
  prefix: 'au',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllUsers',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allusers',
  parameters: [
    { name: 'from', type: 'string' },
    { name: 'to', type: 'string' },
    { name: 'prefix', type: 'string' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
    { name: 'group', type: USER_GROUPS, multi: true },
    { name: 'excludegroup', type: USER_GROUPS, multi: true },
    { name: 'rights', type: RIGHTS, multi: true },
    {
      name: 'prop',
      type: ['blockinfo', 'centralids', 'editcount', 'groups', 'implicitgroups', 'registration', 'rights'],
      multi: true,
    },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'witheditsonly', type: 'boolean' },
    { name: 'activeusers', type: 'boolean' },
    { name: 'attachedwiki', type: 'string' },
    { name: 'excludenamed', type: 'boolean' },
    { name: 'excludetemp', type: 'boolean' },
  ],
} as const satisfies ModuleDescriptor;

/** MediaWiki's `$wgActiveUserDays`. */
const DEFAULT_ACTIVE_USER_DAYS = 30;
/** `rc_type` of changes from outside the wiki (Wikidata), which do not make a user active. */
const RC_EXTERNAL = 5;

/** A user name typed by the client as stored: spaces, first letter upper-cased. */
function userNameKey(ctx: ContextOf<typeof descriptor>, typed: string): string {
  return ctx.titles.capitalize(typed.replace(/_/g, ' '), NS_USER);
}

/**
 * The groups granting any of `aurights` (the implicit ones too, which have no members), or
 * undefined when no rights are asked for.
 */
function groupsGranting(ctx: ContextOf<typeof descriptor>): string[] | undefined {
  const rights = ctx.params.rights;
  if (rights === undefined || rights.length === 0) return undefined;
  return [...siteGroups(ctx.site).granted.entries()]
    .filter(([, granted]) => rights.some((r) => granted.get(r) === true))
    .map(([group]) => group);
}

/**
 * Registered accounts by name (a range of the `user_name` index, continued by `aufrom`), filtered
 * by group, rights, edits and recent activity. Names hidden by a block are left out for callers
 * without `hideuser`.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const p = ctx.params;
  // Rights no group grants match no account: as in MediaWiki, the list is empty at once, whatever
  // augroup and auexcludegroup say.
  const granting = groupsGranting(ctx);
  if (granting !== undefined && granting.length === 0) {
    ctx.result.list('u');
    return;
  }
  // Other rights stand for the groups granting them, so they exclude excludegroup as augroup does,
  // and the error names augroup.
  if ((p.group !== undefined || granting !== undefined) && p.excludegroup !== undefined) {
    throw mutuallyExclusive([ctx.paramName('group'), ctx.paramName('excludegroup')]);
  }
  const out = ctx.result.list('u');
  // A group list left empty (`augroup=` or only unknown groups) filters nothing, as in MediaWiki.
  const asked = p.group !== undefined && p.group.length > 0 ? p.group : undefined;
  const groups = granting === undefined ? asked : [...new Set([...(asked ?? []), ...granting])];
  const limit = p.limit;
  const descending = p.dir === 'descending';
  const nowTs = toMwTimestamp(ctx.now);
  const days = ctx.site.settings.ActiveUserDays;
  const activeDays = typeof days === 'number' ? days : DEFAULT_ACTIVE_USER_DAYS;
  const activeSince = toMwTimestamp(new Date(ctx.now.getTime() - activeDays * 86400_000));

  let query = ctx.store.db
    .selectFrom('user')
    .select(['user.user_id', 'user.user_name', 'user.user_editcount', 'user.user_registration']);
  const from = p.from;
  const to = p.to;
  const prefix = p.prefix;
  if (from !== undefined) query = query.where('user_name', descending ? '<=' : '>=', userNameKey(ctx, from));
  if (to !== undefined) query = query.where('user_name', descending ? '>=' : '<=', userNameKey(ctx, to));
  if (prefix !== undefined) {
    const key = userNameKey(ctx, prefix);
    query = query.where('user_name', '>=', key).where('user_name', '<', prefixUpperBound(key));
  }
  if (groups !== undefined) query = query.where((eb) => eb.exists(membershipIn(eb, groups, nowTs)));
  const excluded = p.excludegroup;
  if (excluded !== undefined && excluded.length > 0) {
    query = query.where((eb) => eb.not(eb.exists(membershipIn(eb, excluded, nowTs))));
  }
  if (p.witheditsonly === true) query = query.where('user_editcount', '>', 0);
  if (!seesHiddenUsers(ctx)) query = query.where(notHiddenByBlock(nowTs));
  const active = p.activeusers === true;
  if (active) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('recentchanges')
          .innerJoin('actor', 'actor_id', 'rc_actor')
          .select('rc_id')
          .whereRef('actor_user', '=', 'user.user_id')
          .where('rc_type', '<>', RC_EXTERNAL)
          .where((w) => w.or([w('rc_log_type', 'is', null), w('rc_log_type', '<>', 'newusers')]))
          .where('rc_timestamp', '>=', activeSince),
      ),
    );
  }
  const rows = await query
    .$if(groups !== undefined, (q) =>
      q.select((eb) =>
        eb
          .selectFrom(membershipIn(eb, groups ?? [], nowTs).as('m'))
          .select(eb.fn.countAll().as('n'))
          .as('memberships'),
      ),
    )
    .orderBy('user_name', descending ? 'desc' : 'asc')
    .limit(limit + 1)
    .execute();
  // MediaWiki joins the memberships in the groups asked for, one row each, and counts those rows
  // against the limit (a member of two of the groups takes two): the list stops at the first
  // account whose first row comes after the limit.
  let position = 1;
  let kept = 0;
  while (kept < rows.length && position <= limit) {
    const memberships = (rows[kept] as { memberships?: number | string | bigint }).memberships;
    position += memberships === undefined ? 1 : Math.max(1, Number(memberships));
    kept++;
  }
  if (kept < rows.length) {
    ctx.setContinue(rows[kept].user_name, 'from');
    rows.length = kept;
  }
  const ids = rows.map((r) => r.user_id);
  const props = new Set(p.prop ?? []);
  const needGroups = props.has('groups') || props.has('implicitgroups') || props.has('rights');
  const [memberships, blocks, counts] = await Promise.all([
    needGroups ? accountMemberships(ctx, ids) : undefined,
    accountBlocks(ctx, ids),
    active ? recentActionCounts(ctx, ids, activeSince) : undefined,
  ]);
  for (const row of rows) {
    const item: ResultObject = { userid: row.user_id, name: row.user_name };
    if (props.has('centralids')) {
      Object.assign(item, centralIdDetails(row.user_id, ctx.site.wikiId, p.attachedwiki));
    }
    const block = blocks.get(row.user_id);
    if (props.has('blockinfo') && block) Object.assign(item, blockDetails(block.block, ctx));
    if (block?.hidden) item.hidden = true;
    if (props.has('editcount')) item.editcount = row.user_editcount ?? 0;
    if (counts) item.recentactions = counts.get(row.user_id) ?? 0;
    if (props.has('registration')) item.registration = row.user_registration ? mwToIso(row.user_registration) : '';
    if (memberships) {
      const derived = groupsOfRow(ctx, row, memberships);
      const own = derived.memberships;
      // Here MediaWiki lists the implicit groups first, and the rights in that order.
      const ordered = [...derived.implicitGroups, ...own.map((m) => m.group)];
      if (props.has('groups')) item.groups = list('g', ordered);
      if (props.has('implicitgroups')) item.implicitgroups = list('g', derived.implicitGroups);
      if (props.has('rights')) item.rights = list('r', rightsOf(ctx, ordered));
    }
    if (!ctx.result.fits(item)) {
      ctx.setContinue(row.user_name, 'from');
      return;
    }
    out.push(item);
  }
};

/** The account's memberships in force in one of `groups` (a lookup of the `user_groups` key). */
function membershipIn(eb: ExpressionBuilder<WikiDatabase, 'user'>, groups: readonly string[], nowTs: string) {
  return eb
    .selectFrom('user_groups')
    .select('ug_user')
    .whereRef('ug_user', '=', 'user.user_id')
    .where('ug_group', 'in', [...groups])
    .where((w) => w.or([w('ug_expiry', 'is', null), w('ug_expiry', '>', nowTs)]));
}

function rightsOf(ctx: ContextOf<typeof descriptor>, groups: readonly string[]): string[] {
  return rightsOfGroups(siteGroups(ctx.site), groups);
}

/** Each account's actions in recent changes since `since` (log entries of new accounts not counted). */
async function recentActionCounts(
  ctx: ContextOf<typeof descriptor>,
  userIds: readonly number[],
  since: string,
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await ctx.store.db
    .selectFrom('recentchanges')
    .innerJoin('actor', 'actor_id', 'rc_actor')
    .select(['actor_user', (eb) => eb.fn.countAll<number | string>().as('actions')])
    .where('actor_user', 'in', [...userIds])
    .where('rc_type', '<>', RC_EXTERNAL)
    .where((w) => w.or([w('rc_log_type', 'is', null), w('rc_log_type', '<>', 'newusers')]))
    .where('rc_timestamp', '>=', since)
    .groupBy('actor_user')
    .execute();
  return new Map(rows.map((r) => [r.actor_user ?? 0, Number(r.actions)]));
}

/** Who may keep the answer: shared caches for callers without a session only (hidden users are shown to those who may see them). */
export const cacheMode: ModuleCacheMode<typeof descriptor> = () => 'anon-public-user-private';
