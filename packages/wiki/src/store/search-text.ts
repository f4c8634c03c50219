/**
 * What the search index (`search-index.ts`) takes of a page: its title and text as words, with
 * what MediaWiki's index update leaves out removed, and its word count. Apart from the index's
 * database code, so that the dump reader's thread prepares the texts of an import with it.
 */
import { languageClassOf } from '../site/mediawiki/language-facts.js';
import { languageConverter } from '../site/mediawiki/language-variants.js';
import { asciiTable } from '../text/ascii-table.js';
import { phpWordCount } from '../text/word-count.js';

/**
 * A word: a run of ASCII letters and digits and of any characters beyond ASCII, as the search
 * index of MediaWiki's SQLite backend splits text (FTS5's `ascii` tokenizer splits the same way),
 * the namespace mark below aside.
 */
const WORD = /[a-z0-9\u0080-\udfff\ue001-\uffff]+/g;

/**
 * SQLite: the character that begins the namespace words of the index (`\ue000` and the namespace
 * number, one word to FTS5's `ascii` tokenizer), which say in which namespace a page is without a
 * column of their own. A private-use character: texts are indexed with it taken out (it separates
 * words, as it does in `words()`), so that no text makes a namespace word.
 */
export const NAMESPACE_MARK = '\ue000';
const MARKS = /\ue000/g;

/** SQLite: the index's word for a namespace. */
export function namespaceWord(namespace: number): string {
  return `${NAMESPACE_MARK}${namespace}`;
}

/**
 * SQLite: what follows each entry of the index's two tables (`searchindex` a page's prepared text,
 * `searchindex_title` its prepared title): the page's namespace word, so that a search asks one
 * table for its words and namespaces without a filter by column (which would make FTS5 read every
 * place of a common word in every page). SQLite joins the two (`? || ?`): joined here, the page's
 * text and the word, a character beyond Latin-1, made a new string of two bytes a character that
 * binding it copied twice (6 % of the writing thread's time in an import).
 */
export function entrySuffix(namespace: number): string {
  return ` ${namespaceWord(namespace)}`;
}

