/** An account as a session and a login read it: name, edit count, registration, memberships in force. */
import { primaryOf, type WikiStore } from '../store/database.js';
import { toMwTimestamp } from '../text/timestamps.js';

/** An explicit group membership in force: the group and its expiry (`infinity` when none). */
export interface GroupMembership {
  group: string;
  /** MediaWiki timestamp, or `infinity`. */
  expiry: string;
}

/** What a session's account needs to become a RequestUser. */
export interface AccountForRequest {
  id: number;
  name: string;
  editCount: number;
  /** MediaWiki timestamp, or null for very old accounts. */
  registration: string | null;
  memberships: GroupMembership[];
  /** The grants of the bot password the session was opened with. */
  botPassword?: { appId: string; grants: string[] };
}

/** Whether a membership is still in force at `nowTs` (a MediaWiki timestamp). */
export function membershipInForce(expiry: string | null, nowTs: string): boolean {
  return expiry === null || expiry === 'infinity' || expiry > nowTs;
}

/** Loads an account's name, edit count, registration and memberships in force. */
export async function loadAccount(
  store: WikiStore,
  userId: number,
  now: Date,
): Promise<Omit<AccountForRequest, 'botPassword'> | undefined> {
  const [user, groups] = await Promise.all([
    primaryOf(store)
      .selectFrom('user')
      .select(['user_id', 'user_name', 'user_editcount', 'user_registration'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    primaryOf(store)
      .selectFrom('user_groups')
      .select(['ug_group', 'ug_expiry'])
      .where('ug_user', '=', userId)
      .orderBy('ug_group')
      .execute(),
  ]);
  if (!user) return undefined;
  const nowTs = toMwTimestamp(now);
  return {
    id: user.user_id,
    name: user.user_name,
    editCount: user.user_editcount ?? 0,
    registration: user.user_registration,
    memberships: groups
      .filter((g) => membershipInForce(g.ug_expiry, nowTs))
      .map((g) => ({ group: g.ug_group, expiry: g.ug_expiry ?? 'infinity' })),
  };
}
