/**
 * Accounts as `list=users` and `list=allusers` describe them: the block in force on each account
 * (and whether it hides the name), memberships in force, and the groups and rights they give.
 * Names hidden by a block with `ipb_deleted` are left out for callers without `hideuser`.
 */
import { precompiled } from '@svc/common';
import type { ExpressionBuilder } from 'kysely';
import { membershipInForce } from '../../accounts/account.js';
import { BLOCK_COLUMNS, type BlockRow, blockFromRow, type UserBlock } from '../../accounts/blocks.js';
import type { GroupMembership, ModuleContext } from '../../api/module.js';
import { toMwTimestamp } from '../../api/params/timestamp.js';
import { type AccountGroups, accountGroups } from '../../api/user.js';
import type { WikiDatabase } from '../../store/schema.js';

export interface AccountBlock {
  block: UserBlock;
  /** The block hides the user's name (`ipb_deleted`). */
  hidden: boolean;
}

/** Whether the caller sees names that blocks hide. */
export function seesHiddenUsers(ctx: ModuleContext): boolean {
  return ctx.user.rights.has('hideuser');
}

/** A condition on `user` rows: no block in force hides the account (for callers without `hideuser`). */
export function notHiddenByBlock(now: string) {
  return (eb: ExpressionBuilder<WikiDatabase, 'user'>) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('ipblocks')
          .select('ipb_id')
          .whereRef('ipb_user', '=', 'user.user_id')
          .where('ipb_deleted', '=', 1)
          .where('ipb_expiry', '>', now),
      ),
    );
}

/** The blocks in force on these accounts, by user id (one index lookup per account). */
export async function accountBlocks(
  ctx: ModuleContext,
  userIds: readonly number[],
): Promise<Map<number, AccountBlock>> {
  const blocks = new Map<number, AccountBlock>();
  if (userIds.length === 0) return blocks;
  const now = toMwTimestamp(ctx.now);
  const { rows } = await ctx.store.db.executeQuery(
    precompiled(
      ctx.store.db,
      `account blocks ${userIds.length}`,
      (db) =>
        db
          .selectFrom('ipblocks')
          .leftJoin('actor', 'actor.actor_id', 'ipblocks.ipb_by_actor')
          .select([...BLOCK_COLUMNS, 'ipb_deleted'])
          .where('ipb_user', 'in', [...userIds])
          .where('ipb_expiry', '>', now)
          .orderBy('ipb_id'),
      [...userIds, now],
    ),
  );
  for (const row of rows) {
    if (blocks.has(row.ipb_user)) continue;
    blocks.set(row.ipb_user, { block: blockFromRow(row as BlockRow), hidden: row.ipb_deleted !== 0 });
  }
  return blocks;
}

/** Memberships in force of these accounts, by user id, each list by group name. */
export async function accountMemberships(
  ctx: ModuleContext,
  userIds: readonly number[],
): Promise<Map<number, GroupMembership[]>> {
  const out = new Map<number, GroupMembership[]>();
  if (userIds.length === 0) return out;
  const nowTs = toMwTimestamp(ctx.now);
  const { rows } = await ctx.store.db.executeQuery(
    precompiled(
      ctx.store.db,
      `account memberships ${userIds.length}`,
      (db) =>
        db
          .selectFrom('user_groups')
          .select(['ug_user', 'ug_group', 'ug_expiry'])
          .where('ug_user', 'in', [...userIds])
          .orderBy('ug_user')
          .orderBy('ug_group'),
      userIds,
    ),
  );
  for (const row of rows) {
    if (!membershipInForce(row.ug_expiry, nowTs)) continue;
    const list = out.get(row.ug_user) ?? [];
    list.push({ group: row.ug_group, expiry: row.ug_expiry ?? 'infinity' });
    out.set(row.ug_user, list);
  }
  return out;
}

/** One preference of these accounts (`gender`, `disablemail`), by user id. */
export async function accountPreference(
  ctx: ModuleContext,
  userIds: readonly number[],
  property: string,
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (userIds.length === 0) return out;
  const { rows } = await ctx.store.db.executeQuery(
    precompiled(
      ctx.store.db,
      `account preference ${userIds.length}`,
      (db) =>
        db
          .selectFrom('user_properties')
          .select(['up_user', 'up_value'])
          .where('up_user', 'in', [...userIds])
          .where('up_property', '=', property),
      [...userIds, property],
    ),
  );
  for (const row of rows) out.set(row.up_user, row.up_value ?? '');
  return out;
}

/** An account row's memberships in force and the groups and rights they give. */
export function groupsOfRow(
  ctx: ModuleContext,
  row: { user_id: number; user_editcount: number | null; user_registration: string | null },
  memberships: ReadonlyMap<number, GroupMembership[]>,
): AccountGroups & { memberships: GroupMembership[] } {
  const own = memberships.get(row.user_id) ?? [];
  const derived = accountGroups(
    ctx.site,
    { editCount: row.user_editcount ?? 0, registration: row.user_registration, memberships: own },
    ctx.now,
  );
  return { ...derived, memberships: own };
}
