/**
 * `srwhat=nearmatch`: the one existing page a search text names, tried as MediaWiki's near
 * matcher tries it: as written, all lowercase (then first letter up), Each Word Capitalized,
 * ALL UPPERCASE, Capitalized-At-Word-Breaks, each in the content language's other script variants
 * too, and without surrounding quotes. Namespaces given
 * to the search do not restrict it. User pages, special pages and files without a page are not
 * answered, as MediaWiki leaves them out of the API's results (it has no revision of them).
 */
import type { ModuleContext } from '../../api/module.js';
import { languageConverter } from '../../site/mediawiki/language-variants.js';
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
  // The text, then (on a wiki whose language has variants) the text in each variant.
  const converter = languageConverter(ctx.site.language);
  const terms = converter
    ? [...new Set([search, ...converter.variants.map((variant) => converter.autoConvert(search, variant))])]
    : [search];
  for (const term of terms) {
    // A term that makes no title ends the search, as in MediaWiki.
    if (!ctx.titles.parse(term).ok) return undefined;
    const forms = [
      term,
      term.toLowerCase(),
      upperWords(term, /(^|\s)\S/gu),
      term.toUpperCase(),
      upperWords(term, /(^|[^\p{L}\p{N}])\p{L}/gu),
    ];
    for (const form of forms) {
      const page = await existing(ctx, form);
      if (page) return page;
    }
  }
  const quoted = /^"([^"]+)"$/.exec(search);
  return quoted ? nearMatch(ctx, quoted[1]!) : undefined;
}
