import { acceptedLanguages } from '../../api/accept-language.js';
import type { ContextOf, ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';
import { assoc, keepBooleans, list, type ResultObject, type ResultValue, withContent } from '../../api/result/tree.js';
import { changeableGroups, siteGroups } from '../../site/group-permissions.js';
import { rateLimits } from '../../site/rate-limits.js';
import { defaultUserOptions } from '../../store/user-options.js';
import { blockDetails, centralIdDetails } from '../support/user-info.js';

/** `meta=userinfo`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'userinfo',
  group: 'meta',
  prefix: 'ui',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryUserInfo',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Userinfo',
  parameters: [
    {
      name: 'prop',
      type: [
        'acceptlang',
        'blockinfo',
        'cancreateaccount',
        'centralids',
        'changeablegroups',
        'editcount',
        'email',
        'groupmemberships',
        'groups',
        'hasmsg',
        'implicitgroups',
        'latestcontrib',
        'options',
        'ratelimits',
        'realname',
        'registrationdate',
        'rights',
        'theoreticalratelimits',
        'unreadcount',
      ],
      multi: true,
      allspecifier: true,
    },
    { name: 'attachedwiki', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

/** Watchlist notifications are counted up to this many (`unreadcount` then says `1000+`). */
const UNREAD_LIMIT = 1000;

/**
 * The caller's account: always `id` and `name` (and `anon`), then each `uiprop` in MediaWiki's
 * order. Private fields (e-mail, real name) need `viewmyprivateinfo`, as in MediaWiki.
 */
export const execute: ModuleExecute<typeof descriptor> = async (context) => {
  const { user, store, site } = context;
  const props = new Set(context.params.prop ?? []);
  const info: ResultObject = { id: user.id, name: user.name };
  if (user.anonymous) info.anon = true;
  const account = user.anonymous
    ? undefined
    : await store.db
        .selectFrom('user')
        .select(['user_real_name', 'user_email', 'user_email_authenticated', 'user_registration', 'user_editcount'])
        .where('user_id', '=', user.id)
        .executeTakeFirst();

  if (props.has('blockinfo')) {
    const block = await user.block();
    if (block) Object.assign(info, blockDetails(block, context));
  }
  if (props.has('hasmsg')) info.messages = await hasNewMessages(context);
  if (props.has('groups')) info.groups = list('g', [...user.groups]);
  if (props.has('groupmemberships')) {
    info.groupmemberships = list(
      'groupmembership',
      user.memberships.map((m) => ({
        group: m.group,
        expiry: m.expiry === 'infinity' ? 'infinity' : mwToIso(m.expiry),
      })),
    );
  }
  if (props.has('implicitgroups')) info.implicitgroups = list('g', [...user.implicitGroups]);
  if (props.has('rights')) info.rights = list('r', [...user.rightsList]);
  if (props.has('changeablegroups')) {
    const groups = changeableGroups(siteGroups(site), user.groups, user.rights);
    info.changeablegroups = {
      add: list('g', groups.add),
      remove: list('g', groups.remove),
      'add-self': list('g', groups['add-self']),
      'remove-self': list('g', groups['remove-self']),
    };
  }
  if (props.has('options')) info.options = await userOptions(context);
  if (props.has('editcount')) info.editcount = account?.user_editcount ?? 0;
  if (props.has('ratelimits')) info.ratelimits = limitsFor(context, false);
  if (props.has('theoreticalratelimits')) info.theoreticalratelimits = limitsFor(context, true);
  const mayViewPrivate = user.rights.has('viewmyprivateinfo');
  if (props.has('realname') && mayViewPrivate) info.realname = account?.user_real_name ?? '';
  if (props.has('email') && mayViewPrivate) {
    info.email = account?.user_email ?? '';
    if (account?.user_email_authenticated) info.emailauthenticated = mwToIso(account.user_email_authenticated);
  }
  if (props.has('registrationdate') && account) {
    info.registrationdate = account.user_registration ? mwToIso(account.user_registration) : null;
  }
  if (props.has('acceptlang')) info.acceptlang = acceptedLanguageList(context.acceptLanguage);
  if (props.has('unreadcount')) info.unreadcount = await unreadCount(context);
  if (props.has('centralids')) {
    Object.assign(info, centralIdDetails(user.id, site.wikiId, context.params.attachedwiki));
  }
  // Only an account has a latest contribution here: MediaWiki gives none for an address.
  if (props.has('latestcontrib') && !user.anonymous) {
    const latest = await latestContribution(context);
    if (latest) info.latestcontrib = mwToIso(latest);
  }
  if (props.has('cancreateaccount')) {
    const block = await user.block();
    info.cancreateaccount = user.rights.has('createaccount') && !(block?.noCreate && block.sitewide);
  }
  context.result.set('userinfo', info);
};

async function hasNewMessages(context: ContextOf<typeof descriptor>): Promise<boolean> {
  const { user, store } = context;
  const row = await store.db
    .selectFrom('user_newtalk')
    .select('user_id')
    .where(user.anonymous ? 'user_ip' : 'user_id', '=', user.anonymous ? user.ip : user.id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's preferences: those it set first, then the site's defaults for the rest. */
async function userOptions(context: ContextOf<typeof descriptor>): Promise<ResultObject> {
  const defaults = await defaultUserOptions(context.store, context.site);
  // A preference that is a boolean stays one in formatversion 1 (MediaWiki lists every key).
  const asPreferences = (options: ResultObject) => keepBooleans(assoc(options), Object.keys(options));
  if (context.user.anonymous) return asPreferences({ ...defaults });
  const rows = await context.store.db
    .selectFrom('user_properties')
    .select(['up_property', 'up_value'])
    .where('up_user', '=', context.user.id)
    .execute();
  const options: ResultObject = {};
  for (const row of rows) options[row.up_property] = row.up_value ?? '';
  for (const [name, value] of Object.entries(defaults)) if (!(name in options)) options[name] = value;
  return asPreferences(options);
}

/** The rate limits that apply to the caller (none with `noratelimit`, unless `theoretical`). */
function limitsFor(context: ContextOf<typeof descriptor>, theoretical: boolean): ResultObject {
  const { user, site } = context;
  const out: ResultObject = assoc({});
  if (!theoretical && user.rights.has('noratelimit')) return out;
  const categories = [user.anonymous ? 'anon' : 'user'];
  if (!user.rights.has('autoconfirmed')) {
    categories.push('ip', 'subnet');
    if (!user.anonymous) categories.push('newbie');
  }
  categories.push(...user.memberships.map((m) => m.group));
  for (const [action, limits] of Object.entries(rateLimits(site))) {
    for (const category of categories) {
      const limit = limits[category];
      if (!limit) continue;
      const entry = (out[action] as ResultObject | undefined) ?? {};
      entry[category] = { hits: limit[0], seconds: limit[1] };
      out[action] = entry;
    }
  }
  return out;
}

/** `Accept-Language` as MediaWiki reads it: lower-cased codes, by falling quality, q 0 left out. */
function acceptedLanguageList(header: string | undefined): ResultValue[] {
  return list(
    'lang',
    acceptedLanguages(header).map((e) => withContent({ q: e.q, code: e.code }, 'code')),
  );
}

async function unreadCount(context: ContextOf<typeof descriptor>): Promise<number | string> {
  if (context.user.anonymous) return 0;
  const rows = await context.store.db
    .selectFrom('watchlist')
    .select('wl_user')
    .where('wl_user', '=', context.user.id)
    .where('wl_notificationtimestamp', 'is not', null)
    .limit(UNREAD_LIMIT + 1)
    .execute();
  return rows.length > UNREAD_LIMIT ? `${UNREAD_LIMIT}+` : rows.length;
}

async function latestContribution(context: ContextOf<typeof descriptor>): Promise<string | undefined> {
  const { user, store } = context;
  const row = await store.db
    .selectFrom('actor')
    .innerJoin('revision', 'rev_actor', 'actor_id')
    .select('rev_timestamp')
    .where('actor_user', '=', user.id)
    .orderBy('rev_timestamp', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.rev_timestamp;
}

/** Who may keep the answer: only the caller (it describes the caller). */
export const cacheMode: ModuleCacheMode<typeof descriptor> = () => 'private';
