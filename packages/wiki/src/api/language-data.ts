/**
 * The stored language data (`store/language-data.ts`) as the API answers from it: in memory, read
 * when the server starts and again when a source row changes (another `wiki languages` or
 * `wiki mirror` wrote it). A store without it answers from the runtime's ICU data
 * (`site/languages.ts`).
 */
import { languageName } from '../site/languages.js';
import type { WikiStore } from '../store/database.js';
import { readLanguageData, type StoredLanguageCode, storedLanguageSources } from '../store/language-data.js';

export interface LanguageData {
  /** What the stored source rows say (where and when each part was read): a change means reload. */
  readonly stamp: string;
  /** Every code the source's software knows, in code order. */
  readonly codes: readonly StoredLanguageCode[];
  readonly byCode: ReadonlyMap<string, StoredLanguageCode>;
  /** Per language the names were read in: each code's name. */
  readonly names: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /**
   * Whether the source names languages in other languages than their own (it has CLDR's names):
   * when it gives every code its autonym, it does so in any language, stored or not.
   */
  readonly translated: boolean;
}

/** The store's language data, or undefined when it holds none. */
export async function loadLanguageData(store: WikiStore): Promise<LanguageData | undefined> {
  const rows = await storedLanguageSources(store);
  if (rows.length === 0) return undefined;
  const { codes, names } = await readLanguageData(store);
  if (codes.length === 0) return undefined;
  const byCode = new Map(codes.map((c) => [c.code, c]));
  const translated = [...names.values()].some((inLanguage) =>
    [...inLanguage].some(([code, name]) => name !== (byCode.get(code)?.autonym ?? name)),
  );
  return { stamp: JSON.stringify(rows), codes, byCode, names, translated };
}

/** The language data as stored now: `current` when the stored one is the same, else read again. */
export async function refreshLanguageData(
  store: WikiStore,
  current: LanguageData | undefined,
): Promise<LanguageData | undefined> {
  const rows = await storedLanguageSources(store);
  if (rows.length === 0) return undefined;
  if (current !== undefined && current.stamp === JSON.stringify(rows)) return current;
  return loadLanguageData(store);
}

/**
 * The language MediaWiki gives names in when asked for `inLanguage`: English for a code no
 * language can have (one with characters a title may not hold, or none).
 */
export function namingLanguage(inLanguage: string): string {
  return inLanguage === '' || /[:/\\\0&<>'"#[\]{}|\n\r\t]/.test(inLanguage) ? 'en' : inLanguage;
}

/**
 * The code's name in `inLanguage`, '' when the source knows no such code: the stored name, else
 * (a language whose names were not read) its autonym when the source names every language by its
 * autonym, and the runtime's name otherwise.
 */
export function storedLanguageName(data: LanguageData, code: string, inLanguage: string): string {
  const stored = data.names.get(inLanguage)?.get(code);
  if (stored !== undefined) return stored;
  const known = data.byCode.get(code);
  if (known === undefined) return '';
  return data.translated ? languageName(code, inLanguage) : known.autonym;
}
