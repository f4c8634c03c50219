/**
 * Title completion as MediaWiki's default search engine does it (prefixsearch, and the suggestions
 * of a search box): a namespace name before the first colon picks the namespace; pages whose title
 * starts with the rest are listed in title order (then namespace order), and the page the text
 * names exactly, when it exists, is moved or added to the front. `Spezial:` searches the names of
 * the special pages instead.
 */
import { titleText } from '../../api/gender.js';
import { prefixUpperBound } from '../../api/keyset.js';
import type { ModuleContext } from '../../api/module.js';
import { languageConverter } from '../../site/mediawiki/language-variants.js';
import { specialPageAliases } from '../../site/mediawiki/special-page-aliases.js';
import { NS_MAIN, NS_SPECIAL } from '../../site/title.js';
import { compareByteOrder } from '../../text/byte-order.js';

export interface Suggestion {
  namespace: number;
  dbKey: string;
  /** Prefixed title as shown (gendered user pages, localized special page names). */
  title: string;
  /** Absent for special pages. */
  pageId?: number;
}

interface FoundPage {
  page_id: number;
  page_namespace: number;
  page_title: string;
}

/** `Vorlage:inf` → namespaces [10] and `inf`; text without a namespace name keeps the namespaces. */
function splitNamespace(ctx: ModuleContext, search: string, namespaces: number[]): [string, number[]] {
  const colon = search.indexOf(':');
  if (colon === -1) return [search, namespaces];
  const name = search.slice(0, colon);
  const id = name === '' ? NS_MAIN : ctx.titles.namespaceId(name);
  return id === undefined ? [search, namespaces] : [search.slice(colon + 1), [id]];
}

/** Suggestions as a search box lists them, and whether there are more after them. */
export interface Suggestions {
  pages: Suggestion[];
  more: boolean;
}

/**
 * Up to `limit` suggestions starting at `offset`, exact match first when `offset` is 0, as
 * MediaWiki's `completionSearchWithVariants` gives them: where the text finds fewer than
 * `limit + 1` pages and the content language has variants, the text in each other variant is
 * searched as well (from its first page, each for what is still wanting), its pages added after
 * those found; the whole is then cut to the last search's limit, and read from its start (the
 * exact match put first) since the variants' searches start there.
 */
export async function suggestTitles(
  ctx: ModuleContext,
  rawSearch: string,
  requestedNamespaces: number[],
  limit: number,
  offset: number,
): Promise<Suggestions> {
  if (rawSearch.trim() === '') return { pages: [], more: false };
  const [rest, splitNamespaces] = splitNamespace(ctx, rawSearch.trim(), requestedNamespaces);
  const search = rest.trim();
  let namespaces = splitNamespaces.length > 0 ? splitNamespaces : [NS_MAIN];
  if (search === '' && splitNamespaces === requestedNamespaces) return { pages: [], more: false };
  if (namespaces.includes(NS_SPECIAL)) {
    const pages = specialPages(ctx, search, limit + 1, offset);
    return { pages: pages.slice(0, limit), more: pages.length > limit };
  }
  const found = await prefixMatches(ctx, search, namespaces, limit + 1, offset);
  let fallbackLimit = 1 + limit - found.length;
  let lastLimit = limit;
  let lastOffset = offset;
  const converter = languageConverter(ctx.site.language);
  if (fallbackLimit > 0 && converter?.converts) {
    const variants = [...new Set(converter.variants.map((variant) => converter.autoConvert(search, variant)))];
    for (const variantSearch of variants.filter((text) => text !== search)) {
      lastLimit = fallbackLimit;
      lastOffset = 0;
      const [variantRest, variantNamespaces] = splitNamespace(ctx, variantSearch.trim(), namespaces);
      namespaces = variantNamespaces;
      const more = await rescored(
        ctx,
        variantRest.trim(),
        namespaces,
        await prefixMatches(ctx, variantRest.trim(), namespaces, lastLimit + 1, 0),
        lastLimit,
        0,
      );
      // A page found before is not listed twice.
      for (const page of more.pages) if (!found.some((f) => f.page_id === page.page_id)) found.push(page);
      fallbackLimit -= more.pages.length;
      if (fallbackLimit <= 0) break;
    }
  }
  const { pages, more } = await rescored(ctx, search, namespaces, found, lastLimit, lastOffset);
  return {
    pages: pages.map((p) => ({
      namespace: p.page_namespace,
      dbKey: p.page_title,
      title: titleText(ctx.titles, p.page_namespace, p.page_title),
      pageId: p.page_id,
    })),
    more,
  };
}

