/**
 * URLs of titles on other wikis through the interwiki map (`[[en:Berlin]]`, `[[wikt:word]]`), and
 * language names for language links.
 */
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
