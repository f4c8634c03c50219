/**
 * What backlinks, embeddedin and imageusage share: the pages whose links (pagelinks,
 * templatelinks, imagelinks) point to one page, in page id order (by linking namespace first when
 * several are asked for), and with `redirect` the pages linking to the redirects among them, listed
 * under each redirect as `redirlinks`.
 *
 * Continuation is MediaWiki's: `from_ns|from_id` while the first list runs; when the links to the
 * redirects do not fit, `from_ns|from_id|ns|title|from_ns|from_id` restarts the first list where this
 * batch started and resumes the second where it stopped.
 */
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { apiError, badContinue } from '../../api/errors.js';
import { titleText } from '../../api/gender.js';
import type { ModuleContext } from '../../api/module.js';
import type { ParamsOfList } from '../../api/params/descriptor.js';
import type { ResultObject } from '../../api/result/tree.js';
import { list } from '../../api/result/tree.js';
import { NS_FILE } from '../../site/title.js';
import type { BACKLINK_PARAMETERS } from '../shared-parameters.js';
import { warnWhileBuilding } from './deferred-build-warning.js';
import { applied, type QueryPart, rowsOf } from './query-parts.js';
import { titleOrPageId } from './title-or-pageid.js';

/** BL-COMMON, with `redirect` where the module has it. */
type BacklinkParams = ParamsOfList<typeof BACKLINK_PARAMETERS> & { redirect?: boolean };

export interface LinkTable {
  table: 'pagelinks' | 'templatelinks' | 'imagelinks';
  from: string;
  fromNamespace: string;
  /** The target's namespace column; imagelinks has none (always files). */
  namespace: string | undefined;
  title: string;
  /** The XML element of an item (`bl`, `ei`, `iu`). */
  element: string;
}

interface LinkingRow {
  page_id: number;
  page_namespace: number;
  page_title: string;
  page_is_redirect: number;
}

interface RedirectLinkRow extends LinkingRow {
  target_ns: number;
  target_title: string;
}

/** Parses `a|b` or `a|b|c|d|e|f` (with the two result-position fields MediaWiki may add). */
function parseBacklinksContinue(value: string): (number | string)[] {
  const parts = value.split('|');
  if (![2, 6, 7, 8].includes(parts.length)) throw badContinue();
  return parts.map((part, i) => {
    if (i === 3) return part;
    if (!/^-?\d+$/.test(part) || String(Number(part)) !== part) throw badContinue();
    return Number(part);
  });
}

function compare(columns: string[], values: (number | string)[], op: '>=' | '<='): Expression<SqlBool> {
  if (columns.length === 1) return sql<SqlBool>`${sql.ref(columns[0])} ${sql.raw(op)} ${values[0]}`;
  return sql<SqlBool>`(${sql.join(columns.map((c) => sql.ref(c)))}) ${sql.raw(op)} (${sql.join(values)})`;
}

type BacklinksContext = ModuleContext<BacklinkParams>;
type Continued = (number | string)[];

/** The scan's shared facts: order, namespaces, the parsed continue value and the qualified columns. */
interface Scan {
  links: LinkTable;
  db: Kysely<any>;
  limit: number;
  order: 'asc' | 'desc';
  op: '>=' | '<=';
  namespaces: readonly number[];
  byNamespace: boolean;
  cont: Continued;
  fromNs: string;
  from: string;
}

/** The first list: pages linking to the target, from the continue value, at most `limit + 1`. */
async function linkingPages(ctx: BacklinksContext, scan: Scan, target: { namespace: number; dbKey: string }) {
  const { links, cont, namespaces, fromNs, from } = scan;
  const p = ctx.params;
  // The conditions, each with its values: the query is compiled once per shape.
  const base = (d: Kysely<any>) =>
    d
      .selectFrom(links.table)
      .innerJoin('page', 'page_id', from)
      .select(['page_id', 'page_namespace', 'page_title', 'page_is_redirect']);
  type FirstQuery = ReturnType<typeof base>;
  const parts: QueryPart<FirstQuery>[] = [];
  const part = (key: string, values: unknown[], apply: QueryPart<FirstQuery>['apply']) =>
    parts.push({ key, values, apply });
  part('title', [target.dbKey], (q) => q.where(links.title, '=', target.dbKey));
  const targetNamespace = links.namespace;
  if (targetNamespace) part('namespace', [target.namespace], (q) => q.where(targetNamespace, '=', target.namespace));
  if (namespaces.length > 0)
    part(`from-namespaces${namespaces.length}`, [...namespaces], (q) => q.where(fromNs, 'in', namespaces));
  if (cont.length >= 2) {
    const [columns, values] = scan.byNamespace ? [[fromNs, from], cont.slice(0, 2)] : [[from], [cont[1] as number]];
    part(`continue${columns.length}`, values, (q) => q.where(compare(columns, values, scan.op)));
  }
  if (p.filterredir === 'redirects') part('redirects', [1], (q) => q.where('page_is_redirect', '=', 1));
  else if (p.filterredir === 'nonredirects' && p.redirect !== true) {
    part('nonredirects', [0], (q) => q.where('page_is_redirect', '=', 0));
  }
  const build = (d: Kysely<any>) => {
    let query = applied(parts, base(d));
    if (scan.byNamespace) query = query.orderBy(fromNs, scan.order);
    return query.orderBy(from, scan.order).limit(scan.limit + 1);
  };
  const shape = `links to ${links.table} ${scan.order}${scan.byNamespace ? ' by namespace' : ''}`;
  return (await rowsOf(scan.db, shape, parts, build, { after: [scan.limit + 1] })) as LinkingRow[];
}

