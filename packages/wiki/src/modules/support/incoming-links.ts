/**
 * `prop=linkshere`, `transcludedin`, `fileusage` and `redirects`: the pages that link to, transclude,
 * use or redirect to each page of the page set (missing titles included). The scan is ordered by
 * target (namespace, then title, each only when the targets differ in it), then by the linking
 * page's namespace when several namespaces are asked for, then by its id; the continue value is
 * made of exactly those columns, as MediaWiki writes it.
 */
import { apiError } from '../../api/errors.js';
import { parseContinueValue } from '../../api/keyset.js';
import type { ModuleContext } from '../../api/module.js';
import type { ResultObject } from '../../api/result/tree.js';
import { NS_FILE } from '../../site/title.js';
import { warnWhileBuilding } from './deferred-build-warning.js';
import { linkRows, type SortColumn } from './link-rows.js';

/** LINK-PROP, and redirects' own `prop` and `show` values. */
type IncomingLinkParams = { prop?: string[]; show?: string[]; namespace?: number[]; limit: number; continue?: string };

export interface IncomingLinks {
  table: 'pagelinks' | 'templatelinks' | 'imagelinks' | 'redirect';
  /** Column of the linking page's id. */
  from: string;
  /** Column of the target's namespace (absent for images, whose namespace is always File). */
  targetNamespace?: string;
  targetTitle: string;
  /** Column of the linking page's namespace, when the table keeps it. */
  fromNamespace?: string;
  key: string;
  element: string;
}

export async function executeIncomingLinks(ctx: ModuleContext<IncomingLinkParams>, spec: IncomingLinks): Promise<void> {
  const p = ctx.params;
  const props = new Set(p.prop ?? []);
  const show = new Set(p.show ?? []);
  const isRedirects = spec.table === 'redirect';
  if (!isRedirects) await warnWhileBuilding(ctx, 'links');
  const [on, off] = isRedirects ? ['fragment', '!fragment'] : ['redirect', '!redirect'];
  const targets = ctx.pages
    .allTitles()
    .filter((t) => (spec.targetNamespace === undefined ? t.ns === NS_FILE : t.ns >= 0));
  // Special pages count as targets where a namespace is asked for (MediaWiki looks for their
  // backlinks too, finding none): with them, the module goes on to check its parameters.
  const specials = spec.targetNamespace === undefined ? 0 : ctx.pages.special.length;
  if (targets.length === 0 && specials === 0) return;
  // Every namespace asked for was unknown (and dropped with a warning): nothing can match.
  if (p.namespace?.length === 0) return;
  // Conflicting show values are refused only once the module has targets to look at, and after
  // its continue value was read.
  const conflicting = show.has(on) && show.has(off);
  const targetIds = new Map(targets.map((t) => [`${t.ns}:${t.dbKey}`, t.pageid]));
  const byNamespace = new Map<number, string[]>();
  for (const t of targets) byNamespace.set(t.ns, [...(byNamespace.get(t.ns) ?? []), t.dbKey]);

  const namespaces = p.namespace;
  // The order (and so the continue value) counts special pages among the targets too, as
  // MediaWiki adds them to the titles it looks for.
  const sorted = spec.targetNamespace === undefined ? targets : [...targets, ...ctx.pages.special];
  const sort: SortColumn[] = [];
  if (spec.targetNamespace && new Set(sorted.map((t) => t.ns)).size > 1) {
    sort.push({ column: spec.targetNamespace, kind: 'looseint' });
  }
  if (new Set(sorted.map((t) => t.dbKey)).size > 1) sort.push({ column: spec.targetTitle, kind: 'string' });
  if (spec.fromNamespace && namespaces && namespaces.length > 1)
    sort.push({ column: spec.fromNamespace, kind: 'looseint' });
  sort.push({ column: spec.from, kind: 'looseint' });
  if (p.continue !== undefined)
    parseContinueValue(
      p.continue,
      sort.map((c) => c.kind),
    );
  if (conflicting) throw apiError('show', 'apierror-show');
  // Special pages alone have no links to look for.
  if (targets.length === 0) return;

  const rows = await linkRows(ctx, {
    table: spec.table,
    sort,
    columns: [
      spec.targetTitle,
      ...(spec.targetNamespace ? [spec.targetNamespace] : []),
      'page_namespace',
      'page_title',
      'page_is_redirect',
      ...(isRedirects ? ['rd_fragment'] : []),
    ],
    limit: p.limit,
    where: (q) => {
      let query = q
        .innerJoin('page', 'page_id', spec.from)
        .where((eb) =>
          eb.or(
            [...byNamespace].map(([ns, titles]) =>
              spec.targetNamespace
                ? eb.and([eb(spec.targetNamespace, '=', ns), eb(spec.targetTitle, 'in', titles)])
                : eb(spec.targetTitle, 'in', titles),
            ),
          ),
        );
      if (namespaces !== undefined) {
        query = query.where(spec.fromNamespace ?? 'page_namespace', 'in', namespaces);
      }
      if (isRedirects) {
        query = query.where((eb) => eb.or([eb('rd_interwiki', 'is', null), eb('rd_interwiki', '=', '')]));
        if (show.has('fragment')) query = query.where('rd_fragment', 'is not', null).where('rd_fragment', '!=', '');
        if (show.has('!fragment')) {
          query = query.where((eb) => eb.or([eb('rd_fragment', 'is', null), eb('rd_fragment', '=', '')]));
        }
      } else {
        if (show.has('redirect')) query = query.where('page_is_redirect', '=', 1);
        if (show.has('!redirect')) query = query.where('page_is_redirect', '=', 0);
      }
      return query;
    },
  });
  if (ctx.generator) {
    // MediaWiki hands its page set the pages' titles, which it looks up as it does `titles=`.
    ctx.generator.addTitles(rows.map((r) => ({ namespace: Number(r.page_namespace), dbKey: String(r.page_title) })));
    return;
  }
  for (const row of rows) {
    const ns = spec.targetNamespace ? (row[spec.targetNamespace] as number) : NS_FILE;
    const target = targetIds.get(`${ns}:${row[spec.targetTitle]}`);
    if (target === undefined) continue;
    const item: ResultObject = {};
    if (props.has('pageid')) item.pageid = row[spec.from] as number;
    if (props.has('title')) {
      item.ns = row.page_namespace as number;
      item.title = ctx.titles.prefixedText({
        namespace: row.page_namespace as number,
        dbKey: row.page_title as string,
        interwiki: '',
      });
    }
    if (props.has('redirect')) item.redirect = Boolean(row.page_is_redirect);
    if (props.has('fragment') && row.rd_fragment) item.fragment = row.rd_fragment as string;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(rows.continueAt(row));
      break;
    }
    ctx.result.pageList(target, spec.key, spec.element)?.push(item);
  }
}
