/**
 * What the search index (`search-index.ts`) takes of a page: its title and text as words, with
 * what MediaWiki's index update leaves out removed, and its word count. Apart from the index's
 * database code, so that the dump reader's thread prepares the texts of an import with it.
 */
import { phpWordCount } from '../modules/support/search-snippet.js';

/**
 * A word: a run of ASCII letters and digits and of any characters beyond ASCII, as the search
 * index of MediaWiki's SQLite backend splits text (FTS5's `ascii` tokenizer splits the same way).
 */
const WORD = /[a-z0-9\u0080-\uffff]+/g;

/** The words of a text, lowercased, in order (the tokens both engines index). */
export function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

const TAG = /<\/?\s*[A-Za-z][^>]*?>/g;
/** Characters of a URL, and the protocols whose URLs MediaWiki's search index leaves out. */
const URL_CHARS = String.raw`A-Za-z0-9_\/:.,~%\-+&;#?!=()@\u0080-\uffff`;
const PROTOCOLS = 'http|https|ftp|mailto|news|gopher';
const BARE_URL = new RegExp(`(^|[^\\[])(?:${PROTOCOLS}):[${URL_CHARS}]+([^${URL_CHARS}]|$)`, 'gi');
const BRACKETED_URL = new RegExp(`([^\\[])\\[(?:${PROTOCOLS}):[${URL_CHARS}]+\\]`, 'gi');
const LABELLED_URL = new RegExp(`([^\\[])\\[(?:${PROTOCOLS}):[${URL_CHARS}]+\\s+([^\\]]+)\\]`, 'gi');
/** `[[game]]s` is indexed as `game games`. */
const LINK_TRAIL = /([^A-Za-z_'.0-9\u0080-\uffff&#;-])([A-Za-z_'.0-9\u0080-\uffff&#;-]+)\]\]([a-z]+)/g;
/** Texts longer than this are indexed by their beginning (PostgreSQL's `tsvector` is limited to 1 MB). */
const MAX_INDEXED_CHARS = 500_000;

/**
 * A page's wikitext as the index reads it, as MediaWiki's search index update does: HTML tags
 * are left out (comments are not tags: their text stays), and so are external URLs, except the
 * label of a bracketed link; markup characters separate words.
 */
export function indexableText(wikitext: string): string {
  const text = wikitext.length > MAX_INDEXED_CHARS ? wikitext.slice(0, MAX_INDEXED_CHARS) : wikitext;
  return ` ${text} `
    .replace(TAG, ' ')
    .replace(BARE_URL, '$1$2')
    .replace(BRACKETED_URL, '$1 ')
    .replace(LABELLED_URL, '$1 $2 ')
    .replace(LINK_TRAIL, '$1$2 $2$3');
}

/** A page's title as indexed: its text without the namespace, as words. */
export function indexableTitle(dbKey: string): string {
  return dbKey.replace(/_/g, ' ');
}

/** A page as the index takes it: its title and text lowercased as indexed, and its word count. */
export type PreparedPage = [title: string, text: string, wordCount: number];

/** A page (title as a dbKey, wikitext) as the index takes it. */
export function preparePage(title: string, text: string): PreparedPage {
  // FTS5's `ascii` tokenizer splits the lowercased text into the same words as `words()`.
  return [indexableTitle(title).toLowerCase(), indexableText(text).toLowerCase(), phpWordCount(text)];
}

/** Pages (title, wikitext) as the index takes them. */
export function prepareForIndex(pages: Array<[string, string]>): PreparedPage[] {
  return pages.map(([title, text]) => preparePage(title, text));
}
