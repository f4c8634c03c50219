import { RESTRICTION_ACTION, RESTRICTION_NAMESPACE, RESTRICTION_PAGE } from '../../accounts/blocks.js';
import { apiError, mutuallyExclusive } from '../../api/errors.js';
import { parseContinueValue, prefixUpperBound } from '../../api/keyset.js';
import type { ContextOf, ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso, toMwTimestamp } from '../../api/params/timestamp.js';
import { assoc, list, type ResultObject, type ResultValue } from '../../api/result/tree.js';
import { hexToIP, ipRangeHex, sanitizeIP } from '../../site/ip-address.js';

/** `list=blocks`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'blocks',
  group: 'list',
  prefix: 'bk',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryBlocks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Blocks',
  parameters: [
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'ids', type: 'integer', multi: true },
    { name: 'users', type: 'user', multi: true, subtypes: ['name', 'ip', 'temp', 'cidr'] },
    { name: 'ip', type: 'string' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    {
      name: 'prop',
      type: [
        'by',
        'byid',
        'expiry',
        'flags',
        'id',
        'parsedreason',
        'range',
        'reason',
        'restrictions',
        'timestamp',
        'user',
        'userid',
      ],
      default: 'id|user|by|timestamp|expiry|reason|flags',
      multi: true,
    },
    { name: 'show', type: ['!account', '!ip', '!range', '!temp', 'account', 'ip', 'range', 'temp'], multi: true },
    { name: 'continue', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

/** `$wgBlockCIDRLimit`: the broadest ranges `bkip` may name. */
const DEFAULT_CIDR_LIMIT = { IPv4: 16, IPv6: 19 };
/** The actions a partial block may name, by their stored ids (`BlockActionInfo`). */
const BLOCK_ACTIONS: Record<number, string> = { 1: 'upload', 2: 'move', 3: 'create' };

/** `bkip`: the hex bounds that blocks covering the address or range must span. */
function coveringRange(ctx: ContextOf<typeof descriptor>, ip: string): { start: string; end: string; prefix: string } {
  const range = ipRangeHex(ip);
  if (!range) throw apiError('param_ip', 'apierror-badip');
  const configured = ctx.site.settings.BlockCIDRLimit as { IPv4?: number; IPv6?: number } | undefined;
  const type = range.version === 4 ? 'IPv4' : 'IPv6';
  const limit = configured?.[type] ?? DEFAULT_CIDR_LIMIT[type];
  if (ip.includes('/') && range.bits < limit) throw apiError('cidrtoobroad', 'apierror-cidrtoobroad', [type, limit]);
  // Every block wide enough to cover the address starts with the hex digits of the broadest allowed range.
  const prefix = range.start.slice(0, (range.version === 6 ? 3 : 0) + Math.floor(limit / 4));
  return { start: range.start, end: range.end, prefix };
}

function showConditions(ctx: ContextOf<typeof descriptor>): Set<string> {
  const show = new Set<string>(ctx.params.show ?? []);
  for (const value of ['account', 'ip', 'range', 'temp']) {
    if (show.has(value) && show.has(`!${value}`)) throw apiError('show', 'apierror-show');
  }
  return show;
}

