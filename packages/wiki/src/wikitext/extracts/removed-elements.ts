import { blankNonWikitext } from '../strip.js';

/**
 * The HTML elements TextExtracts takes out of the parser's output before it cuts an extract
 * (`$wgExtractsRemoveClasses`: `table` (written as HTML), `div`, `figure`, `script`, `input`, `style`, and elements of the
 * classes `error`, `nomobile`, `noprint`, `noexcerpt`, `mw-editsection`, `sortkey`), removed from a
 * wikitext whose templates were expanded, where templates bring most of them (navigation boxes,
 * the errors of parser functions). A removed block element leaves a call of a template that
 * shows nothing, which the extract's blocks read as an element left out (it ends the paragraph
 * before it, see wikitext-blocks.ts); an inline one leaves nothing.
 */
const LEFT_OUT_ELEMENT = '{{removed element}}';
/** Where a removed element held a list of references (see numberedLinksInReferences). */
export const REFERENCES_MARK = '<!--references-->';

const REMOVED_TAGS = new Set(['table', 'div', 'figure', 'script', 'input', 'style']);
const BLOCKS = new Set(['div', 'figure', 'table', 'ul', 'ol', 'p', 'blockquote']);
const REMOVED_CLASS = /\bclass\s*=\s*["']?[^"'>]*\b(?:error|nomobile|noprint|noexcerpt|mw-editsection|sortkey)\b/i;
const OPENING = /<([A-Za-z][A-Za-z0-9]*)\b([^>]*)>/g;

/**
 * The cells of a text's wikitext tables, read in one pass: for each line, the cell of the
 * innermost table that holds it, and where each cell ends (the line break before its table's
 * next cell, row or end). The HTML tidying closes the elements left open in a cell where the
 * cell ends.
 */
class TableCells {
  private readonly lineStarts: number[] = [];
  private readonly lineCells: number[] = [];
  private readonly cellEnds: number[] = [];

  constructor(text: string) {
    // The tables open at a line, innermost last, each with the cell it has open (-1: none).
    const open: number[] = [];
    const endCell = (line: number) => {
      const cell = open[open.length - 1];
      if (cell !== undefined && cell >= 0) this.cellEnds[cell] = line - 1;
    };
    for (let line = 0; line <= text.length; ) {
      const next = text.indexOf('\n', line);
      const lineEnd = next < 0 ? text.length : next;
      const head = text.slice(line, Math.min(lineEnd, line + 8)).trimStart();
      if (head.startsWith('{|')) open.push(-1);
      else if (head.startsWith('|}')) {
        endCell(line);
        open.pop();
      } else if (open.length > 0 && /^[|!]/.test(head)) {
        endCell(line);
        open[open.length - 1] = head.startsWith('|-') ? -1 : this.cellEnds.push(text.length) - 1;
      }
      this.lineStarts.push(line);
      this.lineCells.push(open[open.length - 1] ?? -1);
      if (next < 0) break;
      line = next + 1;
    }
  }

  /** Where the cell that holds `at` ends (the text's end for a cell never ended), or undefined when `at` is in none. */
  endOf(at: number): number | undefined {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.lineStarts[middle] as number) <= at) low = middle;
      else high = middle - 1;
    }
    const cell = this.lineCells[low] ?? -1;
    return cell < 0 ? undefined : this.cellEnds[cell];
  }
}

/** The start and end tags of the elements `name` (`<div …>`, `</div>`). */
function tagsOf(name: string): RegExp {
  return new RegExp(`<(/?)${name}\\b[^>]*>`, 'gi');
}

/** Where the element `name` opened at `from` ends when its tags are counted from there (-1: never). */
function countedEnd(text: string, name: string, from: number): number {
  const tags = tagsOf(name);
  tags.lastIndex = from;
  let depth = 1;
  for (let m = tags.exec(text); m !== null; m = tags.exec(text)) {
    if (m[1] === '/') depth--;
    else if (!m[0].endsWith('/>')) depth++;
    if (depth === 0) return m.index + m[0].length;
  }
  return -1;
}