/** The second list: pages linking to the redirects among the first, at most `limit + 1`. */
async function linksToRedirects(ctx: BacklinksContext, scan: Scan, redirects: LinkingRow[]) {
  const { links, cont, namespaces, fromNs, from } = scan;
  const p = ctx.params;
  const targetNs = links.namespace ? `${links.table}.${links.namespace}` : undefined;
  const targetTitle = `${links.table}.${links.title}`;
  let second = scan.db
    .selectFrom(links.table)
    .innerJoin('page', 'page_id', from)
    .select(['page_id', 'page_namespace', 'page_title', 'page_is_redirect', `${targetTitle} as target_title`])
    .select(targetNs ? sql.ref(targetNs).as('target_ns') : sql.lit(NS_FILE).as('target_ns'))
    .where((eb) =>
      eb.or(
        redirects.map((r) =>
          targetNs
            ? eb.and([eb(targetTitle, '=', r.page_title), eb(targetNs, '=', r.page_namespace)])
            : eb(targetTitle, '=', r.page_title),
        ),
      ),
    );
  if (namespaces.length > 0) second = second.where('page_namespace', 'in', namespaces);
  const orderColumns: string[] = [];
  const orderValues: (number | string)[] = [];
  if (targetNs && new Set(redirects.map((r) => r.page_namespace)).size > 1) {
    orderColumns.push(targetNs);
    orderValues.push(cont[2]);
  }
  if (new Set(redirects.map((r) => r.page_title)).size > 1) {
    orderColumns.push(targetTitle);
    orderValues.push(cont[3]);
  }
  if (scan.byNamespace) {
    orderColumns.push(fromNs);
    orderValues.push(cont[4]);
  }
  orderColumns.push(from);
  orderValues.push(cont[5]);
  if (cont.length >= 6) second = second.where(compare(orderColumns, orderValues, scan.op));
  if (p.filterredir === 'redirects') second = second.where('page_is_redirect', '=', 1);
  else if (p.filterredir === 'nonredirects') second = second.where('page_is_redirect', '=', 0);
  for (const column of orderColumns) second = second.orderBy(column, scan.order);
  return (await second.limit(scan.limit + 1).execute()) as RedirectLinkRow[];
}

export async function listBacklinks(ctx: BacklinksContext, links: LinkTable): Promise<void> {
  ctx.readParametersAgain();
  await warnWhileBuilding(ctx, 'links');
  const p = ctx.params;
  const descending = p.dir === 'descending';
  const namespaces = p.namespace ?? [];
  const target = await titleOrPageId(ctx);
  if (links.namespace === undefined && target.namespace !== NS_FILE) {
    throw apiError('bad_image_title', 'apierror-imageusage-badtitle', [ctx.descriptor.name]);
  }
  const scan: Scan = {
    links,
    db: ctx.store.db as unknown as Kysely<any>,
    limit: p.limit,
    order: descending ? 'desc' : 'asc',
    op: descending ? '<=' : '>=',
    namespaces,
    byNamespace: namespaces.length > 1,
    cont: p.continue === undefined ? [] : parseBacklinksContinue(p.continue),
    fromNs: `${links.table}.${links.fromNamespace}`,
    from: `${links.table}.${links.from}`,
  };
  const { cont, limit } = scan;
  const firstRows = await linkingPages(ctx, scan, target);
  let continueValue: string | undefined;
  const start =
    cont.length >= 2
      ? cont.slice(0, 2)
      : firstRows.length > 0
        ? [firstRows[0].page_namespace, firstRows[0].page_id]
        : [];
  if (firstRows.length > limit) {
    const next = firstRows[limit];
    continueValue = `${next.page_namespace}|${next.page_id}`;
    firstRows.length = limit;
  }
  const redirects = p.redirect === true ? firstRows.filter((r) => r.page_is_redirect) : [];
  const secondRows = redirects.length > 0 ? await linksToRedirects(ctx, scan, redirects) : [];
  if (secondRows.length > limit) {
    const next = secondRows[limit];
    continueValue = `${start.join('|')}|${next.target_ns}|${next.target_title}|${next.page_namespace}|${next.page_id}`;
    secondRows.length = limit;
  }
  if (continueValue !== undefined) ctx.setContinue(continueValue);

  if (ctx.generator) {
    ctx.generator.addPageIds([...firstRows, ...secondRows].map((r) => r.page_id));
    return;
  }
  writeBacklinks(ctx, links.element, firstRows, secondRows, start, cont);
}