/**
 * Blocks in force, newest first by default: a scan of `ipb_timestamp` continued by
 * `timestamp|id`, narrowed by ids, blocked names, an address (the blocks whose range holds it) and
 * the kind of target. Autoblocks do not show their address; blocks that hide a user name are
 * listed only for callers with `hideuser`.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const p = ctx.params;
  if (p.users !== undefined && p.ip !== undefined) {
    throw mutuallyExclusive([ctx.paramName('users'), ctx.paramName('ip')]);
  }
  // As in MediaWiki, the continue value is read first, then the address, then the show values.
  const after = p.continue === undefined ? undefined : parseContinueValue(p.continue, ['timestamp', 'looseint']);
  const covering = p.ip === undefined ? undefined : coveringRange(ctx, p.ip);
  const show = showConditions(ctx);
  const props = new Set(p.prop);
  const limit = p.limit;
  const newer = p.dir === 'newer';
  const order = newer ? 'asc' : 'desc';
  let query = ctx.store.db
    .selectFrom('ipblocks')
    .leftJoin('actor', 'actor_id', 'ipb_by_actor')
    .selectAll('ipblocks')
    .select(['actor_name', 'actor_user'])
    .where('ipb_expiry', '>', toMwTimestamp(ctx.now));
  if (!ctx.user.rights.has('hideuser')) query = query.where('ipb_deleted', '=', 0);
  // An empty `ids` or `users` (`bkids=`) narrows nothing, as MediaWiki skips an empty list.
  const ids = p.ids;
  if (ids !== undefined && ids.length > 0) query = query.where('ipb_id', 'in', ids);
  const users = p.users;
  if (users !== undefined && users.length > 0) {
    query = query.where('ipb_address', 'in', users.map(sanitizeRange)).where('ipb_auto', '=', 0);
  }
  if (p.ip !== undefined) {
    const range = covering as NonNullable<typeof covering>;
    query = query
      .where('ipb_range_start', '>=', range.prefix)
      .where('ipb_range_start', '<', prefixUpperBound(range.prefix))
      .where('ipb_range_start', '<=', range.start)
      .where('ipb_range_end', '>=', range.end)
      .where('ipb_auto', '=', 0);
  }
  if (show.has('account')) query = query.where('ipb_user', '<>', 0);
  if (show.has('!account')) query = query.where('ipb_user', '=', 0);
  if (show.has('ip')) query = query.where('ipb_user', '=', 0).whereRef('ipb_range_end', '=', 'ipb_range_start');
  if (show.has('!ip')) {
    query = query.where((eb) => eb.or([eb('ipb_user', '<>', 0), eb('ipb_range_end', '>', eb.ref('ipb_range_start'))]));
  }
  if (show.has('range')) query = query.where('ipb_user', '=', 0).whereRef('ipb_range_end', '>', 'ipb_range_start');
  if (show.has('!range')) {
    query = query.where((eb) => eb.or([eb('ipb_user', '<>', 0), eb('ipb_range_end', '=', eb.ref('ipb_range_start'))]));
  }
  // `temp` is a block that expires, `!temp` one for ever.
  if (show.has('temp')) query = query.where('ipb_expiry', '<>', 'infinity');
  if (show.has('!temp')) query = query.where('ipb_expiry', '=', 'infinity');
  if (p.start !== undefined) query = query.where('ipb_timestamp', newer ? '>=' : '<=', p.start);
  if (p.end !== undefined) query = query.where('ipb_timestamp', newer ? '<=' : '>=', p.end);
  if (after !== undefined) {
    const [timestamp, id] = after;
    query = query.where((eb) =>
      eb(eb.refTuple('ipb_timestamp', 'ipb_id'), newer ? '>=' : '<=', eb.tuple(timestamp, id)),
    );
  }
  const rows = await query
    .orderBy('ipb_timestamp', order)
    .orderBy('ipb_id', order)
    .limit(limit + 1)
    .execute();
  if (rows.length > limit) {
    const next = rows[limit];
    ctx.setContinue(`${next.ipb_timestamp}|${next.ipb_id}`);
    rows.length = limit;
  }
  const restrictions = props.has('restrictions')
    ? await partialRestrictions(
        ctx,
        rows.filter((r) => r.ipb_sitewide === 0).map((r) => r.ipb_id),
      )
    : undefined;
  const out = ctx.result.list('block');
  for (const row of rows) {
    const automatic = row.ipb_auto !== 0;
    // An object even when no property is asked for (`bkprop=flags` of a block with none set).
    const item: ResultObject = assoc({});
    if (props.has('id')) item.id = row.ipb_id;
    if (props.has('user') && !automatic) item.user = row.ipb_address;
    if (props.has('userid') && !automatic) item.userid = row.ipb_user;
    if (props.has('by')) item.by = row.actor_name ?? '';
    if (props.has('byid')) item.byid = row.actor_user ?? 0;
    if (props.has('timestamp')) item.timestamp = mwToIso(row.ipb_timestamp);
    if (props.has('expiry')) item.expiry = row.ipb_expiry === 'infinity' ? 'infinity' : mwToIso(row.ipb_expiry);
    if (props.has('reason')) item.reason = row.ipb_reason;
    if (props.has('range') && !automatic) {
      item.rangestart = hexToIP(row.ipb_range_start);
      item.rangeend = hexToIP(row.ipb_range_end);
    }
    if (props.has('flags')) {
      item.automatic = automatic;
      item.anononly = row.ipb_anon_only !== 0;
      item.nocreate = row.ipb_create_account !== 0;
      item.autoblock = row.ipb_enable_autoblock !== 0;
      item.noemail = row.ipb_block_email !== 0;
      item.hidden = row.ipb_deleted !== 0;
      item.allowusertalk = row.ipb_allow_usertalk !== 0;
      item.partial = row.ipb_sitewide === 0;
    }
    if (restrictions) item.restrictions = restrictions.get(row.ipb_id) ?? [];
    if (!ctx.result.fits(item)) {
      ctx.setContinue(`${row.ipb_timestamp}|${row.ipb_id}`);
      return;
    }
    out.push(item);
  }
};

/** A range as MediaWiki stores it: the address part cut to its prefix (`198.51.100.7/24` → `198.51.100.0/24`). */
function sanitizeRange(target: string): string {
  const range = target.includes('/') ? ipRangeHex(target) : undefined;
  if (!range) return sanitizeIP(target);
  return `${hexToIP(range.start)}/${range.bits}`;
}

