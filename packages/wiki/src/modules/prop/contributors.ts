import type { ExpressionBuilder } from 'kysely';
import { mutuallyExclusive } from '../../api/errors.js';
import { parseContinueValue } from '../../api/keyset.js';
import type { ContextOf, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { toMwTimestamp } from '../../api/params/timestamp.js';
import { groupRights, IMPLICIT_GROUPS } from '../../site/group-permissions.js';
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

/**
 * The groups a group or rights filter selects, or `all` when an implicit group (every user is in
 * it) qualifies, which makes the filter select everyone.
 */
function selectedGroups(ctx: ContextOf<typeof descriptor>): { groups: string[] | 'all'; exclude: boolean } | undefined {
  const p = ctx.params;
  if (p.group !== undefined) return { groups: p.group, exclude: false };
  if (p.excludegroup !== undefined) return { groups: p.excludegroup, exclude: true };
  const rights = p.rights ?? p.excluderights;
  if (rights === undefined) return undefined;
  const exclude = p.excluderights !== undefined;
  const groups: string[] = [];
  for (const [group, granted] of groupRights(ctx.site)) {
    if (!rights.some((r) => granted.includes(r))) continue;
    if ((IMPLICIT_GROUPS as readonly string[]).includes(group)) return { groups: 'all', exclude };
    groups.push(group);
  }
  return { groups, exclude };
}

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const given = FILTERS.filter((name) => ctx.params[name] !== undefined);
  if (given.length > 1) throw mutuallyExclusive(given.map((name) => ctx.paramName(name)));
  let pages = pageIds(ctx);
  let from: readonly [number, number] | undefined;
  if (ctx.params.continue !== undefined) {
    const parsed = parseContinueValue(ctx.params.continue, ['int', 'int']);
    from = parsed;
    pages = pages.filter((id) => id >= parsed[0]);
  }
  if (pages.length === 0) return;
  const limit = ctx.params.limit;
  const { db } = ctx.store;

  const filter = selectedGroups(ctx);
  const excludesEveryone = filter !== undefined && filter.groups === 'all' && filter.exclude;
  let query = db
    .selectFrom('revision')
    .innerJoin('actor', 'actor_id', 'rev_actor')
    .select(['rev_page', 'actor_user', 'actor_name'])
    .distinct()
    .where('rev_page', 'in', pages)
    .where('actor_user', 'is not', null)
    .where(visibleEditor);
  if (filter && filter.groups !== 'all') {
    const groups = filter.groups.length > 0 ? filter.groups : [''];
    const now = toMwTimestamp(ctx.now);
    const members = db
      .selectFrom('user_groups')
      .select('ug_user')
      .where('ug_group', 'in', groups)
      .where((eb) => eb.or([eb('ug_expiry', 'is', null), eb('ug_expiry', '>', now)]));
    query = query.where('actor_user', filter.exclude ? 'not in' : 'in', members);
  }
  if (from) {
    const [page, user] = from;
    query = query.where((eb) =>
      eb.or([eb('rev_page', '>', page), eb.and([eb('rev_page', '=', page), eb('actor_user', '>=', user)])]),
    );
  }
  const rows = excludesEveryone
    ? []
    : await query
        .orderBy('rev_page')
        .orderBy('actor_user')
        .limit(limit + 1)
        .execute();
  let stop: (typeof rows)[number] | undefined;
  for (const [i, row] of rows.entries()) {
    const item = { userid: row.actor_user as number, name: row.actor_name };
    if (i === limit || !ctx.result.fits(item)) {
      stop = row;
      ctx.setContinue(`${row.rev_page}|${row.actor_user}`);
      break;
    }
    ctx.result.pageList(row.rev_page, 'contributors', 'user')?.push(item);
  }
  // Each page's anonymous editors are counted once: in the batch that reaches the page.
  const counted = pages.filter((id) => (!from || id > from[0]) && (!stop || id <= stop.rev_page));
  await countAnonymousEditors(ctx, counted);
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
