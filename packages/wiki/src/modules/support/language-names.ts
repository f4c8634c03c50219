/**
 * Language names for language links.
 */
import { type LanguageData, namingLanguage, storedLanguageName } from '../../api/language-data.js';

/** The name of a language in another language (`Englisch`), or in itself (`English`) when `inLanguage` is absent. */
export function languageName(code: string, inLanguage?: string): string {
  try {
    const names = new Intl.DisplayNames([inLanguage ?? code], { type: 'language', fallback: 'none' });
    return names.of(code) ?? '';
  } catch {
    return '';
  }
}

/**
 * A language's name as the wiki names it: in `inLanguage`, or its autonym when that is absent;
 * with the source's language data (`stored`) its names ('' for a code it does not know), without
 * it the runtime's.
 */
export function wikiLanguageName(stored: LanguageData | undefined, code: string, inLanguage?: string): string {
  if (stored === undefined) return languageName(code, inLanguage);
  if (inLanguage === undefined) return stored.byCode.get(code)?.autonym ?? '';
  return storedLanguageName(stored, code, namingLanguage(inLanguage));
}
