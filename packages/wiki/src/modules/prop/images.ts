import { parseContinueValue } from '../../api/keyset.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { NS_FILE, NS_MAIN } from '../../site/title.js';
import { warnWhileBuilding } from '../support/deferred-build-warning.js';
import { linkRows, pageIds } from '../support/link-rows.js';
import { titleFilter } from '../support/title-filter.js';

/** `prop=images`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'images',
  group: 'prop',
  prefix: 'im',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryImages',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Images',
  parameters: [
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
    { name: 'images', type: 'string', multi: true },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
  ],
} as const satisfies ModuleDescriptor;

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  await warnWhileBuilding(ctx, 'links');
  const ids = pageIds(ctx);
  if (ids.length === 0) return;
  // The continue value's form is checked before the file names, as MediaWiki reads them.
  if (ctx.params.continue !== undefined) parseContinueValue(ctx.params.continue, ['phpint', 'string']);
  const only = titleFilter(ctx, 'images', NS_MAIN, NS_FILE, 'apiwarn-notfile')?.map((t) => t.dbKey);
  if (only?.length === 0) return;
  const rows = await linkRows(ctx, {
    table: 'imagelinks',
    sort: [
      { column: 'il_from', kind: 'phpint' },
      { column: 'il_to', kind: 'string' },
    ],
    limit: ctx.params.limit,
    descending: ctx.params.dir === 'descending',
    where: (q) => {
      const query = q.where('il_from', 'in', ids);
      return only ? query.where('il_to', 'in', only) : query;
    },
  });
  if (ctx.generator) {
    ctx.generator.addTitles(rows.map((r) => ({ namespace: NS_FILE, dbKey: r.il_to as string })));
    return;
  }
  for (const row of rows) {
    const item = {
      ns: NS_FILE,
      title: ctx.titles.prefixedText({ namespace: NS_FILE, dbKey: row.il_to as string, interwiki: '' }),
    };
    if (!ctx.result.fits(item)) {
      ctx.setContinue(rows.continueAt(row));
      break;
    }
    ctx.result.pageList(row.il_from as number, 'images', 'im')?.push(item);
  }
};