/**
 * The items: each linking page with the pages linking to it through a redirect as `redirlinks`.
 * When the whole batch does not fit, pages are added one by one and the continue value resumes there.
 */
function writeBacklinks(
  ctx: BacklinksContext,
  element: string,
  firstRows: LinkingRow[],
  secondRows: RedirectLinkRow[],
  start: Continued,
  cont: Continued,
): void {
  const item = (row: LinkingRow): ResultObject => {
    const out: ResultObject = {
      pageid: row.page_id,
      ns: row.page_namespace,
      title: titleText(ctx.titles, row.page_namespace, row.page_title),
    };
    if (row.page_is_redirect) out.redirect = true;
    return out;
  };
  const items = new Map<number, ResultObject>();
  const byTarget = new Map<string, number>();
  for (const row of firstRows) {
    items.set(row.page_id, item(row));
    byTarget.set(`${row.page_namespace}|${row.page_title}`, row.page_id);
  }
  const redirlinksOf = new Map<number, Map<number, ResultObject>>();
  for (const row of secondRows) {
    const parentId = byTarget.get(`${row.target_ns}|${row.target_title}`);
    if (parentId === undefined) continue;
    const links = redirlinksOf.get(parentId) ?? new Map<number, ResultObject>();
    links.set(row.page_id, item(row));
    redirlinksOf.set(parentId, links);
  }
  const whole = [...items].map(([id, entry]) => {
    const redirlinks = redirlinksOf.get(id);
    return redirlinks ? { ...entry, redirlinks: list(element, [...redirlinks.values()]) } : entry;
  });
  const out = ctx.result.list(element);
  if (ctx.result.fits(whole)) {
    out.push(...whole);
    return;
  }
  // The whole batch is too large for the answer: add pages one by one in page id order (and their
  // redirlinks the same way) until the answer is full; the continue value then repeats this batch's
  // queries (its first six fields) and names the page, and the redirect, to resume adding at.
  const firstLink = secondRows[0];
  const secondStart =
    cont.length >= 6
      ? cont.slice(2, 6)
      : firstLink
        ? [firstLink.target_ns, firstLink.target_title, firstLink.page_namespace, firstLink.page_id]
        : [0, '', 0, 0];
  const head = [...start, ...secondStart].join('|');
  const resumePage = cont.length >= 7 ? (cont[6] as number) : undefined;
  for (const id of [...items.keys()].sort((a, b) => a - b)) {
    if (resumePage !== undefined && id < resumePage) continue;
    const entry = items.get(id) as ResultObject;
    if (!ctx.result.fits(entry)) {
      ctx.setContinue(`${head}|${id}`);
      return;
    }
    out.push(entry);
    const redirlinks = redirlinksOf.get(id);
    if (!redirlinks) continue;
    const resumeRedirect = cont.length >= 8 && id === resumePage ? (cont[7] as number) : undefined;
    const added = list<ResultObject>(element, []);
    for (const redirectId of [...redirlinks.keys()].sort((a, b) => a - b)) {
      if (resumeRedirect !== undefined && redirectId < resumeRedirect) continue;
      const redirectEntry = redirlinks.get(redirectId) as ResultObject;
      if (!ctx.result.fits(redirectEntry)) {
        if (added.length > 0) entry.redirlinks = added;
        ctx.setContinue(`${head}|${id}|${redirectId}`);
        return;
      }
      added.push(redirectEntry);
    }
    if (added.length > 0) entry.redirlinks = added;
  }
}
