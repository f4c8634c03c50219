import type { ExpressionBuilder } from 'kysely';
import { mutuallyExclusive } from '../../api/errors.js';
import { parseContinueValue } from '../../api/keyset.js';
import type { ContextOf, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { toMwTimestamp } from '../../api/params/timestamp.js';
import { groupRights } from '../../site/group-permissions.js';
import type { WikiDatabase } from '../../store/schema.js';
import { DELETED_USER } from '../support/hidden-content.js';
import { pageIds } from '../support/link-rows.js';
import { CONTRIBUTOR_RIGHTS, USER_GROUPS } from '../values.js';

/** `prop=contributors`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'contributors',
  group: 'prop',
  prefix: 'pc',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryContributors',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Contributors',
  parameters: [
    { name: 'group', type: USER_GROUPS, multi: true },
    { name: 'excludegroup', type: USER_GROUPS, multi: true },
    { name: 'rights', type: CONTRIBUTOR_RIGHTS, multi: true },
    { name: 'excluderights', type: CONTRIBUTOR_RIGHTS, multi: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

/** Revisions whose editor is not hidden: a hidden editor is never counted or listed. */
const visibleEditor = (eb: ExpressionBuilder<WikiDatabase, 'revision'>) =>
  eb(eb('rev_deleted', '&', DELETED_USER), '=', 0);

const FILTERS = ['group', 'excludegroup', 'rights', 'excluderights'] as const;

/** Pages a request works on at most; the rest follow through `continue`. */
const MAX_PAGES = 100;

/**
 * The groups a group or rights filter selects. A rights filter selects every group granting one
 * of the rights, implicit ones (`*`, `user`) too, and matches users by their explicit group
 * memberships, as MediaWiki does: an implicit group selects nobody.
 */
function selectedGroups(ctx: ContextOf<typeof descriptor>): { groups: string[]; exclude: boolean } | undefined {
  const p = ctx.params;
  // A filter left without values (all of them unknown, or none given) filters nothing.
  const given = (values: readonly string[] | undefined) => values !== undefined && values.length > 0;
  if (given(p.group)) return { groups: [...(p.group ?? [])], exclude: false };
  if (given(p.excludegroup)) return { groups: [...(p.excludegroup ?? [])], exclude: true };
  const exclude = !given(p.rights);
  const rights = exclude ? p.excluderights : p.rights;
  if (!given(rights)) return undefined;
  const groups: string[] = [];
  for (const [group, granted] of groupRights(ctx.site)) {
    if (rights?.some((r) => granted.includes(r))) groups.push(group);
  }
  return { groups, exclude };
}

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const given = FILTERS.filter((name) => ctx.params[name] !== undefined);
  if (given.length > 1) throw mutuallyExclusive(given.map((name) => ctx.paramName(name)));
  let pages = [...pageIds(ctx)].sort((a, b) => a - b);
  let from: readonly [number, number] | undefined;
  if (ctx.params.continue !== undefined) {
    const parsed = parseContinueValue(ctx.params.continue, ['phpint', 'phpint']);
    from = parsed;
    pages = pages.filter((id) => id >= parsed[0]);
  }
  if (pages.length === 0) return;
  // At most MAX_PAGES pages a request; the next one continues from the first page left.
  let continuePages: string | undefined;
  if (pages.length > MAX_PAGES) {
    continuePages = `${pages[MAX_PAGES]}|0`;
    pages = pages.slice(0, MAX_PAGES);
  }
  // Anonymous editors first (every page of this batch, the one continued from again).
  await countAnonymousEditors(ctx, pages);

  const limit = ctx.params.limit;
  const { db } = ctx.store;
  const filter = selectedGroups(ctx);
  if (filter && !filter.exclude && filter.groups.length === 0) {
    if (continuePages !== undefined) ctx.setContinue(continuePages);
    return;
  }
  // One row per page and actor (continued by the actor's id), as MediaWiki groups them.
  let query = db
    .selectFrom('revision')
    .innerJoin('actor', 'actor_id', 'rev_actor')
    .select([
      'rev_page',
      'rev_actor',
      (eb) => eb.fn.max('actor_user').as('actor_user'),
      (eb) => eb.fn.max('actor_name').as('actor_name'),
    ])
    .where('rev_page', 'in', pages)
    .where('actor_user', 'is not', null)
    .where(visibleEditor)
    .groupBy(['rev_page', 'rev_actor']);
  if (filter && filter.groups.length > 0) {
    const now = toMwTimestamp(ctx.now);
    const members = db
      .selectFrom('user_groups')
      .select('ug_user')
      .where('ug_group', 'in', filter.groups)
      .where((eb) => eb.or([eb('ug_expiry', 'is', null), eb('ug_expiry', '>=', now)]));
    query = query.where('actor_user', filter.exclude ? 'not in' : 'in', members);
  }
  if (from) {
    const [page, actor] = from;
    query = query.where((eb) =>
      eb.or([eb('rev_page', '>', page), eb.and([eb('rev_page', '=', page), eb('rev_actor', '>=', actor)])]),
    );
  }
  const rows = await query
    .orderBy('rev_page')
    .orderBy('rev_actor')
    .limit(limit + 1)
    .execute();
  for (const [i, row] of rows.entries()) {
    const item = { userid: Number(row.actor_user), name: String(row.actor_name) };
    if (i === limit || !ctx.result.fits(item)) {
      ctx.setContinue(`${row.rev_page}|${row.rev_actor}`);
      return;
    }
    ctx.result.pageList(row.rev_page, 'contributors', 'user')?.push(item);
  }
  if (continuePages !== undefined) ctx.setContinue(continuePages);
};

/** `anoncontributors` of the pages that have IP or imported editors (not hidden ones). */
async function countAnonymousEditors(ctx: ContextOf<typeof descriptor>, pages: number[]): Promise<void> {
  if (pages.length === 0) return;
  const anons = await ctx.store.db
    .selectFrom('revision')
    .innerJoin('actor', 'actor_id', 'rev_actor')
    .select(['rev_page', (eb) => eb.fn.count<number>('rev_actor').distinct().as('anons')])
    .where('rev_page', 'in', pages)
    .where('actor_user', 'is', null)
    .where(visibleEditor)
    .groupBy('rev_page')
    .execute();
  for (const row of anons) {
    const page = ctx.result.page(row.rev_page);
    if (page) page.anoncontributors = Number(row.anons);
  }
}