/**
 * The pages, namespaces and actions partial blocks are limited to, by block id; XML names each
 * list's items by the kind of restriction (`<page>`, `<ns>`, `<action>`).
 */
async function partialRestrictions(
  ctx: ContextOf<typeof descriptor>,
  blockIds: readonly number[],
): Promise<Map<number, ResultValue>> {
  const out = new Map<number, ResultValue>();
  if (blockIds.length === 0) return out;
  const rows = await ctx.store.db
    .selectFrom('ipblocks_restrictions')
    .leftJoin('page', (join) => join.onRef('page_id', '=', 'ir_value').on('ir_type', '=', RESTRICTION_PAGE))
    .select(['ir_ipb_id', 'ir_type', 'ir_value', 'page_namespace', 'page_title'])
    .where('ir_ipb_id', 'in', [...blockIds])
    .orderBy('ir_ipb_id')
    .orderBy('ir_type')
    .orderBy('ir_value')
    .execute();
  for (const row of rows) {
    const entry = (out.get(row.ir_ipb_id) as ResultObject | undefined) ?? {};
    if (row.ir_type === RESTRICTION_PAGE) {
      const page: ResultObject = { id: row.ir_value };
      if (row.page_title !== null && row.page_namespace !== null) {
        page.ns = row.page_namespace;
        page.title = ctx.titles.prefixedText({ namespace: row.page_namespace, dbKey: row.page_title, interwiki: '' });
      }
      entry.pages = list('page', [...((entry.pages as ResultObject[] | undefined) ?? []), page]);
    } else if (row.ir_type === RESTRICTION_NAMESPACE) {
      entry.namespaces = list('ns', [...((entry.namespaces as number[] | undefined) ?? []), row.ir_value]);
    } else if (row.ir_type === RESTRICTION_ACTION && BLOCK_ACTIONS[row.ir_value]) {
      entry.actions = list('action', [...((entry.actions as string[] | undefined) ?? []), BLOCK_ACTIONS[row.ir_value]]);
    }
    out.set(row.ir_ipb_id, entry);
  }
  return out;
}

/** Who may keep the answer: only the caller (as MediaWiki keeps it). */
export const cacheMode: ModuleCacheMode<typeof descriptor> = () => 'private';
