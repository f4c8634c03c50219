/**
 * The `title` / `pageid` pair of modules about one page (categorymembers, backlinks, ...): exactly
 * one must be given; a title must parse (and, for modules that read the page, be one a page can
 * have), a page id must name an existing page.
 */
import { apiError, invalidTitle, mutuallyExclusive, requireOneOf } from '../../api/errors.js';
import type { ModuleContext } from '../../api/module.js';

export interface TargetPage {
  namespace: number;
  dbKey: string;
  /** The page's id when it exists (always when given by `pageid`). */
  pageId: number | undefined;
}

export async function titleOrPageId(
  ctx: ModuleContext<{ title?: string; pageid?: number }>,
  options: { pageMustBePossible?: boolean } = {},
): Promise<TargetPage> {
  const title = ctx.params.title;
  const pageId = ctx.params.pageid;
  const names = [ctx.paramName('title'), ctx.paramName('pageid')];
  if (title !== undefined) {
    if (pageId !== undefined) throw mutuallyExclusive(names);
    const parsed = ctx.titles.parse(title);
    if (!parsed.ok || parsed.title.interwiki !== '') throw invalidTitle(title);
    // Where the module reads the page itself, a title no page can have (Special:, Media:, a
    // section of no page: `#Section`) is refused.
    if (options.pageMustBePossible && (parsed.title.namespace < 0 || parsed.title.dbKey === '')) {
      throw apiError('pagecannotexist', 'apierror-pagecannotexist');
    }
    return { namespace: parsed.title.namespace, dbKey: parsed.title.dbKey, pageId: undefined };
  }
  if (pageId === undefined) throw requireOneOf(names);
  const row = await ctx.store.db
    .selectFrom('page')
    .select(['page_namespace', 'page_title'])
    .where('page_id', '=', pageId)
    .executeTakeFirst();
  if (!row) throw apiError('nosuchpageid', 'apierror-nosuchpageid', [{ raw: pageId }]);
  return { namespace: row.page_namespace, dbKey: row.page_title, pageId };
}
