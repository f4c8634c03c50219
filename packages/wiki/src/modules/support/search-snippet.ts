/**
 * The text snippet and word count of a search hit, as MediaWiki's database search backends make
 * them from a page's wikitext (without `$wgAdvancedSearchHighlighting`):
 *
 * - every term becomes a pattern: the term as written, between word boundaries (no boundary
 *   after a `word*` prefix). MediaWiki matches these on the text's UTF-8 bytes, case-insensitively
 *   for ASCII letters only, and a word boundary is one between an ASCII letter, digit or `_` and
 *   anything else; so is it done here (on a string holding one byte per character);
 * - the first two lines with a match each give one snippet line: the text before the line's last
 *   match (its last 75 characters after `…`, when longer), the match and up to 76 bytes after it
 *   (its first 75 characters before `…`, when that is shorter), HTML-escaped, with every match in
 *   the line wrapped in `<span class='searchmatch'>`.
 */
import { escapeHtmlQuotes } from '../../text/escape.js';
import { phpTrimEnd, phpTrimStart } from '../../text/php-trim.js';
import type { SearchTerm } from './search-query.js';

const CONTEXT_LINES = 2;
const CONTEXT_CHARS = 75;

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/-]/g;

/**
 * A term's pattern over the bytes of UTF-8 text (latin1 string), ASCII letters in either case;
 * `wordBreaks` false (Chinese and Cantonese, whose words abut) finds it inside words too.
 */
function termPattern(term: SearchTerm, wordBreaks: boolean): string {
  return wordPattern(Buffer.from(term.text, 'utf8').toString('latin1'), term.prefix, wordBreaks);
}

/**
 * The same pattern over the text itself. Matched on a JavaScript string without the `u` flag, it
 * finds the same places: characters beyond ASCII are not word characters for `\b` there either,
 * and only ASCII letters are folded.
 */
function termCharPattern(term: SearchTerm, wordBreaks: boolean): string {
  return wordPattern(term.text, term.prefix, wordBreaks);
}

function wordPattern(text: string, prefix: boolean, wordBreaks: boolean): string {
  const escaped = text.replace(REGEX_SPECIAL, '\\$&').replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
  if (!wordBreaks) return escaped;
  return prefix ? `\\b${escaped}` : `\\b${escaped}\\b`;
}

function toBytes(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

function fromBytes(bytes: string): string {
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The last `CONTEXT_CHARS` characters of a line's beginning, after an ellipsis, when longer. */
function truncateStart(text: string, ellipsis: string): string {
  const chars = Array.from(text);
  if (chars.length <= CONTEXT_CHARS) return text;
  const kept = ellipsis + phpTrimStart(chars.slice(-CONTEXT_CHARS).join(''));
  return Array.from(kept).length < chars.length ? kept : text;
}

/**
 * The first `CONTEXT_CHARS` characters of what follows a line's match, before an ellipsis, when
 * longer, and only when that comes out shorter (white space at the cut dropped).
 */
function truncateEnd(text: string, ellipsis: string): string {
  const chars = Array.from(text);
  if (chars.length <= CONTEXT_CHARS) return text;
  const kept = phpTrimEnd(chars.slice(0, CONTEXT_CHARS).join('')) + ellipsis;
  return Array.from(kept).length < chars.length ? kept : text;
}

/**
 * The highlighted snippet of a hit's wikitext for the query's terms; `wordBreaks` false for a
 * content language whose words are not set apart (see `hasWordBreaks`).
 */
export function textSnippet(
  wikitext: string,
  terms: readonly SearchTerm[],
  ellipsis: string,
  wordBreaks = true,
): string {
  if (terms.length === 0 || wikitext === '') return '';
  const any = terms.map((term) => termPattern(term, wordBreaks)).join('|');
  const line = new RegExp(`^([^\\n]*)(${any})([^\\n]{0,${CONTEXT_CHARS + 1}})`);
  const mark = new RegExp(`(${any})`, 'g');
  // Lines with a match are found on the text itself; only they are taken apart as bytes.
  const find = new RegExp(terms.map((term) => termCharPattern(term, wordBreaks)).join('|'), 'g');
  let left = CONTEXT_LINES;
  let snippet = '';
  while (left > 0 && find.lastIndex < wikitext.length) {
    const found = find.exec(wikitext);
    if (!found) break;
    const start = found.index === 0 ? 0 : wikitext.lastIndexOf('\n', found.index - 1) + 1;
    let end = wikitext.indexOf('\n', found.index);
    if (end === -1) end = wikitext.length;
    find.lastIndex = end + 1;
    const m = line.exec(toBytes(wikitext.slice(start, end)));
    if (!m) continue;
    left--;
    const pre = toBytes(truncateStart(fromBytes(m[1]!), ellipsis));
    const post = toBytes(truncateEnd(fromBytes(m[3]!), ellipsis));
    const escaped = toBytes(escapeHtmlQuotes(fromBytes(pre + m[2]! + post)));
    snippet += `${fromBytes(escaped.replace(mark, "<span class='searchmatch'>$1</span>"))}\n`;
  }
  return snippet;
}
