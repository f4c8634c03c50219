import { precompiled } from '@svc/common';
import { mutuallyExclusive } from '../../api/errors.js';
import { shippedMessage } from '../../api/messages/store.js';
import type { ContextOf, ModuleCacheMode, ModuleExecute } from '../../api/module.js';
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

/**
 * A user name in the form accounts are stored under (spaces, first letter upper-cased), or
 * undefined when no account can have it. The name is read as a title of the user namespace, so
 * that a user page (`Benutzer:Bob`, `User:Bob`) stands for its user, as MediaWiki reads these
 * names; a title of another namespace, an interwiki title, a section (`#`), a subpage and an IP
 * address are no user names.
 */
export function canonicalUserName(titles: TitleCodec, raw: string): string | undefined {
  const name = raw.replace(/_/g, ' ').trim();
  if (name === '' || name.includes('#')) return undefined;
  const parsed = titles.parse(name, { defaultNamespace: NS_USER });
  if (!parsed.ok) return undefined;
  const title = parsed.title;
  if (title.namespace !== NS_USER || title.fragment !== '' || title.interwiki !== '') return undefined;
  if (title.text.includes('/') || isIPAddress(title.text)) return undefined;
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
      // Two ways of writing one name (`Bob`, `Benutzer:Bob`) give the account twice, as in MediaWiki.
      wanted.push(name);
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
  const keys = [...new Set(wanted)];

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
    query = byName ? query.where('user_name', 'in', keys as string[]) : query.where('user_id', 'in', keys as number[]);
    return hideBlocked ? query.where(notHiddenByBlock(now)) : query;
  };
  const shape = `users by ${byName ? 'name' : 'id'} ${keys.length}${hideBlocked ? ' not hidden' : ''}`;
  const { rows } = await ctx.store.db.executeQuery<UserRow>(
    precompiled(ctx.store.db, shape, build, hideBlocked ? [...keys, 1, now] : keys),
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
      if (props(ctx).has('cancreate')) {
        const creatable = isCreatableName(ctx, key);
        item.cancreate = creatable;
        if (!creatable) {
          item.cancreateerror = list('error', [ctx.statusError({ code: 'invaliduser', key: 'noname', params: [] })]);
        }
      }
    }
    if (!ctx.result.fits(item)) {
      const rest = wanted.slice(index).map(String);
      ctx.setContinue(rest.join('|'), names !== undefined ? 'users' : 'userids');
      return;
    }
    out.push(item);
  }
};

/** `$wgInvalidUsernameCharacters` as MediaWiki ships it: characters a new account's name may not hold. */
const INVALID_NEW_NAME_CHARACTERS = '@:>';

/**
 * `$wgReservedUsernames` as MediaWiki ships it: names no account may be created under; a `msg:`
 * entry stands for the text of that message in the wiki's language.
 */
const RESERVED_USER_NAMES = [
  'MediaWiki default',
  'Conversion script',
  'Maintenance script',
  'Template namespace initialisation script',
  'ScriptImporter',
  'Unknown user',
  'msg:double-redirect-fixer',
  'msg:usermessage-editor',
  'msg:proxyblocker',
  'msg:sorbs',
  'msg:spambot_username',
  'msg:autochange-username',
];

/** Whether an account could be created under `name` (MediaWiki's creatable names; the caller's rights aside). */
function isCreatableName(ctx: ContextOf<typeof descriptor>, name: string): boolean {
  const { settings } = ctx.site;
  const invalid =
    typeof settings.InvalidUsernameCharacters === 'string'
      ? settings.InvalidUsernameCharacters
      : INVALID_NEW_NAME_CHARACTERS;
  if ([...invalid].some((ch) => name.includes(ch))) return false;
  const reserved = Array.isArray(settings.ReservedUsernames) ? settings.ReservedUsernames : RESERVED_USER_NAMES;
  const catalogue = ctx.storedMessages?.catalogue;
  return !reserved.some((entry) => {
    if (typeof entry !== 'string') return false;
    if (!entry.startsWith('msg:')) return entry === name;
    return shippedMessage(entry.slice(4), ctx.site.language, catalogue) === name;
  });
}

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
    if (wanted.has('blockinfo') && block) Object.assign(item, blockDetails(block.block, ctx));
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

/** Who may keep the answer: with block details (worded for the reader) callers without a session, else anyone. */
export const cacheMode: ModuleCacheMode<typeof descriptor> = (params) =>
  params.prop?.includes('blockinfo') ? 'anon-public-user-private' : 'public';
