import type { ModuleContext, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';
import { list, type ResultObject } from '../../api/result/tree.js';
import { DEFAULT_RATE_LIMITS } from '../../site/mediawiki/rate-limits.js';
import { changeableGroups, IMPLICIT_GROUPS } from '../../site/rights.js';
import { defaultUserOptions } from '../../site/user-options.js';

/** `meta=userinfo`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
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
};

/** Rate limits as `ratelimits` shows them: the kinds that apply to the caller (`noratelimit` has none). */
function rateLimits(ctx: ModuleContext): ResultObject {
  const out: ResultObject = {};
  if (ctx.user.rights.has('noratelimit')) return out;
  const kinds = ctx.user.anonymous ? ['ip', 'anon'] : ['user', 'newbie'];
  for (const [action, limits] of Object.entries(DEFAULT_RATE_LIMITS)) {
    const entry: ResultObject = {};
    for (const kind of kinds) {
      const limit = limits[kind];
      if (limit) entry[kind] = { hits: limit[0], seconds: limit[1] };
    }
    if (Object.keys(entry).length > 0) out[action] = entry;
  }
  return out;
}

async function userRow(ctx: ModuleContext) {
  if (ctx.user.anonymous) return undefined;
  return ctx.store.db
    .selectFrom('user')
    .select([
      'user_id',
      'user_real_name',
      'user_email',
      'user_email_authenticated',
      'user_registration',
      'user_editcount',
    ])
    .where('user_id', '=', ctx.user.id)
    .executeTakeFirst();
}

async function groupMemberships(ctx: ModuleContext): Promise<ResultObject[]> {
  if (ctx.user.anonymous) return [];
  const rows = await ctx.store.db
    .selectFrom('user_groups')
    .select(['ug_group', 'ug_expiry'])
    .where('ug_user', '=', ctx.user.id)
    .orderBy('ug_group')
    .execute();
  return rows.map((row) => ({
    group: row.ug_group,
    expiry: row.ug_expiry && row.ug_expiry !== 'infinity' ? mwToIso(row.ug_expiry) : 'infinity',
  }));
}

async function hasNewMessages(ctx: ModuleContext): Promise<boolean> {
  let query = ctx.store.db.selectFrom('user_newtalk').select('user_id');
  query = ctx.user.anonymous ? query.where('user_ip', '=', ctx.user.name) : query.where('user_id', '=', ctx.user.id);
  return (await query.executeTakeFirst()) !== undefined;
}

async function latestContribution(ctx: ModuleContext): Promise<string | undefined> {
  const row = await ctx.store.db
    .selectFrom('actor')
    .innerJoin('revision', 'rev_actor', 'actor_id')
    .select('rev_timestamp')
    .where('actor_name', '=', ctx.user.name)
    .orderBy('rev_timestamp', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? mwToIso(row.rev_timestamp) : undefined;
}

async function options(ctx: ModuleContext): Promise<ResultObject> {
  const defaults = await defaultUserOptions(ctx.store, ctx.site);
  if (ctx.user.anonymous) return defaults;
  const rows = await ctx.store.db
    .selectFrom('user_properties')
    .select(['up_property', 'up_value'])
    .where('up_user', '=', ctx.user.id)
    .execute();
  const own: ResultObject = {};
  for (const row of rows) own[row.up_property] = row.up_value ?? '';
  return { ...own, ...Object.fromEntries(Object.entries(defaults).filter(([key]) => !(key in own))) };
}

export const execute: ModuleExecute = async (ctx) => {
  const props = new Set((ctx.params.prop as string[] | undefined) ?? []);
  const { user } = ctx;
  const info: ResultObject = { id: user.id, name: user.name };
  if (user.anonymous) info.anon = true;
  const row = await userRow(ctx);
  if (props.has('hasmsg')) info.messages = await hasNewMessages(ctx);
  if (props.has('groups')) info.groups = list('g', [...user.groups]);
  if (props.has('groupmemberships')) info.groupmemberships = list('groupmembership', await groupMemberships(ctx));
  if (props.has('implicitgroups')) {
    info.implicitgroups = list(
      'g',
      user.groups.filter((g) => (IMPLICIT_GROUPS as readonly string[]).includes(g)),
    );
  }
  if (props.has('rights')) info.rights = list('r', [...user.rights]);
  if (props.has('changeablegroups')) {
    const add = new Set<string>();
    const remove = new Set<string>();
    for (const group of user.groups) {
      const changeable = changeableGroups(group);
      for (const g of changeable.add) add.add(g);
      for (const g of changeable.remove) remove.add(g);
    }
    info.changeablegroups = {
      add: list('g', [...add]),
      remove: list('g', [...remove]),
      'add-self': list('g', []),
      'remove-self': list('g', []),
    };
  }
  if (props.has('options')) info.options = await options(ctx);
  if (props.has('editcount')) info.editcount = Number(row?.user_editcount ?? 0);
  if (props.has('ratelimits')) info.ratelimits = rateLimits(ctx);
  if (props.has('theoreticalratelimits')) info.theoreticalratelimits = rateLimits(ctx);
  if (props.has('realname') && user.rights.has('viewmyprivateinfo')) info.realname = row?.user_real_name ?? '';
  if (props.has('email') && user.rights.has('viewmyprivateinfo')) {
    info.email = row?.user_email ?? '';
    if (row?.user_email_authenticated) info.emailauthenticated = mwToIso(row.user_email_authenticated);
  }
  if (props.has('registrationdate') && row?.user_registration) info.registrationdate = mwToIso(row.user_registration);
  if (props.has('acceptlang')) info.acceptlang = list('lang', []);
  if (props.has('unreadcount')) info.unreadcount = 0;
  if (props.has('centralids')) {
    info.centralids = { local: user.id };
    info.attachedlocal = { local: !user.anonymous };
  }
  // MediaWiki reports the latest contribution of accounts only.
  if (props.has('latestcontrib') && !user.anonymous) {
    const latest = await latestContribution(ctx);
    if (latest) info.latestcontrib = latest;
  }
  if (props.has('cancreateaccount')) info.cancreateaccount = user.rights.has('createaccount');
  ctx.result.set('userinfo', info);
};
