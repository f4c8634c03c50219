/**
 * The diff of two texts as MediaWiki's diff engine (wikidiff2) makes it, as table rows (for
 * `diffto`/`difftotext` and `action=compare`) or in its inline layout, with two lines of context:
 * the texts compared line by line (`diff-engine.ts`), a changed line shown word by word against
 * the line it replaces when the two are alike enough (`word-diff.ts`), else as a line added then
 * a line removed; unchanged lines around each change shown as context, each run of context headed
 * by its line numbers. Lines removed in one place and added, alike, in another are shown as moved
 * paragraphs, linked to each other (`moved-lines.ts`).
 */
import { diffSequences, type Edit } from './diff-engine.js';
import { escapeHtmlText } from './escape.js';
import { MovedLines } from './moved-lines.js';
import { similarity, WORD_DIFF_BAILOUT, wordDiffSide, wordEdits, wordsOf } from './word-diff.js';

/** Unchanged lines shown before and after a change. */
const CONTEXT_LINES = 2;

/** A replaced line is compared word by word with its replacement when more alike than this. */
export const CHANGE_THRESHOLD = 0.2;

/** The labels the caller gives: a line number, a moved paragraph's link title. */
export interface DiffLabels {
  line: (n: number) => string;
  /** The title of a moved paragraph's link: to its new place (`new`) or to its old one. */
  moved: (to: 'new' | 'old') => string;
}

