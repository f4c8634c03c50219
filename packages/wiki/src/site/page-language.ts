/**
 * The language of a page that has none of its own (`page_lang`), as MediaWiki's content handlers
 * give it: code (CSS, JavaScript, JSON) is English; an interface message's page
 * (`MediaWiki:Tagline/fr`) is in the language its last subpage names, where that is a language
 * MediaWiki defines (kept as written, `EN` too); every other page is in the wiki's language.
 */
import { isDefinedLanguage } from './mediawiki/language-facts.js';
import { NS_MEDIAWIKI } from './title.js';

/** The content models whose pages are code, in English whatever the wiki's language. */
export const CODE_MODELS: ReadonlySet<string> = new Set([
  'css',
  'sanitized-css',
  'javascript',
  'json',
  'GadgetDefinition',
  'Json.JsonConfig',
]);

export function defaultPageLanguage(wikiLanguage: string, ns: number, dbKey: string, model: string): string {
  if (CODE_MODELS.has(model)) return 'en';
  if (ns === NS_MEDIAWIKI) {
    const slash = dbKey.lastIndexOf('/');
    if (slash !== -1 && isDefinedLanguage(dbKey.slice(slash + 1))) return dbKey.slice(slash + 1);
  }
  return wikiLanguage;
}
