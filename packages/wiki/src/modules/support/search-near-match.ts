/**
 * `srwhat=nearmatch`: the one existing page a search text names, tried as MediaWiki's near
 * matcher tries it: as written, all lowercase (then first letter up), Each Word Capitalized,
 * ALL UPPERCASE, Capitalized-At-Word-Breaks, and without surrounding quotes. Namespaces given
 * to the search do not restrict it. User pages, special pages and files without a page are not
 * answered, as MediaWiki leaves them out of the API's results (it has no revision of them).
 */
import type { ModuleContext } from '../../api/module.js';
import type { SearchPage } from './search-query.js';

function upperWords(text: string, breaks: RegExp): string {
  return text.replace(breaks, (match) => match.toUpperCase());
}

async function existing(ctx: ModuleContext, text: string): Promise<SearchPage | undefined> {
  const parsed = ctx.titles.parse(text);
  if (!parsed.ok || parsed.title.interwiki !== '' || parsed.title.namespace < 0) return undefined;
  const namespace = parsed.title.namespace;
  return ctx.store.db
    .selectFrom('page')
    .select(['page_id', 'page_namespace', 'page_title'])
    .where('page_namespace', '=', namespace)
    .where('page_title', '=', parsed.title.dbKey)
    .executeTakeFirst();
}

export async function nearMatch(ctx: ModuleContext, search: string): Promise<SearchPage | undefined> {
  const exact = ctx.titles.parse(search);
  if (!exact.ok) return undefined;
  const variants = [
    search,
    search.toLowerCase(),
    upperWords(search, /(^|\s)\S/gu),
    search.toUpperCase(),
    upperWords(search, /(^|[^\p{L}\p{N}])\p{L}/gu),
  ];
  for (const variant of variants) {
    const page = await existing(ctx, variant);
    if (page) return page;
  }
  const quoted = /^"([^"]+)"$/.exec(search);
  return quoted ? nearMatch(ctx, quoted[1]!) : undefined;
}