/** Up to `count` pages whose title starts with the text, from `offset`, in title then namespace order. */
async function prefixMatches(
  ctx: ModuleContext,
  search: string,
  namespaces: readonly number[],
  count: number,
  offset: number,
): Promise<FoundPage[]> {
  // Characters no title may hold are dropped from the text (`[[Ber]]lin` completes as `Berlin`).
  const cleaned = search.replace(NOT_IN_TITLES, '');
  const found: FoundPage[] = [];
  for (const namespace of new Set(namespaces)) {
    const prefix = search === '' ? '' : titleKey(ctx, namespace, cleaned);
    // Text that makes no title in the namespace completes to nothing there.
    if (prefix === undefined) continue;
    let query = ctx.store.db
      .selectFrom('page')
      .select(['page_id', 'page_namespace', 'page_title'])
      .where('page_namespace', '=', namespace);
    if (prefix !== '')
      query = query.where('page_title', '>=', prefix).where('page_title', '<', prefixUpperBound(prefix));
    found.push(
      ...(await query
        .orderBy('page_title')
        .limit(offset + count)
        .execute()),
    );
  }
  found.sort((a, b) => compareByteOrder(a.page_title, b.page_title) || a.page_namespace - b.page_namespace);
  return found.slice(offset, offset + count);
}

/**
 * MediaWiki's `processCompletionResults`: the pages cut to `limit` (more when there were more),
 * and from the first page on, the exact match put first (or added, the last page then dropped and
 * more said to follow).
 */
async function rescored(
  ctx: ModuleContext,
  search: string,
  namespaces: number[],
  found: readonly FoundPage[],
  limit: number,
  offset: number,
): Promise<{ pages: FoundPage[]; more: boolean }> {
  const pages = found.slice(0, limit);
  let more = found.length > limit;
  if (offset === 0 && (await putExactMatchFirst(ctx, search, namespaces, pages)) && pages.length > limit) {
    pages.pop();
    more = true;
  }
  return { pages, more };
}

/**
 * What no title may hold, as MediaWiki's prefix search drops it from the text: characters outside
 * its legal title characters, percent-encoded bytes and named character references.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among those dropped
const NOT_IN_TITLES = /[\u0000-\u001f#<>[\]{|}\u007f]|%[0-9A-Fa-f]{2}|&[A-Za-z0-9\u0080-\uffff]+;/g;

/**
 * The stored prefix for the text in a namespace (the key of the title the text makes there; an
 * interwiki prefix is read as such and leaves the rest), or undefined where it makes no title.
 */
function titleKey(ctx: ModuleContext, namespace: number, search: string): string | undefined {
  const name = namespace === NS_MAIN ? '' : `${ctx.titles.namespaceName(namespace)}:`;
  const parsed = ctx.titles.parse(`${name}${search}`);
  return parsed.ok ? parsed.title.dbKey : undefined;
}

/**
 * The exact match goes first: the page the text names if it is among the results or exists; for a
 * redirect, its target or another redirect to that target when one of them is listed. Returns
 * whether a page was added.
 */
