/**
 * What template expansion reads of the store for a request: pages' current texts (redirects
 * followed), whether pages exist, and the interface messages of the content language.
 */
import { lookupMessages } from '../../api/messages/store.js';
import type { ModuleContext } from '../../api/module.js';
import { specialPageExists } from '../../site/mediawiki/special-page-aliases.js';
import { NS_MEDIA, NS_SPECIAL, type Title } from '../../site/title.js';
import { currentPageRow, followedPageText, type PagePlace } from '../../store/page-text.js';
import { type SiteStatistics, siteStatistics } from '../../store/site-statistics.js';
import type { ExpansionHost } from '../../wikitext/preprocessor/expand.js';
import { wikiLanguageName } from './language-names.js';

/** What expansion reads of a request: the store, the site and the request's server and languages. */
export type ExpansionServices = Pick<
  ModuleContext<unknown>,
  'store' | 'titles' | 'site' | 'server' | 'languages' | 'messages'
>;

/** The expansion host of a request for the page `page`, at the request's time. */
export function expansionHost(
  ctx: ExpansionServices,
  page: Title,
  pageId?: number,
  revisionId?: number,
): ExpansionHost {
  const messages = new Map<string, string | undefined>();
  let counts: Promise<SiteStatistics> | undefined;
  return {
    pageId,
    revisionId,
    async siteCount(name) {
      counts ??= siteStatistics(ctx.store);
      const all: Record<string, number> = { ...(await counts) };
      return all[name];
    },
    titles: ctx.titles,
    site: ctx.site,
    server: ctx.server,
    page,
    now: new Date(),
    async pageText(title) {
      const found = await followedPageText(ctx.store.db, title);
      if (found === undefined) return undefined;
      const place = (p: PagePlace) => (p === title ? title : ctx.titles.make(p.namespace, p.dbKey));
      const missingTarget = found.missingTarget && place(found.missingTarget);
      return { title: place(found.place), text: found.text, ...(missingTarget ? { missingTarget } : {}) };
    },
    languageName: (code, inLanguage) => wikiLanguageName(ctx.languages, code, inLanguage),
    async exists(title) {
      if (title.namespace === NS_SPECIAL) return specialPageExists(title.dbKey, ctx.site.language);
      const namespace = title.namespace === NS_MEDIA ? 6 : title.namespace;
      return (await currentPageRow(ctx.store.db, namespace, title.dbKey)) !== undefined;
    },
    async message(key) {
      if (!messages.has(key)) {
        const found = await lookupMessages(ctx.store, [key], ctx.site.language, ctx.site.language, ctx.messages);
        messages.set(key, found.get(key)?.text);
      }
      return messages.get(key);
    },
  };
}
