/**
 * The block that applies to a caller: a block of the account, or a block of the client's address
 * or of a range holding it (blocks for anonymous users only spare logged-in users, and the right
 * `ipblock-exempt` spares a user every address block). Expired blocks are ignored.
 */
import { isIPv4, isIPv6 } from '../site/ip-address.js';
import type { WikiStore } from '../store/database.js';

export interface UserBlock {
  id: number;
  /** Who blocked, and their user id (0 for an imported name). */
  by: string;
  byId: number;
  reason: string;
  /** MediaWiki timestamps; `expiry` may be `infinity`. */
  timestamp: string;
  expiry: string;
  sitewide: boolean;
  noCreate: boolean;
  anonOnly: boolean;
  noEmail: boolean;
  allowUserTalk: boolean;
}

/** `ir_type` of a partial block's restrictions (`ipblocks_restrictions`). */
export const RESTRICTION_PAGE = 1;
export const RESTRICTION_NAMESPACE = 2;
export const RESTRICTION_ACTION = 3;

/** The pages (by id) and namespaces a partial block keeps its user from editing. */
export interface BlockScope {
  pages: ReadonlySet<number>;
  namespaces: ReadonlySet<number>;
}

/** A partial block's pages and namespaces, as its restriction rows name them. */
export async function partialBlockScope(store: WikiStore, blockId: number): Promise<BlockScope> {
  const rows = await store.db
    .selectFrom('ipblocks_restrictions')
    .select(['ir_type', 'ir_value'])
    .where('ir_ipb_id', '=', blockId)
    .execute();
  const pages = new Set<number>();
  const namespaces = new Set<number>();
  for (const row of rows) {
    if (row.ir_type === RESTRICTION_PAGE) pages.add(row.ir_value);
    else if (row.ir_type === RESTRICTION_NAMESPACE) namespaces.add(row.ir_value);
  }
  return { pages, namespaces };
}

/** An address in MediaWiki's hex form (`ipb_range_start`): 8 digits for IPv4, `v6-` and 32 for IPv6. */
export function ipHex(ip: string): string | undefined {
  if (isIPv4(ip)) {
    return ip
      .split('.')
      .map((part) => Number(part).toString(16).padStart(2, '0'))
      .join('')
      .toUpperCase();
  }
  if (!isIPv6(ip)) return undefined;
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  if (groups.length !== 8) return undefined;
  return `v6-${groups
    .map((g) => g.padStart(4, '0'))
    .join('')
    .toUpperCase()}`;
}

/** The columns of `ipblocks` (joined with the blocker's `actor`) that make a UserBlock. */
export const BLOCK_COLUMNS = [
  'ipb_id',
  'ipb_user',
  'ipb_reason',
  'ipb_timestamp',
  'ipb_expiry',
  'ipb_sitewide',
  'ipb_create_account',
  'ipb_anon_only',
  'ipb_block_email',
  'ipb_allow_usertalk',
  'actor.actor_name',
  'actor.actor_user',
] as const;

export interface BlockRow {
  ipb_id: number;
  ipb_reason: string;
  ipb_timestamp: string;
  ipb_expiry: string;
  ipb_sitewide: number;
  ipb_create_account: number;
  ipb_anon_only: number;
  ipb_block_email: number;
  ipb_allow_usertalk: number;
  actor_name: string | null;
  actor_user: number | null;
}

export function blockFromRow(row: BlockRow): UserBlock {
  return {
    id: row.ipb_id,
    by: row.actor_name ?? '',
    byId: row.actor_user ?? 0,
    reason: row.ipb_reason,
    timestamp: row.ipb_timestamp,
    expiry: row.ipb_expiry,
    sitewide: row.ipb_sitewide === 1,
    noCreate: row.ipb_create_account === 1,
    anonOnly: row.ipb_anon_only === 1,
    noEmail: row.ipb_block_email === 1,
    allowUserTalk: row.ipb_allow_usertalk === 1,
  };
}

export async function findBlock(
  store: WikiStore,
  user: { id: number; ip: string; ipExempt: boolean },
  now: string,
): Promise<UserBlock | undefined> {
  const hex = user.ipExempt ? undefined : ipHex(user.ip);
  const rows = await store.db
    .selectFrom('ipblocks')
    .leftJoin('actor', 'actor.actor_id', 'ipblocks.ipb_by_actor')
    .select(BLOCK_COLUMNS)
    .where((eb) => {
      const conditions = [];
      if (user.id !== 0) conditions.push(eb('ipb_user', '=', user.id));
      if (hex !== undefined) {
        conditions.push(eb.and([eb('ipb_user', '=', 0), eb('ipb_address', '=', user.ip)]));
        conditions.push(
          eb.and([eb('ipb_user', '=', 0), eb('ipb_range_start', '<=', hex), eb('ipb_range_end', '>=', hex)]),
        );
      }
      return conditions.length > 0 ? eb.or(conditions) : eb.val(false);
    })
    .orderBy('ipb_id')
    .execute();
  const live = rows.filter(
    (row) =>
      (row.ipb_expiry === 'infinity' || row.ipb_expiry > now) &&
      (row.ipb_user !== 0 || user.id === 0 || row.ipb_anon_only === 0),
  );
  // An account block speaks for the account; otherwise the first address block.
  const row = live.find((r) => r.ipb_user !== 0) ?? live[0];
  if (!row) return undefined;
  return blockFromRow(row);
}