/**
 * The elements of one tag name in a text, matched in one pass: for the end of each opening tag,
 * where its element ends (after its closing tag, nested ones counted), or -1 when it is never
 * closed.
 */
function elementEnds(text: string, name: string): Map<number, number> {
  const ends = new Map<number, number>();
  const open: number[] = [];
  for (const m of text.matchAll(tagsOf(name))) {
    const end = m.index + m[0].length;
    if (m[1] === '/') {
      const opening = open.pop();
      if (opening !== undefined) ends.set(opening, end);
    } else if (!m[0].endsWith('/>')) {
      open.push(end);
      ends.set(end, -1);
    }
  }
  return ends;
}

/**
 * Where elements end in a text: after their closing tag, else (never closed) at the end of the
 * table cell that holds them, else at the end of the text, as the HTML parser reads them. The
 * tags of each name and the table cells are indexed once, when first asked.
 */
class ElementEnds {
  private readonly byName = new Map<string, Map<number, number>>();
  private cells: TableCells | undefined;

  constructor(private readonly text: string) {}

  /** Where the element `name` whose opening tag ends at `from` ends. */
  of(name: string, from: number): number {
    let ends = this.byName.get(name);
    if (ends === undefined) {
      ends = elementEnds(this.text, name);
      this.byName.set(name, ends);
    }
    // An opening tag that another tag's text hides from the pass (`</div <div>`) is counted alone.
    const end = ends.get(from) ?? countedEnd(this.text, name, from);
    if (end >= 0) return end;
    this.cells ??= new TableCells(this.text);
    return this.cells.endOf(from) ?? this.text.length;
  }
}

/**
 * The quotes that open, for the rest of its last line, the bold and italics that the last line
 * of a removed element spanning lines leaves open: the parser reads quotes line by line, so
 * those of `''a</div> b''` make `b` italic, though the element holding `a` is removed.
 */
function quotesLeftOpen(removed: string): string {
  const lineStart = removed.lastIndexOf('\n');
  if (lineStart < 0) return '';
  let bold = false;
  let italic = false;
  for (const [run] of removed.slice(lineStart + 1).matchAll(/'{2,}/g)) {
    // Four quotes are a quote and bold; more than five, quotes and both.
    const length = run.length === 4 ? 3 : Math.min(run.length, 5);
    if (length !== 3) italic = !italic;
    if (length !== 2) bold = !bold;
  }
  return bold && italic ? "'''''" : bold ? "'''" : italic ? "''" : '';
}

/** The text without the elements TextExtracts removes. */
export function withoutRemovedElements(text: string): string {
  if (!text.includes('<')) return text;
  // Tags in comments and in texts that are not wikitext (`<nowiki>`, `<pre>`) are no elements.
  const tags = blankNonWikitext(text);
  const ends = new ElementEnds(tags);
  let out = '';
  let kept = 0;
  OPENING.lastIndex = 0;
  for (let m = OPENING.exec(tags); m !== null; m = OPENING.exec(tags)) {
    const name = (m[1] as string).toLowerCase();
    const attributes = m[2] as string;
    if (!REMOVED_TAGS.has(name) && !REMOVED_CLASS.test(attributes)) continue;
    const selfClosed = attributes.endsWith('/') || name === 'input';
    const end = selfClosed ? m.index + m[0].length : ends.of(name, m.index + m[0].length);
    out += text.slice(kept, m.index) + (BLOCKS.has(name) ? LEFT_OUT_ELEMENT : '');
    out += quotesLeftOpen(text.slice(m.index, end));
    // A list of references in it was made all the same, and numbered its links first.
    if (/<references\b/i.test(text.slice(m.index, end))) out += REFERENCES_MARK;
    kept = end;
    OPENING.lastIndex = end;
  }
  return out + text.slice(kept);
}
