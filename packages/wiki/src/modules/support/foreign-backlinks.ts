/**
 * What langbacklinks and iwbacklinks share: the pages linking to titles of other wikis (language
 * links, interwiki links), by prefix, title and page id, continued by `prefix|title|page id`.
 */
import { type Kysely, sql } from 'kysely';
import { apiError } from '../../api/errors.js';
import { titleText } from '../../api/gender.js';
import { parseContinueValue } from '../../api/keyset.js';
import type { ModuleContext } from '../../api/module.js';
import type { ResultObject } from '../../api/result/tree.js';

/** What iwbacklinks and langbacklinks share. */
type ForeignBacklinkParams = {
  prefix?: string;
  lang?: string;
  title?: string;
  limit: number;
  dir: string;
  prop: string[];
  continue?: string;
};

export interface ForeignLinks {
  table: 'langlinks' | 'iwlinks';
  from: string;
  prefixColumn: string;
  titleColumn: string;
  /** The parameter naming the prefix (`lang`, `prefix`). */
  prefixParam: 'prefix' | 'lang';
  /** `prop` values showing the prefix and the title (`lllang`, `lltitle`). */
  prefixProp: string;
  titleProp: string;
  element: string;
}

interface Row {
  page_id: number;
  page_namespace: number;
  page_title: string;
  page_is_redirect: number;
  prefix: string;
  title: string;
}

export async function listForeignBacklinks(
  ctx: ModuleContext<ForeignBacklinkParams>,
  links: ForeignLinks,
): Promise<void> {
  const p = ctx.params;
  const prefix = p[links.prefixParam];
  const title = p.title;
  if (title !== undefined && prefix === undefined) {
    // langbacklinks gives this error its own code.
    const code = links.prefixParam === 'lang' ? 'nolang' : 'invalidparammix';
    throw apiError(code, 'apierror-invalidparammix-mustusewith', [
      ctx.paramName('title'),
      ctx.paramName(links.prefixParam),
    ]);
  }
  const limit = p.limit;
  const descending = p.dir === 'descending';
  const order = descending ? 'desc' : 'asc';
  const props = new Set(p.prop);
  const db = ctx.store.db as unknown as Kysely<any>;
  const column = (name: string) => `${links.table}.${name}`;

  let query = db
    .selectFrom(links.table)
    .innerJoin('page', 'page_id', column(links.from))
    .select([
      'page_id',
      'page_namespace',
      'page_title',
      'page_is_redirect',
      `${column(links.prefixColumn)} as prefix`,
      `${column(links.titleColumn)} as title`,
    ]);
  if (p.continue !== undefined) {
    const [contPrefix, contTitle, contFrom] = parseContinueValue(p.continue, ['string', 'string', 'phpint']);
    const columns = [links.prefixColumn, links.titleColumn, links.from].map((c) => sql.ref(column(c)));
    query = query.where(
      sql<boolean>`(${sql.join(columns)}) ${sql.raw(descending ? '<=' : '>=')} (${sql.join([contPrefix, contTitle, contFrom])})`,
    );
  }
  if (prefix !== undefined) query = query.where(column(links.prefixColumn), '=', prefix);
  if (title !== undefined) query = query.where(column(links.titleColumn), '=', title);
  if (prefix === undefined) query = query.orderBy(column(links.prefixColumn), order);
  if (title === undefined) query = query.orderBy(column(links.titleColumn), order);
  const rows = (await query
    .orderBy(column(links.from), order)
    .limit(limit + 1)
    .execute()) as Row[];
  if (rows.length > limit) {
    const next = rows[limit];
    ctx.setContinue(`${next.prefix}|${next.title}|${next.page_id}`);
    rows.length = limit;
  }
  if (ctx.generator) {
    // As titles, which MediaWiki's page set looks up (and orders) by namespace and title.
    ctx.generator.addTitles(rows.map((r) => ({ namespace: r.page_namespace, dbKey: r.page_title })));
    return;
  }
  const list = ctx.result.list(links.element);
  for (const row of rows) {
    const item: ResultObject = {
      pageid: row.page_id,
      ns: row.page_namespace,
      title: titleText(ctx.titles, row.page_namespace, row.page_title),
    };
    if (row.page_is_redirect) item.redirect = true;
    if (props.has(links.prefixProp)) item[links.prefixProp] = row.prefix;
    if (props.has(links.titleProp)) item[links.titleProp] = row.title;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(`${row.prefix}|${row.title}|${row.page_id}`);
      break;
    }
    list.push(item);
  }
}
