/**
 * Special pages of MediaWiki 1.39 with the reference wiki's extensions and their names in the
 * content language (language-facts.ts): which `Special:` titles name a page, and each page's local
 * name (its first alias in the content language).
 */
import { siteUpperFirst } from '../first-letter.js';
import type { SiteConfig } from '../site.js';
import { languageFacts } from './language-facts.js';

/** Every special page's canonical name with its aliases in a content language, the local name first. */
export function specialPageAliases(language: string): readonly (readonly [string, readonly string[]])[] {
  return languageFacts(language).specialPageAliases;
}

/**
 * The name of the special page MediaWiki calls `canonical` (`Allpages`) on a wiki of this content
 * language (`Alle_Seiten` in German, `AllPages` in English); undefined for no such page.
 */
export function localSpecialPageName(canonical: string, language: string): string | undefined {
  return specialPageAliases(language).find(([name]) => name === canonical)?.[1][0];
}

/** By language: each name and alias, lower-cased, with the page's local name (its first alias). */
const localNames = new Map<string, Map<string, string>>();

function localNameOf(name: string, language: string): string | undefined {
  let names = localNames.get(language);
  if (!names) {
    names = new Map();
    for (const [canonical, aliases] of specialPageAliases(language)) {
      const local = aliases[0] ?? canonical;
      for (const alias of [canonical, ...aliases]) {
        if (!names.has(alias.toLowerCase())) names.set(alias.toLowerCase(), local);
      }
    }
    localNames.set(language, names);
  }
  return names.get(name.toLowerCase());
}

/**
 * Whether a `Special:` title's database key names a special page (by its canonical name or an
 * alias, case-insensitively, a subpage after `/` aside).
 */
export function specialPageExists(dbKey: string, language: string): boolean {
  return localNameOf(dbKey.split('/')[0], language) !== undefined;
}

/**
 * A `Special:` title's database key with the page named by its local name (on a German wiki
 * `RecentChanges` and `Recentchanges` are `Letzte_Änderungen`), the subpage kept, its first letter
 * uppercased by the wiki's rule (Georgian's `Ბოლოცვლილებები`); the key itself for no special page.
 */
export function localSpecialPageKey(dbKey: string, site: Pick<SiteConfig, 'language' | 'settings'>): string {
  const slash = dbKey.indexOf('/');
  const name = slash < 0 ? dbKey : dbKey.slice(0, slash);
  const local = localNameOf(name, site.language);
  return local === undefined ? dbKey : siteUpperFirst(site)(`${local}${slash < 0 ? '' : dbKey.slice(slash)}`);
}
