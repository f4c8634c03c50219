import { precompiled } from '@svc/common';
import { mutuallyExclusive } from '../../api/errors.js';
import type { ContextOf, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { mwToIso, toMwTimestamp } from '../../api/params/timestamp.js';
import { list, type ResultObject } from '../../api/result/tree.js';
import { isIPAddress } from '../../site/ip-address.js';
import { NS_USER, type TitleCodec } from '../../site/title.js';
import {
  accountBlocks,
  accountMemberships,
  accountPreference,
  groupsOfRow,
  notHiddenByBlock,
  seesHiddenUsers,
} from '../support/accounts.js';
import { blockDetails, centralIdDetails } from '../support/user-info.js';

/** `list=users`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'users',
  group: 'list',
  prefix: 'us',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryUsers',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Users',
  parameters: [
    {
      name: 'prop',
      type: [
        'blockinfo',
        'cancreate',
        'centralids',
        'editcount',
        'emailable',
        'gender',
        'groupmemberships',
        'groups',
        'implicitgroups',
        'registration',
        'rights',
      ],
      multi: true,
    },
    { name: 'attachedwiki', type: 'string' },
    { name: 'users', type: 'string', multi: true },
    { name: 'userids', type: 'integer', multi: true },
  ],
} as const satisfies ModuleDescriptor;

/** Characters MediaWiki refuses in user names (`$wgInvalidUsernameCharacters`) beside those titles refuse. */
const INVALID_NAME_CHARACTERS = /[@:>=]/;

/**
 * A user name in the form accounts are stored under (spaces, first letter upper-cased), or
 * undefined when no account can have it: IP addresses, names that are no title of the user
 * namespace, names with `@`, `:`, `>` or `=`.
 */
export function canonicalUserName(titles: TitleCodec, raw: string): string | undefined {
  const name = raw.replace(/_/g, ' ').trim();
  if (name === '' || isIPAddress(name) || INVALID_NAME_CHARACTERS.test(name)) return undefined;
  const parsed = titles.parse(`User:${name}`);
  if (!parsed.ok) return undefined;
  const title = parsed.title;
  if (title.namespace !== NS_USER || title.fragment !== '' || title.interwiki !== '') return undefined;
  if (title.text.includes('/')) return undefined;
  return title.text;
}

interface UserRow {
  user_id: number;
  user_name: string;
  user_editcount: number | null;
  user_registration: string | null;
  user_email: string;
  user_email_authenticated: string | null;
}

/**
 * The accounts named by `ususers` or `ususerids`, in the order asked: names no account can have
 * first (`invalid`), then each account with its properties, or `missing` (with `cancreate` when
 * asked). Accounts a block hides read as missing to callers without `hideuser`.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const names = ctx.params.users;
  const ids = ctx.params.userids;
  if (names !== undefined && ids !== undefined) {
    throw mutuallyExclusive([ctx.paramName('users'), ctx.paramName('userids')]);
  }
  const out = ctx.result.list('user');
  const wanted: (string | number)[] = [];
  const done: string[] = [];
  for (const raw of names ?? []) {
    const name = canonicalUserName(ctx.titles, raw);
    if (name !== undefined) {
      if (!wanted.includes(name)) wanted.push(name);
      continue;
    }
    const item: ResultObject = { name: raw, invalid: true };
    if (!ctx.result.fits(item)) {
      ctx.setContinue((names ?? []).filter((n) => !done.includes(n)).join('|'), 'users');
      return;
    }
    out.push(item);
    done.push(raw);
  }
  for (const id of ids ?? []) if (!wanted.includes(id)) wanted.push(id);
  if (wanted.length === 0) return;

  const byName = names !== undefined;
  const hideBlocked = !seesHiddenUsers(ctx);
  const now = toMwTimestamp(ctx.now);
  const build = (db: typeof ctx.store.db) => {
    let query = db
      .selectFrom('user')
      .select([
        'user_id',
        'user_name',
        'user_editcount',
        'user_registration',
        'user_email',
        'user_email_authenticated',
      ]);
    query = byName
      ? query.where('user_name', 'in', wanted as string[])
      : query.where('user_id', 'in', wanted as number[]);
    return hideBlocked ? query.where(notHiddenByBlock(now)) : query;
  };
  const shape = `users by ${byName ? 'name' : 'id'} ${wanted.length}${hideBlocked ? ' not hidden' : ''}`;
  const { rows } = await ctx.store.db.executeQuery<UserRow>(
    precompiled(ctx.store.db, shape, build, hideBlocked ? [...wanted, 1, now] : wanted),
  );
  const found = new Map<string | number, UserRow>(rows.map((r) => [names !== undefined ? r.user_name : r.user_id, r]));
  const details = await describeAccounts(ctx, rows);

  for (const [index, key] of wanted.entries()) {
    const row = found.get(key);
    let item: ResultObject;
    if (row) item = details.get(row.user_id) as ResultObject;
    else if (typeof key === 'number') item = { userid: key, missing: true };
    else {
      item = { name: key, missing: true };
      if (props(ctx).has('cancreate')) item.cancreate = true;
    }
    if (!ctx.result.fits(item)) {
      const rest = wanted.slice(index).map(String);
      ctx.setContinue(rest.join('|'), names !== undefined ? 'users' : 'userids');
      return;
    }
    out.push(item);
  }
};

function props(ctx: ContextOf<typeof descriptor>): Set<string> {
  return new Set(ctx.params.prop ?? []);
}

/** Each found account's answer, in MediaWiki's order of fields. */
async function describeAccounts(
  ctx: ContextOf<typeof descriptor>,
  rows: readonly UserRow[],
): Promise<Map<number, ResultObject>> {
  const wanted = props(ctx);
  const ids = rows.map((r) => r.user_id);
  const needGroups = ['groups', 'groupmemberships', 'implicitgroups', 'rights'].some((p) => wanted.has(p));
  const [memberships, blocks, genders, noMail] = await Promise.all([
    needGroups ? accountMemberships(ctx, ids) : undefined,
    accountBlocks(ctx, ids),
    wanted.has('gender') ? accountPreference(ctx, ids, 'gender') : undefined,
    wanted.has('emailable') ? accountPreference(ctx, ids, 'disablemail') : undefined,
  ]);
  const out = new Map<number, ResultObject>();
  for (const row of rows) {
    const item: ResultObject = { userid: row.user_id, name: row.user_name };
    if (wanted.has('editcount')) item.editcount = row.user_editcount ?? 0;
    if (wanted.has('registration')) item.registration = row.user_registration ? mwToIso(row.user_registration) : null;
    if (memberships) {
      const groups = groupsOfRow(ctx, row, memberships);
      const own = groups.memberships;
      if (wanted.has('groups')) item.groups = list('g', groups.groups);
      if (wanted.has('groupmemberships')) {
        item.groupmemberships = list(
          'groupmembership',
          own.map((m) => ({ group: m.group, expiry: m.expiry === 'infinity' ? 'infinity' : mwToIso(m.expiry) })),
        );
      }
      if (wanted.has('implicitgroups')) item.implicitgroups = list('g', groups.implicitGroups);
      if (wanted.has('rights')) item.rights = list('r', groups.rightsList);
    }
    const block = blocks.get(row.user_id);
    if (block?.hidden) item.hidden = true;
    if (wanted.has('blockinfo') && block) Object.assign(item, blockDetails(block.block, ctx.userLanguage));
    if (noMail) {
      const disabled = noMail.get(row.user_id);
      // A confirmed address (any address where `$wgEmailAuthentication` is off) and mail not refused.
      const confirmed =
        row.user_email !== '' &&
        (row.user_email_authenticated !== null || ctx.site.settings.EmailAuthentication === false);
      item.emailable = confirmed && (disabled === undefined || disabled === '0' || disabled === '');
    }
    if (genders) {
      const gender = genders.get(row.user_id);
      item.gender = gender === 'male' || gender === 'female' ? gender : 'unknown';
    }
    if (wanted.has('centralids')) {
      Object.assign(item, centralIdDetails(row.user_id, ctx.site.wikiId, ctx.params.attachedwiki));
    }
    out.set(row.user_id, item);
  }
  return out;
}
