/**
 * The caller of a request as modules see it (RequestUser): groups, rights and block, for an
 * anonymous caller or for the account a session is logged in to. Rights follow MediaWiki: the
 * groups' rights in group order, narrowed to a bot password's grants, and, where the site sets
 * `$wgBlockDisablesLogin`, to the rights of `*` for a sitewide-blocked account.
 */
import type { AccountForRequest } from '../accounts/account.js';
import { findBlock, type UserBlock } from '../accounts/blocks.js';
import { rightsOfGrants, rightsOfGroups, siteGroups } from '../site/group-permissions.js';
import type { SiteConfig } from '../site/site.js';
import type { WikiStore } from '../store/database.js';
import type { RequestUser } from './module.js';
import { mwToIso, toMwTimestamp } from './params/timestamp.js';

function lazyBlock(load: () => Promise<UserBlock | undefined>): () => Promise<UserBlock | undefined> {
  let pending: Promise<UserBlock | undefined> | undefined;
  return () => {
    pending ??= load();
    return pending;
  };
}

/** The caller of a request without a logged-in session: rights of the group `*`. */
export function anonymousUser(site: SiteConfig, ip: string, store?: WikiStore, now = new Date()): RequestUser {
  const groups = siteGroups(site);
  return {
    id: 0,
    name: ip,
    anonymous: true,
    groups: ['*'],
    memberships: [],
    implicitGroups: ['*'],
    rights: groups.anonymousRights,
    rightsList: groups.anonymousRightsList,
    ip,
    block: lazyBlock(async () =>
      store ? findBlock(store, { id: 0, ip, ipExempt: false }, toMwTimestamp(now)) : undefined,
    ),
  };
}

/** An account's groups and rights as MediaWiki derives them from its memberships. */
export interface AccountGroups {
  /** `*`, `user`, and `autoconfirmed` when the account has the edits and age it asks for. */
  implicitGroups: string[];
  /** The explicit groups (by name), then the implicit ones: the order `list=users` and `userinfo` give. */
  groups: string[];
  /** Rights in the order of `groups`. */
  rightsList: string[];
}

/** The implicit and effective groups and the rights of an account (`userinfo`, `list=users`, `list=allusers`). */
export function accountGroups(
  site: SiteConfig,
  account: Pick<AccountForRequest, 'editCount' | 'registration' | 'memberships'>,
  now: Date,
): AccountGroups {
  const groups = siteGroups(site);
  const implicitGroups = ['*', 'user'];
  const ageSeconds = account.registration
    ? (now.getTime() - Date.parse(mwToIso(account.registration))) / 1000
    : Number.POSITIVE_INFINITY;
  if (account.editCount >= groups.autoConfirmCount && ageSeconds >= groups.autoConfirmAge) {
    implicitGroups.push('autoconfirmed');
  }
  const explicit = account.memberships.map((m) => m.group);
  const effective = [...new Set([...explicit, ...implicitGroups])];
  return { implicitGroups, groups: effective, rightsList: rightsOfGroups(groups, effective) };
}

/** The caller of a logged-in session. */
export function accountUser(
  site: SiteConfig,
  store: WikiStore,
  account: AccountForRequest,
  ip: string,
  now: Date,
): RequestUser {
  const { implicitGroups, groups: effective, rightsList: groupRights } = accountGroups(site, account, now);
  let rightsList = groupRights;
  if (account.botPassword) {
    const allowed = rightsOfGrants(account.botPassword.grants);
    rightsList = rightsList.filter((right) => allowed.has(right));
  }
  const rights = new Set(rightsList);
  const block = lazyBlock(() =>
    findBlock(store, { id: account.id, ip, ipExempt: rights.has('ipblock-exempt') }, toMwTimestamp(now)),
  );
  return {
    id: account.id,
    name: account.name,
    anonymous: false,
    groups: effective,
    memberships: account.memberships,
    implicitGroups,
    rights,
    rightsList,
    ip,
    botPassword: account.botPassword?.appId,
    block,
  };
}

/** `$wgBlockDisablesLogin`: a sitewide-blocked account keeps only what everyone may do. */
export async function applyBlockToRights(site: SiteConfig, user: RequestUser): Promise<RequestUser> {
  const groups = siteGroups(site);
  if (!groups.blockDisablesLogin || user.anonymous) return user;
  const block = await user.block();
  if (!block?.sitewide) return user;
  const rightsList = user.rightsList.filter((right) => groups.anonymousRights.has(right));
  return { ...user, rightsList, rights: new Set(rightsList) };
}
