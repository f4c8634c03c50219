import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { assoc, type ResultObject } from '../../api/result/tree.js';
import { ENABLED_LINT_CATEGORIES } from '../../wikitext/lint.js';
import { warnWhileBuilding } from '../support/deferred-build-warning.js';

/** `meta=linterstats`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'linterstats',
  group: 'meta',
  prefix: 'lntrst',
  readrights: true,
  source: 'Linter',
  classname: 'MediaWiki\\Linter\\ApiQueryLinterStats',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/Extension:Linter#API',
  parameters: [],
} as const satisfies ModuleDescriptor;

/** The number of lint errors of each enabled category, one index range count per category. */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  await warnWhileBuilding(ctx, 'lint');
  const totals = assoc<ResultObject>({});
  for (const category of ENABLED_LINT_CATEGORIES) {
    const row = await ctx.store.db
      .selectFrom('linter')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('linter_cat', '=', category)
      .executeTakeFirstOrThrow();
    totals[category] = Number(row.n);
  }
  ctx.result.set('linterstats', { totals });
};
