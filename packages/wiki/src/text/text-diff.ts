/**
 * The diff of two texts as table rows, in the shape MediaWiki's diff engine (wikidiff2) gives
 * them for `diffto`/`difftotext`: the texts compared line by line (a longest common subsequence,
 * common first and last lines taken first), changed lines shown as added and removed with two
 * lines of unchanged context around each change, each run of context headed by its line numbers.
 * Pairs of changed lines alike enough to be shown word by word, and lines moved, are not shown
 * so: such a diff is undefined, for the caller to answer without one.
 */
import { escapeHtmlText } from './escape.js';

/** Unchanged lines shown before and after a change. */
const CONTEXT_LINES = 2;

type Op =
  | { kind: 'copy'; from: string[] }
  | { kind: 'add'; to: string[] }
  | { kind: 'del'; from: string[] }
  | { kind: 'change'; from: string[]; to: string[] };

/** A text's lines: none for an empty text, line breaks of either kind. */
function linesOf(text: string): string[] {
  return text === '' ? [] : text.replace(/\r\n/g, '\n').split('\n');
}

/**
 * The edit script between two lists of lines: the common first and last lines, then a longest
 * common subsequence of the rest, each match taken as early as it can be.
 */
function lineOps(a: readonly string[], b: readonly string[]): Op[] | undefined {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const pairs = commonSubsequence(a.slice(start, endA), b.slice(start, endB));
  if (pairs === undefined) return undefined;
  const ops: Op[] = [];
  const push = (kind: 'copy' | 'edit', from: string[], to: string[]) => {
    if (kind === 'copy') {
      if (from.length > 0) ops.push({ kind: 'copy', from });
      return;
    }
    if (from.length > 0 && to.length > 0) ops.push({ kind: 'change', from, to });
    else if (from.length > 0) ops.push({ kind: 'del', from });
    else if (to.length > 0) ops.push({ kind: 'add', to });
  };
  push('copy', a.slice(0, start), []);
  let i = 0;
  let j = 0;
  for (const [x, y] of pairs) {
    push('edit', a.slice(start + i, start + x), b.slice(start + j, start + y));
    push('copy', [a[start + x]], []);
    i = x + 1;
    j = y + 1;
  }
  push('edit', a.slice(start + i, endA), b.slice(start + j, endB));
  push('copy', a.slice(endA), []);
  // Neighbouring copies are one run of unchanged lines.
  const merged: Op[] = [];
  for (const op of ops) {
    const last = merged.at(-1);
    if (op.kind === 'copy' && last?.kind === 'copy') last.from.push(...op.from);
    else merged.push(op.kind === 'copy' ? { kind: 'copy', from: [...op.from] } : op);
  }
  return merged;
}

/** Pairs of lines (or words) beyond which no common subsequence is looked for here. */
export const MAX_COMPARED_PAIRS = 4_000_000;

/**
 * Index pairs of a longest common subsequence, each match as early as it can be; undefined when
 * the lists are too long to compare here (the table grows with the product of their lengths).
 */
function commonSubsequence(a: readonly string[], b: readonly string[]): [number, number][] | undefined {
  if (a.length === 0 || b.length === 0) return [];
  if (a.length * b.length > MAX_COMPARED_PAIRS) return undefined;
  // Lengths of the longest common subsequences of the suffixes, one row per line of `a`.
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let x = a.length - 1; x >= 0; x--) {
    for (let y = b.length - 1; y >= 0; y--) {
      table[x * width + y] =
        a[x] === b[y]
          ? table[(x + 1) * width + y + 1] + 1
          : Math.max(table[(x + 1) * width + y], table[x * width + y + 1]);
    }
  }
  const pairs: [number, number][] = [];
  let x = 0;
  let y = 0;
  while (x < a.length && y < b.length) {
    if (a[x] === b[y] && table[x * width + y] === table[(x + 1) * width + y + 1] + 1) {
      pairs.push([x, y]);
      x++;
      y++;
    } else if (table[(x + 1) * width + y] >= table[x * width + y + 1]) x++;
    else y++;
  }
  return pairs;
}

/** A line's cell content: the escaped text in a `div`, an empty line as a line break. */
function cell(line: string): string {
  return line === '' ? '<br />' : `<div>${escapeHtmlText(line)}</div>`;
}

/**
 * The rows of the diff from `oldText` to `newText`; `lineLabel` names a line number in the
 * reader's language (`Zeile 1:`). Undefined where the diff would show a pair of lines word by word.
 */