/** A text's lines: none for an empty text, a final line break ending the last line. */
export function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * How much comparing lines word by word to see whether they are alike may cost in one diff (the
 * products of the lines' word counts). The engine compares them without a bound, in time that
 * grows with the product: two lines of 20,000 words each cost 1.6 billion, a few seconds, and
 * MediaWiki itself needs seconds more for larger ones. Beyond the budget, lines are taken as unlike
 * (an added and a removed line), so that no request holds a thread for minutes.
 */
export const SIMILARITY_BUDGET = 2_000_000_000;

/** What is left of a diff's similarity budget. */
interface Budget {
  left: number;
}

/** Whether a replaced line is alike enough to its replacement to be compared word by word. */
function looksLikeChange(oldLine: string, newLine: string, budget: Budget): boolean {
  const cost = wordsOf(oldLine).length * wordsOf(newLine).length;
  if (cost > budget.left) return false;
  budget.left -= cost;
  return similarity(wordEdits(oldLine, newLine, 0)) > CHANGE_THRESHOLD;
}

/**
 * A run of replaced lines as the engine shows it. Pairs (old line, new line) are taken in order:
 * alike pairs are changes, shown word by word; a pair too unlike is an added line then a removed
 * one. The lines one side has beyond the other's are removed (or added) at the end.
 */
function splitChange(from: readonly string[], to: readonly string[], budget: Budget): Edit[] {
  const edits: Edit[] = [];
  const pairs = Math.min(from.length, to.length);
  let alikeFrom = 0;
  for (let i = 0; i < pairs; i++) {
    if (looksLikeChange(from[i], to[i], budget)) continue;
    if (i > alikeFrom) edits.push({ kind: 'change', from: from.slice(alikeFrom, i), to: to.slice(alikeFrom, i) });
    edits.push({ kind: 'add', from: [], to: [to[i]] });
    edits.push({ kind: 'del', from: [from[i]], to: [] });
    alikeFrom = i + 1;
  }
  if (pairs > alikeFrom)
    edits.push({ kind: 'change', from: from.slice(alikeFrom, pairs), to: to.slice(alikeFrom, pairs) });
  if (from.length > pairs) edits.push({ kind: 'del', from: from.slice(pairs), to: [] });
  if (to.length > pairs) edits.push({ kind: 'add', from: [], to: to.slice(pairs) });
  return edits;
}

/** The line-level edit script, replaced runs split as the engine shows them. */
export function lineEdits(oldText: string, newText: string): Edit[] {
  const budget = { left: SIMILARITY_BUDGET };
  const same = (line: string) => line;
  return diffSequences({ old: linesOf(oldText), new: linesOf(newText) }, same).flatMap((edit) =>
    edit.kind === 'change' ? splitChange(edit.from, edit.to, budget) : [edit],
  );
}

/** A line's cell content: the escaped text in a `div`, an empty line as a line break. */
function cell(line: string): string {
  return line === '' ? '<br />' : `<div>${escapeHtmlText(line)}</div>`;
}

/**
 * A paragraph shown as moved: which side of its pair this row shows, its anchor, the anchor of
 * the other place it links to, and whether that place is further down the diff.
 */
export interface MovedParagraph {
  show: 'old' | 'new';
  anchor: string;
  link: string;
  downwards: boolean;
}

/** What a diff's layout writes: headers naming line numbers, lines, and changed lines. */
export interface DiffRows {
  header(from: number, to: number): void;
  added(line: string): void;
  deleted(line: string): void;
  context(line: string): void;
  /** A pair of lines word by word; for a moved paragraph only one side of it (`moved.show`). */
  wordDiff(oldLine: string, newLine: string, moved?: MovedParagraph): void;
  /** The diff's body. */
  body(): string;
}

/** The engine's layouts: the old text beside the new one (`table`), or one column (`inline`). */
export type DiffType = 'table' | 'inline';

/** The rows of the side-by-side table, in the engine's layout. */
class TableRows implements DiffRows {
  private out = '';

  constructor(private readonly labels: DiffLabels) {}

  header(from: number, to: number): void {
    this.out += `<tr>\n  <td colspan="2" class="diff-lineno">${this.labels.line(from)}</td>\n  <td colspan="2" class="diff-lineno">${this.labels.line(to)}</td>\n</tr>\n`;
  }

  added(line: string): void {
    this.out += `<tr>\n  <td colspan="2" class="diff-empty diff-side-deleted"></td>\n  <td class="diff-marker" data-marker="+"></td>\n  <td class="diff-addedline diff-side-added">${cell(line)}</td>\n</tr>\n`;
  }

  deleted(line: string): void {
    this.out += `<tr>\n  <td class="diff-marker" data-marker="\u2212"></td>\n  <td class="diff-deletedline diff-side-deleted">${cell(line)}</td>\n  <td colspan="2" class="diff-empty diff-side-added"></td>\n</tr>\n`;
  }

  context(line: string): void {
    this.out += `<tr>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-deleted">${cell(line)}</td>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-added">${cell(line)}</td>\n</tr>\n`;
  }

  wordDiff(oldLine: string, newLine: string, moved?: MovedParagraph): void {
    const edits = wordEdits(oldLine, newLine, WORD_DIFF_BAILOUT);
    const anchor = moved ? `<a name="${moved.anchor}"></a>` : '';
    let row = '<tr>\n';
    if (!moved || moved.show === 'old') {
      row += moved
        ? `  <td class="diff-marker"><a class="mw-diff-movedpara-left" title="${this.labels.moved('new')}" href="#${moved.link}">&#x26AB;</a></td>\n`
        : '  <td class="diff-marker" data-marker="\u2212"></td>\n';
      row += `  <td class="diff-deletedline diff-side-deleted"><div>${anchor}${wordDiffSide(edits, 'old')}</div></td>\n`;
    } else row += '  <td colspan="2" class="diff-empty diff-side-deleted"></td>\n';
    if (!moved || moved.show === 'new') {
      row += moved
        ? `  <td class="diff-marker"><a class="mw-diff-movedpara-right" title="${this.labels.moved('old')}" href="#${moved.link}">&#x26AB;</a></td>\n`
        : '  <td class="diff-marker" data-marker="+"></td>\n';
      row += `  <td class="diff-addedline diff-side-added"><div>${anchor}${wordDiffSide(edits, 'new')}</div></td>\n`;
    } else row += '  <td colspan="2" class="diff-empty diff-side-added"></td>\n';
    this.out += `${row}</tr>\n`;
  }

  body(): string {
    return this.out;
  }
}

/**
 * The inline layout: one column in one table cell, each line a `div` classed by what happened to
 * it, removed and added text marked in place; a header before each run of lines names their
 * first line numbers in a comment.
 */
class InlineRows implements DiffRows {
  private out = '';

  constructor(private readonly labels: DiffLabels) {}

  header(from: number, to: number): void {
    this.out += `<div class="mw-diff-inline-header"><!-- LINES ${from},${to} --></div>\n`;
  }

  added(line: string): void {
    this.marked('added', 'ins', line);
  }

  deleted(line: string): void {
    this.marked('deleted', 'del', line);
  }

  context(line: string): void {
    this.out += `<div class="mw-diff-inline-context">${line === '' ? '&#160;' : escapeHtmlText(line)}</div>\n`;
  }

  wordDiff(oldLine: string, newLine: string, moved?: MovedParagraph): void {
    if (moved === undefined) {
      this.out += `<div class="mw-diff-inline-changed">${this.inlineWords(oldLine, newLine)}</div>\n`;
      return;
    }
    const source = moved.show === 'old';
    const direction = moved.downwards ? 'downwards' : 'upwards';
    const link =
      `<a class="mw-diff-movedpara-${source ? 'left' : 'right'}" title="${this.labels.moved(source ? 'new' : 'old')}" ` +
      `data-title-tag="${source ? 'old' : 'new'}" href="#${moved.link}">${moved.downwards ? '&#9660;' : '&#9650;'}</a>`;
    const text = source ? escapeHtmlText(oldLine) : this.inlineWords(oldLine, newLine);
    // The arrow points to the other place: before the text when that is above, after it below.
    const content = moved.downwards ? `${text}${link}` : `${link}${text}`;
    this.out +=
      `<div class="mw-diff-inline-moved mw-diff-inline-moved-${source ? 'source' : 'destination'} ` +
      `mw-diff-inline-moved-${direction}"><a name="${moved.anchor}"></a>${content}</div>\n`;
  }

  /** The one cell, even when the texts are the same. */
  body(): string {
    return `<tr><td colspan="4">${this.out}</td></tr>`;
  }

  private marked(kind: 'added' | 'deleted', tag: 'ins' | 'del', line: string): void {
    const empty = line === '';
    this.out += `<div class="mw-diff-inline-${kind}${empty ? ' mw-diff-empty-line' : ''}"><${tag}>${empty ? '&#160;' : escapeHtmlText(line)}</${tag}></div>\n`;
  }

  /** Both lines in one: the words kept as they are, the removed ones and the added ones marked. */
  private inlineWords(oldLine: string, newLine: string): string {
    const edits = wordEdits(oldLine, newLine, WORD_DIFF_BAILOUT);
    return wordDiffSide(edits, 'both');
  }
}

/** The rows of the diff from `oldText` to `newText`, the labels in the reader's language. */
export function diffTableRows(oldText: string, newText: string, labels: DiffLabels): string {
  return diffBody(oldText, newText, labels, 'table');
}

/** The diff's body in either layout of the engine (see `diffTableRows`). */
export function diffBody(oldText: string, newText: string, labels: DiffLabels, type: DiffType): string {
  return writeRows(oldText, newText, type === 'table' ? new TableRows(labels) : new InlineRows(labels));
}

function writeRows(oldText: string, newText: string, rows: DiffRows): string {
  const edits = lineEdits(oldText, newText);
  const moved = new MovedLines(edits, rows);
  let from = 1;
  let to = 1;
  let numberNext = true;
  for (const [i, edit] of edits.entries()) {
    if (edit.kind !== 'copy' && i === 0) rows.header(1, 1);
    switch (edit.kind) {
      case 'add':
        for (const [j, line] of edit.to.entries()) if (!moved.show(i, j)) rows.added(line);
        to += edit.to.length;
        break;
      case 'del':
        for (const [j, line] of edit.from.entries()) if (!moved.show(i, j)) rows.deleted(line);
        from += edit.from.length;
        break;
      case 'copy':
        for (const [j, line] of edit.from.entries()) {
          const trailing = i !== 0 && j < CONTEXT_LINES;
          const leading = i !== edits.length - 1 && j >= edit.from.length - CONTEXT_LINES;
          if (trailing || leading) {
            if (numberNext) {
              rows.header(from, to);
              numberNext = false;
            }
            rows.context(line);
          } else numberNext = true;
          from++;
          to++;
        }
        break;
      case 'change':
        for (const [j, line] of edit.from.entries()) rows.wordDiff(line, edit.to[j]);
        from += edit.from.length;
        to += edit.to.length;
        break;
    }
    numberNext = false;
  }
  return rows.body();
}