async function putExactMatchFirst(
  ctx: ModuleContext,
  search: string,
  namespaces: number[],
  pages: FoundPage[],
): Promise<boolean> {
  const defaultNamespace = namespaces.includes(NS_MAIN) ? NS_MAIN : namespaces[0];
  const parsed = ctx.titles.parse(search, { defaultNamespace });
  if (!parsed.ok || parsed.title.interwiki !== '' || parsed.title.namespace < 0) return false;
  const { namespace, dbKey } = parsed.title;
  const exact = await ctx.store.db
    .selectFrom('page')
    .leftJoin('redirect', 'rd_from', 'page_id')
    .select(['page_id', 'page_namespace', 'page_title', 'page_is_redirect', 'rd_namespace', 'rd_title', 'rd_interwiki'])
    .where('page_namespace', '=', namespace)
    .where('page_title', '=', dbKey)
    .executeTakeFirst();
  if (!exact) return false;
  const indexOf = (ns: number, key: string) => pages.findIndex((p) => p.page_namespace === ns && p.page_title === key);
  const moveToFront = (index: number) => pages.unshift(...pages.splice(index, 1));
  const at = indexOf(namespace, dbKey);
  if (at !== -1) {
    moveToFront(at);
    return false;
  }
  const targets = await redirectTargets(ctx, pages);
  if (exact.page_is_redirect && exact.rd_title !== null && !exact.rd_interwiki) {
    const target = indexOf(exact.rd_namespace as number, exact.rd_title);
    if (target !== -1) {
      moveToFront(target);
      return false;
    }
    const sibling = pages.findIndex((p) => targets.get(p.page_id) === `${exact.rd_namespace}|${exact.rd_title}`);
    if (sibling !== -1) {
      moveToFront(sibling);
      return false;
    }
  }
  pages.unshift({ page_id: exact.page_id, page_namespace: exact.page_namespace, page_title: exact.page_title });
  return true;
}

/** Where the listed redirects point, by page id (`ns|title`). */
async function redirectTargets(ctx: ModuleContext, pages: FoundPage[]): Promise<Map<number, string>> {
  if (pages.length === 0) return new Map();
  const rows = await ctx.store.db
    .selectFrom('redirect')
    .select(['rd_from', 'rd_namespace', 'rd_title'])
    .where(
      'rd_from',
      'in',
      pages.map((p) => p.page_id),
    )
    .where((eb) => eb.or([eb('rd_interwiki', 'is', null), eb('rd_interwiki', '=', '')]))
    .execute();
  return new Map(rows.map((r) => [r.rd_from, `${r.rd_namespace}|${r.rd_title}`]));
}

/**
 * Special pages whose name or alias starts with the text (case-folded): canonical names and first
 * aliases before the other aliases, each group in the order of the folded names.
 */
function specialPages(ctx: ModuleContext, search: string, count: number, offset: number): Suggestion[] {
  const wanted = search.replace(/ /g, '_').toLowerCase();
  const keys = new Map<string, { page: string; rank: number }>();
  const pages = specialPageAliases(ctx.site.language);
  for (const [canonical] of pages) keys.set(canonical.toLowerCase(), { page: canonical, rank: 0 });
  for (const [, aliases] of pages) {
    aliases.forEach((alias, rank) => {
      keys.set(alias.toLowerCase(), { page: alias, rank });
    });
  }
  const ranks = new Map<number, string[]>();
  for (const key of [...keys.keys()].sort(compareByteOrder)) {
    if (wanted !== '' && !key.startsWith(wanted)) continue;
    const { page, rank } = keys.get(key) as { page: string; rank: number };
    const list = ranks.get(rank) ?? [];
    list.push(page);
    ranks.set(rank, list);
  }
  const names = [...ranks.entries()].sort((a, b) => a[0] - b[0]).flatMap(([, list]) => list);
  return names.slice(offset, offset + count).map((name) => {
    const dbKey = ctx.titles.capitalize(name, NS_SPECIAL);
    return {
      namespace: NS_SPECIAL,
      dbKey,
      title: ctx.titles.prefixedText({ namespace: NS_SPECIAL, dbKey, interwiki: '' }),
    };
  });
}
