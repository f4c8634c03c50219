/**
 * URLs of titles on other wikis through the interwiki map (`[[en:Berlin]]`, `[[wikt:word]]`), and
 * language names for language links.
 */
import { type LanguageData, namingLanguage, storedLanguageName } from '../../api/language-data.js';
import type { TitleCodec } from '../../site/title.js';
import { urlencodeTitle } from '../../site/urls.js';

/** The full URL of `title` on the wiki of the interwiki `prefix`, or undefined for an unknown prefix. */
export function interwikiUrl(codec: TitleCodec, prefix: string, title: string): string | undefined {
  const entry = codec.interwiki(prefix);
  if (!entry) return undefined;
  const url = entry.url.replace('$1', urlencodeTitle(title.replace(/ /g, '_')));
  return url.startsWith('//') ? `http:${url}` : url;
}

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
