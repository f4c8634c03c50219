/**
 * The stored message catalogue as the API renders from it: the texts of every stored language in
 * memory, read when the server starts and again when a language's stored row changes (another
 * `wiki messages` or `wiki mirror` wrote it). A store without a catalogue renders the service's own
 * wording (`en.ts`, `de.ts`, `interface-*.ts`).
 */
import type { Gender } from '../../site/title.js';
import type { WikiStore } from '../../store/database.js';
import { readMessageTexts, storedMessageLanguages } from '../../store/message-catalogue.js';

export interface MessageCatalogue {
  /** What the stored languages' rows say (where and when each was read): a change means reload. */
  readonly stamp: string;
  readonly languages: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

/** The store's catalogue, or undefined when it holds none. */
export async function loadMessageCatalogue(store: WikiStore): Promise<MessageCatalogue | undefined> {
  const rows = await storedMessageLanguages(store);
  if (rows.length === 0) return undefined;
  const languages = new Map<string, ReadonlyMap<string, string>>();
  for (const row of rows) languages.set(row.lang, await readMessageTexts(store, row.lang));
  return { stamp: JSON.stringify(rows), languages };
}

/** The catalogue as stored now: `current` when the stored one is the same, else read again. */
export async function refreshMessageCatalogue(
  store: WikiStore,
  current: MessageCatalogue | undefined,
): Promise<MessageCatalogue | undefined> {
  const rows = await storedMessageLanguages(store);
  if (rows.length === 0) return undefined;
  if (current !== undefined && current.stamp === JSON.stringify(rows)) return current;
  return loadMessageCatalogue(store);
}

/** The stored texts of a language: its own, or none (a language the catalogue lacks). */
export function catalogueLanguage(
  catalogue: MessageCatalogue | undefined,
  language: string,
): ReadonlyMap<string, string> | undefined {
  return catalogue?.languages.get(language);
}

/** A regional form's base language (`de-at` falls back to `de`), the chain where none is stored. */
function regionalBase(language: string): string[] {
  return language.includes('-') ? [language.slice(0, language.indexOf('-'))] : [];
}

/**
 * The fallback chain of `language`: the source's, where its language data is stored, else a
 * regional form's base language.
 */
export function fallbackChain(
  language: string,
  stored: Pick<StoredMessages, 'fallbacks'> | undefined,
): readonly string[] {
  return stored?.fallbacks?.(language) ?? regionalBase(language);
}

/**
 * The stored texts a reader of `language` is given: the language's own, else those of the first
 * language of its fallback chain the catalogue holds (`fallbacks`: the source's chain where its
 * language data is stored, else a regional form's base language: `de-at` reads German), and English
 * last, where every chain of MediaWiki's ends. Undefined without a catalogue.
 */
export function readerTexts(
  catalogue: MessageCatalogue | undefined,
  language: string,
  fallbacks?: readonly string[],
): ReadonlyMap<string, string> | undefined {
  if (catalogue === undefined) return undefined;
  for (const code of [language, ...(fallbacks ?? regionalBase(language)), 'en']) {
    const texts = catalogue.languages.get(code);
    if (texts !== undefined) return texts;
  }
  return undefined;
}

/**
 * What rendering a stored message needs beside its text: the catalogue, and what its magic words
 * and `{{GENDER:}}` read (the site, the reader).
 */
export interface StoredMessages {
  catalogue: MessageCatalogue;
  /** A language's fallback chain as the source's language data gives it, if stored. */
  fallbacks?(language: string): readonly string[] | undefined;
  siteName: string;
  server: string;
  scriptPath: string;
  contentLanguage: string;
  readerName: string;
  gender(userName: string): Gender;
}

/**
 * MediaWiki's pseudo-language that shows each message as its key and parameters (`uselang=qqx`,
 * to find which message a text comes from): `(key: a, b)`.
 */
export const QQX = 'qqx';

/** A message as the pseudo-language shows it, without parameters: `(key)`. */
export function qqxKey(key: string): string {
  return `(${key})`;
}

/** A message as the pseudo-language shows it with its parameters, as given: `(key: a, b)`. */
export function qqxText(key: string, params: readonly string[]): string {
  return params.length === 0 ? qqxKey(key) : `(${key}: ${params.join(', ')})`;
}

/**
 * Whether a language code is one MediaWiki accepts (`LanguageNameUtils::isValidCode`), known or not:
 * at most 128 bytes, none of the characters of paths, markup or invalid titles. The empty code is valid.
 */
export function isValidLanguageCode(code: string): boolean {
  return (
    Buffer.byteLength(code) <= 128 &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters make a code invalid
    !/[:/\\&<>'"#[\]|{}\u0000-\u001f\u007f]|%[0-9A-Fa-f]{2}/.test(code)
  );
}

/**
 * The language whose messages a valid code (allmessages' `amlang`, siteinfo's `inlanguagecode`) reads: a language the service has messages in
 * (the stored catalogue's, else German and English), a regional form of one (`de-at` reads German),
 * else English, where MediaWiki's fallback of a code it has no messages for ends.
 */
export function messageLanguage(code: string, catalogue: MessageCatalogue | undefined): string {
  if (code === QQX) return QQX;
  const known = (lang: string) =>
    catalogue === undefined ? lang === 'en' || lang === 'de' : catalogueLanguage(catalogue, lang) !== undefined;
  if (known(code)) return code;
  const base = code.split('-')[0];
  return code.includes('-') && known(base) ? base : 'en';
}
