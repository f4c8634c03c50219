import { sql } from 'kysely';
import { badContinue } from '../../api/errors.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=pagepropnames`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'pagepropnames',
  group: 'list',
  prefix: 'ppn',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryPagePropNames',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pagepropnames',
  parameters: [
    { name: 'continue', type: 'string' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
  ],
} as const satisfies ModuleDescriptor;

/** The names of page properties in use, each once in byte order, continued by the next name. */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const limit = ctx.params.limit;
  const raw = ctx.params.continue;
  // As PHP tests the value: '' and '0' are none; a name holds no `|`.
  const start = raw === undefined || raw === '' || raw === '0' ? undefined : raw;
  if (start?.includes('|')) throw badContinue();
  // One index lookup per name, however many pages share it.
  const result = await sql<{ x: string }>`with recursive v(x) as (
      select min(pp_propname) from page_props where ${start === undefined ? sql`1 = 1` : sql`pp_propname >= ${start}`}
      union all
      select (select min(pp_propname) from page_props where pp_propname > v.x) from v where v.x is not null)
    select x from v where x is not null limit ${limit + 1}`.execute(ctx.store.db);
  const names = result.rows.map((r) => r.x);
  if (names.length > limit) {
    ctx.setContinue(names[limit]);
    names.length = limit;
  }
  const list = ctx.result.list('p');
  for (const propname of names) {
    if (!ctx.result.fits({ propname })) {
      ctx.setContinue(propname);
      break;
    }
    list.push({ propname });
  }
};
