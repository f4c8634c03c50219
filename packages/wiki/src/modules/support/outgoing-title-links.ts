/**
 * `prop=links` and `prop=templates`: the titles each page links to or transcludes, by namespace and
 * title, optionally only some namespaces or some titles; a generator of those titles.
 */
import type { ModuleContext } from '../../api/module.js';
import { warnWhileBuilding } from './deferred-build-warning.js';
import { linkRows, pageIds } from './link-rows.js';
import { titleFilter } from './title-filter.js';

/** What links and templates share. */
type OutgoingLinkParams = {
  titles?: string[];
  templates?: string[];
  namespace?: number[];
  limit: number;
  dir: string;
  continue?: string;
};

export interface OutgoingTitleLinks {
  /** `pagelinks` or `templatelinks`, whose columns start with `column` (`pl`, `tl`). */
  table: 'pagelinks' | 'templatelinks';
  column: 'pl' | 'tl';
  /** The answer's key on each page and its XML element. */
  key: string;
  element: string;
  /** The parameter that names the wanted targets (`titles`, `templates`). */
  targetsParam: 'titles' | 'templates';
}

export async function executeOutgoingTitleLinks(
  ctx: ModuleContext<OutgoingLinkParams>,
  spec: OutgoingTitleLinks,
): Promise<void> {
  await warnWhileBuilding(ctx, 'links');
  const ids = pageIds(ctx);
  if (ids.length === 0) return;
  const { column: c } = spec;
  // No namespace left (every one asked for was unknown, dropped with a warning) filters nothing,
  // as MediaWiki reads an empty list.
  const namespaces = ctx.params.namespace?.length ? ctx.params.namespace : undefined;
  // Named targets are kept in the namespaces asked for; none left lists nothing, before the
  // continue value is read.
  const named = titleFilter(ctx, spec.targetsParam);
  const targets = named?.filter((t) => namespaces === undefined || namespaces.includes(t.namespace)) ?? [];
  if (named !== undefined && targets.length === 0) return;
  const rows = await linkRows(ctx, {
    table: spec.table,
    sort: [
      { column: `${c}_from`, kind: 'phpint' },
      { column: `${c}_namespace`, kind: 'phpint' },
      { column: `${c}_title`, kind: 'string' },
    ],
    limit: ctx.params.limit,
    descending: ctx.params.dir === 'descending',
    where: (q) => {
      let query = q.where(`${c}_from`, 'in', ids);
      if (namespaces !== undefined && named === undefined) query = query.where(`${c}_namespace`, 'in', namespaces);
      if (targets.length > 0) {
        query = query.where((eb) =>
          eb.or(targets.map((t) => eb.and([eb(`${c}_namespace`, '=', t.namespace), eb(`${c}_title`, '=', t.dbKey)]))),
        );
      }
      return query;
    },
  });
  if (ctx.generator) {
    ctx.generator.addTitles(
      rows.map((r) => ({ namespace: r[`${c}_namespace`] as number, dbKey: r[`${c}_title`] as string })),
    );
    return;
  }
  for (const row of rows) {
    const ns = row[`${c}_namespace`] as number;
    const title = ctx.titles.prefixedText({ namespace: ns, dbKey: row[`${c}_title`] as string, interwiki: '' });
    const item = { ns, title };
    if (!ctx.result.fits(item)) {
      ctx.setContinue(rows.continueAt(row));
      break;
    }
    ctx.result.pageList(row[`${c}_from`] as number, spec.key, spec.element)?.push(item);
  }
}
