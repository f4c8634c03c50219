/**
 * Changed lines compared word by word, as MediaWiki's diff engine (wikidiff2) compares them: the
 * words a line is cut into, how alike two lines are, and a line's side of a word-level diff.
 */
import { diffSequences, type Edit } from './diff-engine.js';
import { escapeHtmlText } from './escape.js';

/** Pairs of words beyond which a word-level diff shows the whole line as changed. */
export const WORD_DIFF_BAILOUT = 40_000_000;

/**
 * Whether a character belongs to a word: ASCII letters, digits and `_`, and every character from
 * U+00C0 on but Chinese and Japanese ones (which are words of their own, like punctuation).
 */
function isWordCharacter(code: number): boolean {
  if (code < 0x80) return /[0-9A-Za-z_]/.test(String.fromCharCode(code));
  if (code < 0xc0) return false;
  if (code >= 0x3000 && code <= 0x9fff) return false;
  if (code >= 0x20000 && code <= 0x2a000) return false;
  return true;
}

/**
 * Thai, which is written without spaces: the engine cuts it into words with a dictionary (libthai's),
 * here with the runtime's (ICU's). The two agree on most words; where one dictionary keeps a
 * compound whole (เมืองหลวง) and the other cuts it, the words marked as changed differ.
 */
const THAI = /[\u0e00-\u0e7f]/;
/**
 * In a line with Thai, the engine's dictionary pass takes every character outside ASCII for Thai:
 * a word of such letters and ASCII ones is cut where ASCII letters follow them (`Zü|rich`, `Grüß|e`).
 */
const thaiLike = (ch: string) => ch.charCodeAt(0) > 0x7f;

/** A word of a line: its text, and the part of it compared with other words. */
export interface Word {
  text: string;
  body: string;
}

const isSpace = (ch: string | undefined) => ch === ' ' || ch === '\t';

const THAI_SEGMENTER = new Intl.Segmenter('th', { granularity: 'word' });

/**
 * Where a line's words start around Thai: at each word a dictionary finds in a run of Thai, where
 * Thai follows ASCII, and where ASCII letters follow Thai or another character outside ASCII
 * (digits after them stay in their word).
 */
function thaiBreaks(line: string): Set<number> {
  const breaks = new Set<number>();
  for (const { index } of THAI_SEGMENTER.segment(line)) {
    if (index > 0 && THAI.test(line[index] as string)) breaks.add(index);
  }
  for (let i = 1; i < line.length; i++) {
    const ch = line[i] as string;
    const afterThai = thaiLike(line[i - 1] as string);
    // Thai starts a word after ASCII; after Thai, ASCII letters start one and digits stay in it.
    if (afterThai ? !thaiLike(ch) && !/[0-9]/.test(ch) : THAI.test(ch)) breaks.add(i);
  }
  return breaks;
}

/**
 * A line's words: each run of word characters, and each other character (spaces and
 * punctuation included) alone. A space or tab opening the line, not followed by another, is a
 * word with nothing to compare: it equals only another such word.
 */
export function wordsOf(line: string): Word[] {
  const words: Word[] = [];
  let current = '';
  const breaks = THAI.test(line) ? thaiBreaks(line) : undefined;
  let at = 0;
  for (const ch of line) {
    const here = at;
    at += ch.length;
    if (isWordCharacter(ch.codePointAt(0) as number)) {
      if (current !== '' && breaks?.has(here)) {
        words.push({ text: current, body: current });
        current = '';
      }
      current += ch;
      continue;
    }
    if (current !== '') words.push({ text: current, body: current });
    current = '';
    words.push({ text: ch, body: ch });
  }
  if (current !== '') words.push({ text: current, body: current });
  if (isSpace(line[0]) && !isSpace(line[1])) words[0].body = '';
  return words;
}

const bodyOf = (word: Word) => word.body;

/** The length of a text in UTF-8 bytes, the unit of the engine's measures. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const bytesOf = (words: readonly Word[]) => words.reduce((sum, word) => sum + utf8Length(word.text), 0);
const textOf = (words: readonly Word[]) => escapeHtmlText(words.map((word) => word.text).join(''));

/**
 * How alike two lines are, from 0 to 1: the bytes of the words they keep over the bytes of every
 * step of their word diff (a replaced run counted by its longer side); 0 when nothing is kept.
 */
export function similarity(edits: readonly Edit<Word>[]): number {
  let kept = 0;
  let total = 0;
  for (const edit of edits) {
    const bytes =
      edit.kind === 'add'
        ? bytesOf(edit.to)
        : edit.kind === 'change'
          ? Math.max(bytesOf(edit.from), bytesOf(edit.to))
          : bytesOf(edit.from);
    if (edit.kind === 'copy') kept += bytes;
    total += bytes;
  }
  return kept === 0 || total === 0 ? 0 : kept / total;
}

/** The word diff of two lines, with the bailout given (0: none). */
export function wordEdits(oldLine: string, newLine: string, bailout: number): Edit<Word>[] {
  return diffSequences({ old: wordsOf(oldLine), new: wordsOf(newLine) }, bodyOf, bailout);
}

/**
 * One side of a word diff as HTML: the kept words as they are, the removed (old side) or added
 * (new side) runs marked. `both`: the two sides in one, as the inline layout shows a changed
 * line, each removed run before the run that replaces it, marked without classes.
 */
export function wordDiffSide(edits: readonly Edit<Word>[], side: 'old' | 'new' | 'both'): string {
  let out = '';
  for (const edit of edits) {
    if (edit.kind === 'copy') out += textOf(side === 'old' ? edit.from : edit.to);
    else if (side === 'both') {
      if (edit.kind !== 'add') out += `<del>${textOf(edit.from)}</del>`;
      if (edit.kind !== 'del') out += `<ins>${textOf(edit.to)}</ins>`;
    } else if (side === 'old' && edit.kind !== 'add')
      out += `<del class="diffchange diffchange-inline">${textOf(edit.from)}</del>`;
    else if (side === 'new' && edit.kind !== 'del')
      out += `<ins class="diffchange diffchange-inline">${textOf(edit.to)}</ins>`;
  }
  return out;
}
