/**
 * The message store: every message the service ships (interface messages under MediaWiki's keys,
 * and the API's error and warning texts), in English and German, overridden by the wiki's own
 * `MediaWiki:<Key>` pages as MediaWiki overrides them: the content language reads `MediaWiki:Key`,
 * any other language `MediaWiki:Key/<lang>`.
 */
import { upperFirst } from '../../site/first-letter.js';
import type { WikiStore } from '../../store/database.js';
import { MEDIAWIKI_NAMESPACE, readInterfacePages } from '../../store/interface-pages.js';
import { GERMAN_MESSAGES } from './de.js';
import { ENGLISH_MESSAGES } from './en.js';
import { GERMAN_INTERFACE_MESSAGES } from './interface-de.js';
import { ENGLISH_INTERFACE_MESSAGES } from './interface-en.js';

const ENGLISH: Record<string, string> = { ...ENGLISH_MESSAGES, ...ENGLISH_INTERFACE_MESSAGES };
const GERMAN: Record<string, string> = { ...GERMAN_MESSAGES, ...GERMAN_INTERFACE_MESSAGES };

/** Every message key the service ships, sorted by bytes (the English catalogue decides which exist). */
export const SHIPPED_MESSAGE_KEYS: readonly string[] = Object.keys(ENGLISH).sort(byBytes);

function byBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

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

/** The shipped text of a message in `language` (German or English; others read English). */
export function shippedMessage(key: string, language: string): string | undefined {
  const normalized = normalizeMessageKey(key);
  if (language === 'de' || language.startsWith('de-')) return GERMAN[normalized] ?? ENGLISH[normalized];
  return ENGLISH[normalized];
}

/** The `MediaWiki:` page (stored title) that overrides a message in a language. */
export function overridePageTitle(key: string, language: string, contentLanguage: string): string {
  const title = upperFirst(normalizeMessageKey(key));
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
): Promise<Map<string, MessageText>> {
  const pages = new Map<string, string>();
  const titles = keys.map((key) => overridePageTitle(key, language, contentLanguage));
  for (let i = 0; i < titles.length; i += 200) {
    for (const [title, text] of await readInterfacePages(store, titles.slice(i, i + 200))) pages.set(title, text);
  }
  const found = new Map<string, MessageText>();
  for (const [i, key] of keys.entries()) {
    const shipped = shippedMessage(key, language);
    const local = pages.get(titles[i]);
    found.set(key, { text: local ?? shipped, shipped, customised: local !== undefined });
  }
  return found;
}

/**
 * The keys of the messages the wiki defines with its own pages in a language (`amincludelocal`):
 * pages without a slash for the content language, `Key/<lang>` pages for another, whose title
 * starts with `prefix` (a normalized key prefix) when one is given.
 */
export async function localMessageKeys(
  store: WikiStore,
  language: string,
  contentLanguage: string,
  prefix = '',
): Promise<string[]> {
  let query = store.db
    .selectFrom('page')
    .select('page_title')
    .where('page_namespace', '=', MEDIAWIKI_NAMESPACE)
    .where('page_is_redirect', '=', 0);
  const start = upperFirst(prefix.replace(/ /g, '_'));
  if (start !== '') query = query.where('page_title', '>=', start);
  const rows = await query.orderBy('page_title').execute();
  const keys: string[] = [];
  const suffix = `/${language}`;
  for (const { page_title: title } of rows) {
    if (start !== '' && !title.startsWith(start)) break;
    if (language === contentLanguage) {
      if (!title.includes('/')) keys.push(normalizeMessageKey(title));
    } else if (title.endsWith(suffix) && !title.slice(0, -suffix.length).includes('/')) {
      keys.push(normalizeMessageKey(title.slice(0, -suffix.length)));
    }
  }
  return keys;
}