export function diffTableRows(oldText: string, newText: string, lineLabel: (n: number) => string): string | undefined {
  const ops = lineOps(linesOf(oldText), linesOf(newText));
  // Texts whose changed parts are too long to compare line by line here get no diff.
  if (ops === undefined) return undefined;
  let out = '';
  const header = (from: number, to: number) => {
    out += `<tr>\n  <td colspan="2" class="diff-lineno">${lineLabel(from)}</td>\n  <td colspan="2" class="diff-lineno">${lineLabel(to)}</td>\n</tr>\n`;
  };
  const added = (line: string) => {
    out += `<tr>\n  <td colspan="2" class="diff-empty diff-side-deleted"></td>\n  <td class="diff-marker" data-marker="+"></td>\n  <td class="diff-addedline diff-side-added">${cell(line)}</td>\n</tr>\n`;
  };
  const deleted = (line: string) => {
    out += `<tr>\n  <td class="diff-marker" data-marker="\u2212"></td>\n  <td class="diff-deletedline diff-side-deleted">${cell(line)}</td>\n  <td colspan="2" class="diff-empty diff-side-added"></td>\n</tr>\n`;
  };
  const context = (line: string) => {
    out += `<tr>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-deleted">${cell(line)}</td>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-added">${cell(line)}</td>\n</tr>\n`;
  };
  if (mayHaveMovedLines(ops)) return undefined;
  let from = 1;
  let to = 1;
  let numberNext = true;
  for (const [i, op] of ops.entries()) {
    if (op.kind !== 'copy' && i === 0) header(1, 1);
    switch (op.kind) {
      case 'add':
        for (const line of op.to) {
          added(line);
          to++;
        }
        break;
      case 'del':
        for (const line of op.from) {
          deleted(line);
          from++;
        }
        break;
      case 'copy':
        for (const [j, line] of op.from.entries()) {
          const trailing = i !== 0 && j < CONTEXT_LINES;
          const leading = i !== ops.length - 1 && op.from.length - j <= CONTEXT_LINES;
          if (trailing || leading) {
            if (numberNext) {
              header(from, to);
              numberNext = false;
            }
            context(line);
          } else numberNext = true;
          from++;
          to++;
        }
        break;
      case 'change': {
        const pairs = Math.min(op.from.length, op.to.length);
        for (let j = 0; j < pairs; j++) {
          if (similarity(op.from[j], op.to[j]) >= CHANGE_SIMILARITY) return undefined;
          // A pair too different to compare word by word: the new line, then the old one.
          added(op.to[j]);
          deleted(op.from[j]);
          from++;
          to++;
        }
        for (const line of op.from.slice(pairs)) {
          deleted(line);
          from++;
        }
        for (const line of op.to.slice(pairs)) {
          added(line);
          to++;
        }
        break;
      }
    }
    numberNext = false;
  }
  return out;
}

/** Pairs of added and removed lines beyond which moved lines are not looked for here. */
const MAX_MOVE_CANDIDATES = 5000;

/**
 * Whether a removed line may come back among the added ones (the same or alike), which the engine
 * shows as a moved paragraph, linked to its new place: not shown so here. Empty lines never move.
 */
function mayHaveMovedLines(ops: readonly Op[]): boolean {
  const removed: string[] = [];
  const added: string[] = [];
  for (const op of ops) {
    if (op.kind === 'del' || op.kind === 'change') removed.push(...op.from.filter((line) => line !== ''));
    if (op.kind === 'add' || op.kind === 'change') added.push(...op.to.filter((line) => line !== ''));
  }
  if (removed.length === 0 || added.length === 0) return false;
  if (removed.length * added.length > MAX_MOVE_CANDIDATES) return true;
  return removed.some((r) => added.some((a) => r === a || similarity(r, a) >= MOVED_SIMILARITY));
}

/**
 * How alike two lines are: the share of their characters in the words they have in common, in
 * order. The engine compares a changed pair word by word from 0.2 of its own measure on, and takes
 * a line as moved from 0.4: the bounds here are lower, so that no such pair is shown otherwise.
 */
function similarity(a: string, b: string): number {
  // Words are runs of letters and digits; every other character is a word of its own.
  const tokens = (line: string) => line.match(/\s+|[\p{L}\p{N}\p{M}]+|[^\s\p{L}\p{N}\p{M}]/gu) ?? [];
  const x = tokens(a);
  const y = tokens(b);
  const pairs = commonSubsequence(x, y);
  // Lines too long to compare here count as alike (no diff is made of them).
  if (pairs === undefined) return 1;
  let shared = 0;
  for (const [i] of pairs) {
    const token = x[i] as string;
    if (/\S/.test(token)) shared += token.length;
  }
  const total = a.length + b.length;
  return total === 0 ? 0 : (2 * shared) / total;
}

const CHANGE_SIMILARITY = 0.1;
const MOVED_SIMILARITY = 0.3;