/** Full-width ASCII letters and digits (`Ａ`, `１`), which MediaWiki indexes and searches as ASCII ones. */
const FULL_WIDTH = /[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/g;

function halfWidth(text: string): string {
  return text.replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/** Each character beyond ASCII (astral ones whole). */
const BEYOND_ASCII = /[\u0080-\uD7FF\uE000-\uFFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF]/g;
/** Runs of hiragana, of katakana and of kanji (U+3200 to U+9999, as MediaWiki's Japanese class reads them). */
const JAPANESE_RUNS = /[\u3040-\u309F]+|[\u30A0-\u30FF]+|[\u3200-\u9999]+/g;

/** Puts a space around each match, with no two spaces in a row (MediaWiki's `insertSpace`). */
function spacedAround(text: string, pattern: RegExp): string {
  return text.replace(pattern, ' $& ').replace(/ {2,}/g, ' ');
}

/** How a language's search splits words: as the others (words of letters), or as MediaWiki's classes do. */
type SearchSplitting = 'characters' | 'japanese' | undefined;

function searchSplitting(language: string): SearchSplitting {
  switch (languageClassOf(language)) {
    case 'zh':
    case 'zh-hans':
    case 'gan':
    case 'yue':
      return 'characters';
    case 'ja':
      return 'japanese';
    default:
      return undefined;
  }
}

/**
 * What the search index makes of a prepared text or title in a language whose words are not set
 * apart by spaces, as MediaWiki's index does: Chinese, Cantonese and Gan index each character
 * beyond ASCII as a word, Japanese each run of hiragana, of katakana and of kanji; full-width
 * letters and digits are indexed as ASCII ones. Undefined for the other languages (the text is
 * indexed as it is).
 */
export function indexSegmenter(language: string): ((text: string) => string) | undefined {
  const splitting = searchSplitting(language);
  if (splitting === undefined) return undefined;
  const pattern = splitting === 'characters' ? BEYOND_ASCII : JAPANESE_RUNS;
  const simplified = simplifiedScript(language);
  return (text) => spacedAround(halfWidth(simplified(text)), pattern);
}

/**
 * Chinese's and Gan's search read texts and queries in their simplified script (`zh-hans`,
 * `gan-hans`), as MediaWiki's classes do, so that either script finds the other; the identity
 * for the other languages.
 */
function simplifiedScript(language: string): (text: string) => string {
  const languageClass = languageClassOf(language);
  if (languageClass !== 'zh' && languageClass !== 'gan') return (text) => text;
  // Only a language that has the converter itself (`zh`, `gan`): `zh-hant` and `lzh`, served by
  // Chinese's class, have none, and MediaWiki leaves their texts as they are.
  const converter = languageConverter(language);
  const variant = `${languageClass}-hans`;
  return converter?.language !== language || !converter.variants.includes(variant)
    ? (text) => text
    : (text) => converter.autoConvert(text, variant);
}

/**
 * A search term's text as MediaWiki's query reads it in such a language: Chinese and Gan split it
 * into characters as their index does (a term of several then is a phrase); Cantonese and
 * Japanese do not split it (their index does), so a term must be one of the index's words whole.
 */
export function queryTermText(text: string, language: string): string {
  const splitting = searchSplitting(language);
  if (splitting === undefined) return text;
  const half = halfWidth(simplifiedScript(language)(text));
  return splitting === 'characters' && languageClassOf(language) !== 'yue'
    ? spacedAround(half, BEYOND_ASCII).trim()
    : half;
}

/**
 * The forms a search term is looked for in: on a wiki whose language has script variants
 * converted word by word (Serbian, Kazakh, Uzbek, ...), the term in each variant, any of which
 * matches (as MediaWiki's MySQL search reads the variants; its SQLite search asks for all of them
 * at once, so it finds a page only where every form stands); the term alone elsewhere (Chinese
 * and Gan are searched in the simplified script their index holds).
 */
export function termVariants(text: string, language: string): string[] {
  if (searchSplitting(language) !== undefined) return [text];
  const converter = languageConverter(language);
  if (converter === undefined || !converter.converts || converter.language !== language) return [text];
  return [...new Set([text, ...converter.variants.map((variant) => converter.autoConvert(text, variant))])];
}

/** The words of a text, lowercased, in order (the tokens both engines index). */
export function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

const TAG = /<\/?\s*[A-Za-z][^>]*?>/g;
/** Characters of a URL, and the protocols whose URLs MediaWiki's search index leaves out. */
const URL_CHARS = String.raw`A-Za-z0-9_\/:.,~%\-+&;#?!=()@\u0080-\uffff`;
const PROTOCOLS = ['http', 'https', 'ftp', 'mailto', 'news', 'gopher'];
const BRACKETED_URL = new RegExp(`([^\\[])\\[(?:${PROTOCOLS.join('|')}):[${URL_CHARS}]+\\]`, 'gi');
const LABELLED_URL = new RegExp(`([^\\[])\\[(?:${PROTOCOLS.join('|')}):[${URL_CHARS}]+\\s+([^\\]]+)\\]`, 'gi');
/** Texts longer than this are indexed by their beginning (PostgreSQL's `tsvector` is limited to 1 MB). */
const MAX_INDEXED_CHARS = 500_000;

/** Whether each ASCII character is one of `URL_CHARS` (every character beyond ASCII is). */
const ASCII_URL_CHAR = asciiTable(new RegExp(`[${URL_CHARS}]`));
/** Whether each ASCII character may be part of the word before a link trail (as may any beyond). */
const ASCII_TRAIL_WORD_CHAR = asciiTable(/[A-Za-z_'.0-9&#;-]/);

function isUrlChar(c: number): boolean {
  return c >= 128 || ASCII_URL_CHAR[c] === 1;
}

function isTrailWordChar(c: number): boolean {
  return c >= 128 || ASCII_TRAIL_WORD_CHAR[c] === 1;
}

/** The length of the protocol name (any case) that ends just before position `colon`, or 0. */
function protocolBefore(text: string, colon: number): number {
  for (const name of PROTOCOLS) {
    const start = colon - name.length;
    if (start < 0) continue;
    let k = 0;
    while (k < name.length && (text.charCodeAt(start + k) | 32) === name.charCodeAt(k)) k++;
    if (k === name.length) return name.length;
  }
  return 0;
}

/**
 * Leaves out bare URLs (`http://example.org`, not after `[`), as MediaWiki's replacement of
 * `(^|[^\[])(?:protocols):[url chars]+([^url chars]|$)` with its two groups does, matches taken
 * left to right with the character after each URL consumed. A scan from colon to colon gives the
 * same text several times faster than that pattern, which has to be tried at every position.
 */
function withoutBareUrls(text: string): string {
  let out = '';
  let copied = 0;
  // Where the next match may begin: the character after the previous URL belongs to it.
  let next = 0;
  let colon = text.indexOf(':');
  while (colon !== -1) {
    const length = protocolBefore(text, colon);
    const start = colon - length;
    const blocked = start === 0 ? next > 0 : start - 1 < next || text.charCodeAt(start - 1) === 91; // `[`
    let end = colon + 1;
    if (length === 0 || blocked || end >= text.length || !isUrlChar(text.charCodeAt(end))) {
      colon = text.indexOf(':', colon + 1);
      continue;
    }
    while (end < text.length && isUrlChar(text.charCodeAt(end))) end++;
    out += text.slice(copied, start);
    copied = end;
    next = end < text.length ? end + 1 : end;
    colon = text.indexOf(':', next + 1);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** A link's closing brackets followed by its trail of letters. */
const LINK_TRAIL = /\]\]([a-z]+)/g;

/**
 * `[[game]]s` is indexed as `game games`: MediaWiki replaces
 * `([^word chars])([word chars]+)\]\]([a-z]+)` with `$1$2 $2$3`. Each `]]` followed by a letter
 * is found and the word before it read backwards, which gives the same text as that pattern.
 */
function withLinkTrailsSpelledOut(text: string): string {
  LINK_TRAIL.lastIndex = 0;
  let out = '';
  let copied = 0;
  for (let m = LINK_TRAIL.exec(text); m !== null; m = LINK_TRAIL.exec(text)) {
    const brackets = m.index;
    let before = brackets - 1;
    while (before >= 0 && isTrailWordChar(text.charCodeAt(before))) before--;
    // The word must not be empty, and the character before it not part of the previous match.
    if (before === brackets - 1 || before < copied) {
      LINK_TRAIL.lastIndex = brackets + 1;
      continue;
    }
    out += `${text.slice(copied, brackets)} ${text.slice(before + 1, brackets)}${m[1]}`;
    copied = brackets + m[0].length;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * A page's wikitext as the index reads it, as MediaWiki's search index update does: HTML tags
 * are left out (comments are not tags: their text stays), and so are external URLs, except the
 * label of a bracketed link; markup characters separate words.
 */
export function indexableText(wikitext: string): string {
  const text = wikitext.length > MAX_INDEXED_CHARS ? wikitext.slice(0, MAX_INDEXED_CHARS) : wikitext;
  return withLinkTrailsSpelledOut(
    withoutBareUrls(` ${text} `.replace(TAG, ' ')).replace(BRACKETED_URL, '$1 ').replace(LABELLED_URL, '$1 $2 '),
  );
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
  return [
    indexableTitle(title).toLowerCase().replace(MARKS, ' '),
    indexableText(text).toLowerCase().replace(MARKS, ' '),
    phpWordCount(text),
  ];
}

/** Pages (title, wikitext) as the index takes them. */
export function prepareForIndex(pages: Array<[string, string]>): PreparedPage[] {
  return pages.map(([title, text]) => preparePage(title, text));
}
