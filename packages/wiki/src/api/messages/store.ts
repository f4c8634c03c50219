/**
 * The message store: the stored catalogue of the source wiki's messages where the store holds one
 * (`catalogue.ts`), else every message the service ships (interface messages under MediaWiki's keys,
 * and the API's error and warning texts) in English and German; either overridden by the wiki's own
 * `MediaWiki:<Key>` pages as MediaWiki overrides them: the content language reads `MediaWiki:Key`,
 * any other language `MediaWiki:Key/<lang>`.
 */

import { dateStyleOf } from '../../site/date-format.js';
import { firstLetterUpper } from '../../site/first-letter.js';
import type { WikiStore } from '../../store/database.js';
import { readInterfacePages } from '../../store/interface-pages.js';
import { loadSite } from '../../store/site-store.js';
import { compareByteOrder } from '../../text/byte-order.js';
import { catalogueLanguage, type MessageCatalogue, QQX, qqxKey, readerTexts } from './catalogue.js';
import { GERMAN_MESSAGES } from './de.js';
import { ENGLISH_MESSAGES } from './en.js';
import { GERMAN_INTERFACE_MESSAGES } from './interface-de.js';
import { ENGLISH_INTERFACE_MESSAGES } from './interface-en.js';

const ENGLISH: Record<string, string> = { ...ENGLISH_MESSAGES, ...ENGLISH_INTERFACE_MESSAGES };
const GERMAN: Record<string, string> = { ...GERMAN_MESSAGES, ...GERMAN_INTERFACE_MESSAGES };

/** Every message key the service ships, sorted by bytes (the English catalogue decides which exist). */
export const SHIPPED_MESSAGE_KEYS: readonly string[] = Object.keys(ENGLISH).sort(compareByteOrder);

/**
 * MediaWiki's normal form of a message key: spaces as underscores and a lower-case first letter
 * (`Welcomeuser` is `welcomeuser`).
 */
export function normalizeMessageKey(key: string): string {
  const underscored = key.replace(/ /g, '_');
  const first = underscored.codePointAt(0);
  if (first === undefined) return underscored;
  const head = String.fromCodePoint(first);
  return head.toLowerCase() + underscored.slice(head.length);
}

/**
 * The shipped text of a message in `language`: the stored catalogue's when it holds the message in
 * that language or one it falls back to (`readerTexts`; `fallbacks`: the language's chain where
 * known), else the service's own (German, for languages that fall back to it, or English).
 */
export function shippedMessage(
  key: string,
  language: string,
  catalogue?: MessageCatalogue,
  fallbacks?: readonly string[],
): string | undefined {
  const normalized = normalizeMessageKey(key);
  const stored = readerTexts(catalogue, language, fallbacks)?.get(normalized);
  if (stored !== undefined) return stored;
  if (dateStyleOf(language, fallbacks) === 'de') return GERMAN[normalized] ?? ENGLISH[normalized];
  return ENGLISH[normalized];
}

/**
 * Every message key there is, sorted by bytes: the stored catalogue's (of the language, else of any
 * stored language: every language has the same keys), else those the service ships.
 */
export function allMessageKeys(language: string, catalogue?: MessageCatalogue): readonly string[] {
  if (catalogue === undefined) return SHIPPED_MESSAGE_KEYS;
  const texts = catalogueLanguage(catalogue, language) ?? catalogue.languages.values().next().value;
  if (texts === undefined) return SHIPPED_MESSAGE_KEYS;
  return sortedKeysOf(texts);
}

const SORTED_KEYS = new WeakMap<ReadonlyMap<string, string>, readonly string[]>();

/** A stored language's keys in byte order, sorted once per loaded catalogue. */
function sortedKeysOf(texts: ReadonlyMap<string, string>): readonly string[] {
  let keys = SORTED_KEYS.get(texts);
  if (keys === undefined) {
    keys = [...texts.keys()].sort(compareByteOrder);
    SORTED_KEYS.set(texts, keys);
  }
  return keys;
}

/**
 * The `MediaWiki:` page (stored title) that overrides a message in a language: the key's first
 * letter uppercased by the content language (`İpb…` on a Turkish wiki).
 */
export function overridePageTitle(key: string, language: string, contentLanguage: string): string {
  const title = firstLetterUpper(contentLanguage)(normalizeMessageKey(key));
  return language === contentLanguage ? title : `${title}/${language}`;
}

/** A message's text in one language: the wiki's override, or the shipped text. */
export interface MessageText {
  text: string | undefined;
  /** The shipped text (undefined when the service ships no such message). */
  shipped: string | undefined;
  /** Whether a `MediaWiki:` page overrides it. */
  customised: boolean;
}

/** Looks up messages in a language, reading the wiki's overrides in one query per 200 keys. */
export async function lookupMessages(
  store: WikiStore,
  keys: readonly string[],
  language: string,
  contentLanguage: string,
  catalogue?: MessageCatalogue,
  /** The language's fallback chain where known (the shipped texts of the first stored one). */
  fallbacks?: readonly string[],
): Promise<Map<string, MessageText>> {
  // The pseudo-language shows every message as its key, whatever the wiki's pages say.
  if (language === QQX)
    return new Map(keys.map((key) => [key, { text: qqxKey(key), shipped: qqxKey(key), customised: false }]));
  const pages = new Map<string, string>();
  const titles = keys.map((key) => overridePageTitle(key, language, contentLanguage));
  for (let i = 0; i < titles.length; i += 200) {
    for (const [title, text] of await readInterfacePages(store, titles.slice(i, i + 200))) pages.set(title, text);
  }
  const found = new Map<string, MessageText>();
  for (const [i, key] of keys.entries()) {
    const shipped = shippedMessage(key, language, catalogue, fallbacks);
    const local = pages.get(titles[i]);
    found.set(key, { text: local ?? shipped, shipped, customised: local !== undefined });
  }
  return found;
}

/**
 * A message's text in the wiki's content language, its `MediaWiki:` page first (what a build after
 * an import names tracking categories with).
 */
export function contentMessageReader(store: WikiStore): (key: string) => Promise<string | undefined> {
  let language: Promise<string | undefined> | undefined;
  return async (key) => {
    language ??= loadSite(store.db).then((site) => site?.language);
    const code = (await language) ?? 'en';
    return (await lookupMessages(store, [key], code, code)).get(key)?.text;
  };
}
