/**
 * A page's wikitext with what an extract leaves out cut away before parsing: a long template call
 * or parameter (`{{...}}`, `{{{...}}}`, nested) loses its arguments (`{{Infobox}}`), which the
 * extract drops as it drops the whole, and which is read as the whole is where it stands; comments
 * become an empty comment, references (`<ref>...</ref>`) a comment naming the label Cite gives
 * them (see referenceLabel), tables a comment of their own (TABLE_MARK,
 * which ends a paragraph where a comment does not); and with `leadOnly` the text
 * ends before the first section heading. Parsing is what an extract costs, and
 * template calls are most of it (an article of 170 KB: 7 s whole, 1 s without them); the cut text
 * gives the same blocks. Texts that are not wikitext (`<nowiki>`, `<pre>`, `<math>`, ...) are kept
 * as written, and braces or headings inside them do not count.
 */

import { URL_PROTOCOLS } from '../../site/url-protocols.js';
import { REFERENCES_MARK } from './removed-elements.js';

const HIDDEN = '<!---->';
/** What a reference becomes: a comment naming its label (`[1]`), which its heading's anchor shows. */
const REF_MARK = /^<!--ref (\[[^\]]*\])-->$/;

/** The label a reference's mark carries (`[1]`, `[note 2]`), or undefined for another comment. */
export function referenceLabel(comment: string): string | undefined {
  return REF_MARK.exec(comment)?.[1];
}

/**
 * The labels Cite gives references in the order met: a new number per group for each unnamed one
 * and for each name first met, the same number again for a name met before.
 */
class ReferenceNumbers {
  private readonly named = new Map<string, number>();
  private readonly counts = new Map<string, number>();

  /** The label of the reference whose opening tag is `opening`. */
  label(opening: string): string {
    const group = attributeValue(opening, 'group') ?? '';
    const name = attributeValue(opening, 'name');
    const key = `${group}\u0000${name}`;
    let n = name === undefined ? undefined : this.named.get(key);
    if (n === undefined) {
      n = (this.counts.get(group) ?? 0) + 1;
      this.counts.set(group, n);
      if (name !== undefined) this.named.set(key, n);
    }
    return group === '' ? `[${n}]` : `[${group} ${n}]`;
  }

  /** Counts the references in a text the extract leaves out (a table's). */
  countIn(text: string): void {
    for (const m of text.matchAll(/<ref(?=[\s/>])[^>]*>/gi)) this.label(m[0]);
  }
}

/** An attribute's value in an opening tag (quoted or not), or undefined; empty counts as absent. */
function attributeValue(opening: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s/>]+))`, 'i').exec(opening);
  const value = (m?.[1] ?? m?.[2] ?? m?.[3])?.trim();
  return value === '' ? undefined : value;
}
/** What a table becomes: a comment of its own, as the extract treats a table unlike a comment. */
export const TABLE_MARK = '<!--{|-->';

/** An external link without a label (`[https://example.org]`), which the parser numbers. */
const NUMBERED_LINK = new RegExp(
  `\\[(?:${[...URL_PROTOCOLS, '//'].map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})[^\\s\\[\\]<>"]+ *\\]`,
  'gi',
);

/** How many external links without a label a text has. */
function numberedLinksIn(text: string): number {
  return text.includes('[') ? (text.match(NUMBERED_LINK)?.length ?? 0) : 0;
}

/**
 * The comment a table becomes: TABLE_MARK, or with the number of external links without a label
 * it holds (`<!--{|2-->`), which count before those after it.
 */
function tableMark(table: string): string {
  const links = numberedLinksIn(table.replace(/<ref\b[^>]*?(?:\/>|>[\s\S]*?<\/ref\s*>)/gi, ''));
  return links === 0 ? TABLE_MARK : `<!--{|${links}-->`;
}

/** The number of unlabelled external links a table's comment stands for; undefined for another comment. */
export function tableLinks(comment: string): number | undefined {
  if (comment === TABLE_MARK) return 0;
  const m = /^<!--\{\|(\d+)-->$/.exec(comment);
  return m ? Number(m[1]) : undefined;
}

/**
 * The number of external links without a label in the text's references when it has a list of
 * them (`<references />`, or the mark of a removed element that held one): the parser numbers
 * those links first, as it makes the list before the text's own links.
 */
export function numberedLinksInReferences(text: string): number {
  if (!/<references\b/i.test(text) && !text.includes(REFERENCES_MARK)) return 0;
  let links = 0;
  for (const m of text.matchAll(/<ref\b[^>]*?>([\s\S]*?)<\/ref\s*>/gi)) links += numberedLinksIn(m[1] as string);
  return links;
}
/** Elements whose content is not wikitext: kept as they are. */
const VERBATIM = new Set([
  'nowiki',
  'pre',
  'math',
  'chem',
  'syntaxhighlight',
  'source',
  'score',
  'graph',
  'templatedata',
]);
const HEADING_LINE = /^(={1,6}).+\1[ \t]*$/;

/** The element opened by `<name` at `at` (lower case), or undefined. */
function tagAt(text: string, at: number): string | undefined {
  const match = /^<([A-Za-z]+)(?=[\s/>])/.exec(text.slice(at, at + 20));
  return match ? (match[1] as string).toLowerCase() : undefined;
}

/** Where the element opened at `at` ends (after its closing tag), or the end of the text. */
function elementEnd(text: string, at: number, name: string): number {
  const openEnd = text.indexOf('>', at);
  if (openEnd < 0) return text.length;
  if (text[openEnd - 1] === '/') return openEnd + 1;
  const close = new RegExp(`</${name}\\s*>`, 'i');
  const rest = text.slice(openEnd + 1);
  const found = close.exec(rest);
  return found ? openEnd + 1 + found.index + found[0].length : text.length;
}

/** Where the comment opened at `at` ends. */
function commentEnd(text: string, at: number): number {
  const end = text.indexOf('-->', at + 4);
  return end < 0 ? text.length : end + 3;
}

function runLength(text: string, at: number, char: string): number {
  let n = 0;
  while (text[at + n] === char) n++;
  return n;
}

/**
 * Where the template call or parameter opened by the brace run at `at` ends, matching runs of
 * braces as MediaWiki's preprocessor pairs them (three for a parameter, two for a call); the end
 * of the text when it is never closed.
 */
function bracesEnd(text: string, at: number): number {
  const open: number[] = [runLength(text, at, '{')];
  let i = at + (open[0] as number);
  while (i < text.length) {
    const char = text[i];
    if (char === '<') {
      if (text.startsWith('<!--', i)) {
        i = commentEnd(text, i);
        continue;
      }
      const tag = tagAt(text, i);
      if (tag !== undefined && VERBATIM.has(tag)) {
        i = elementEnd(text, i, tag);
        continue;
      }
      i++;
    } else if (char === '{') {
      const n = runLength(text, i, '{');
      if (n >= 2) open.push(n);
      i += n;
    } else if (char === '}') {
      let closing = runLength(text, i, '}');
      const start = i;
      while (closing >= 2 && open.length > 0) {
        const top = open.pop() as number;
        const used = top >= 3 && closing >= 3 ? 3 : 2;
        closing -= used;
        if (top - used >= 2) open.push(top - used);
        if (open.length === 0) return start + runLength(text, start, '}') - closing;
      }
      i = start + runLength(text, start, '}');
    } else {
      i++;
    }
  }
  return text.length;
}

/** Calls shorter than this are left as they are: parsing them costs little. */
const LONG_CALL = 60;

/**
 * The call or parameter from `at` to `end` with its arguments left out (`{{Infobox city}}`,
 * `{{{1}}}`), which the extract treats as it treats the whole; undefined to keep it as written
 * (short, or a name the parser might read otherwise).
 */
function shortCall(text: string, at: number, end: number): string | undefined {
  if (end - at < LONG_CALL) return undefined;
  const braces = text[at + 2] === '{' ? 3 : 2;
  const name = /^[^{}[\]<>|\n]*(?=\||\}\})/.exec(text.slice(at + braces, Math.min(end, at + braces + 256)));
  // A parser function is kept: one of an extension the wiki lacks shows as written.
  if (!name || name[0].trimStart().startsWith('#')) return undefined;
  return `${'{'.repeat(braces)}${name[0]}${'}'.repeat(braces)}`;
}

const TABLE_START = /^[ \t]*\{\|/;
const TABLE_END = /^[ \t]*\|\}/;

/** Where the table opened on the line at `at` ends (after its `|}`, nested tables counted); -1 if never. */
function countedTableEnd(text: string, at: number): number {
  let depth = 0;
  let line = at;
  while (line < text.length) {
    const next = text.indexOf('\n', line);
    const lineEnd = next < 0 ? text.length : next;
    const content = text.slice(line, Math.min(lineEnd, line + 64));
    if (TABLE_START.test(content)) depth++;
    else if (TABLE_END.test(content) && --depth === 0) return line + content.indexOf('|}') + 2;
    line = lineEnd + 1;
  }
  return -1;
}

/** The HTML tags that open or close a table, a cell or a row, as the tidying reads them. */
const HTML_TABLE_TAG = /<(\/?)(table|caption|tr|td|th)\b[^>]*>/gi;

/**
 * Where a table opened with `{|` ends when its own `|}` never comes, as the HTML tidying builds
 * the parser's output: tables written either way close each other (`</table>` ends the innermost
 * open table, as the `</table>` the parser writes for a `|}` does), and a table opened where its
 * parent holds no open cell (`{|` on the line after `{|`, `<table>` between two rows) ends the
 * parent there and takes its place. After the end, or at the start of the table that ends it; -1
 * if it never ends (the parser closes it at the end of the text). `comments`: the text with its
 * comments blanked.
 */
function tidiedTableEnd(text: string, at: number, comments: string): number {
  // Whether each open table, innermost last, has an open cell (or caption).
  const inCell: boolean[] = [];
  const open = (position: number): number | undefined => {
    if (inCell.length > 0 && !inCell[inCell.length - 1]) {
      if (inCell.length === 1) return position;
      inCell.pop();
    }
    inCell.push(false);
    return undefined;
  };
  const close = (): boolean => {
    inCell.pop();
    return inCell.length === 0;
  };
  let line = at;
  while (line < text.length) {
    const next = text.indexOf('\n', line);
    const lineEnd = next < 0 ? text.length : next;
    const content = comments.slice(line, lineEnd);
    let from = 0;
    if (TABLE_START.test(content)) {
      if (open(line) !== undefined) return line;
      from = content.indexOf('{|') + 2;
    } else if (TABLE_END.test(content)) {
      from = content.indexOf('|}') + 2;
      if (close()) return line + from;
    } else if (inCell.length > 0 && /^[ \t]*[|!]/.test(content)) {
      inCell[inCell.length - 1] = !/^[ \t]*\|-/.test(content);
    }
    HTML_TABLE_TAG.lastIndex = from;
    for (let tag = HTML_TABLE_TAG.exec(content); tag; tag = HTML_TABLE_TAG.exec(content)) {
      const name = (tag[2] as string).toLowerCase();
      if (name === 'table') {
        if (tag[1] === '/') {
          if (close()) return line + tag.index + tag[0].length;
        } else if (open(line + tag.index) !== undefined) {
          return line + tag.index;
        }
      } else if (inCell.length > 0) {
        // A cell or caption opens one; a row, or a cell's or a row's end, leaves the table without.
        inCell[inCell.length - 1] = tag[1] === '' && name !== 'tr';
      }
    }
    line = lineEnd + 1;
  }
  return -1;
}

/** The text with its comments' characters blanked (line breaks kept), so no tag is read in them. */
function withoutComments(text: string): string {
  if (!text.includes('<!--')) return text;
  return text.replace(/<!--[\s\S]*?(?:-->|$)/g, (comment) => comment.replace(/[^\n]/g, ' '));
}

/**
 * What a lean wikitext was made with, and what it tells of what it left out. `leadOnly`: only the
 * text before the first heading; `cut` is set when there was one, `cutAt` to its offset in the
 * text. `tocSwitch` (the `__TOC__` magic word): `tocInTable` is set when its first occurrence is
 * in a table, where the parser puts the table of contents (and the extract leaves it out with the
 * table). `tableHeadings`: the number of headings in the tables, which count for the table of
 * contents; `firstHeadingInTable`: whether the first heading is in a table (where the parser puts
 * the table of contents when no `__TOC__` places it).
 */
export interface LeanOptions {
  leadOnly: boolean;
  cut?: boolean;
  cutAt?: number;
  tocSwitch?: RegExp;
  tocInTable?: boolean;
  tableHeadings?: number;
  firstHeadingInTable?: boolean;
}

/** The lines of a text that are headings. */
function headingLines(text: string): number {
  if (!text.includes('=')) return 0;
  return text.split('\n').filter((line) => HEADING_LINE.test(line)).length;
}

export function leanWikitext(text: string, options: LeanOptions): string {
  const out: string[] = [];
  let from = 0;
  let i = 0;
  let lineStart = true;
  let tables = true;
  // Tables are matched by counting until a count first reaches the end of the text; the rest of
  // the page's tables are then read as the tidying reads them, each from where the last ended (a
  // count from every table of a page of unclosed ones would read the page again for each).
  let counting = true;
  let blanked: string | undefined;
  const references = new ReferenceNumbers();
  while (i < text.length) {
    if (lineStart && options.leadOnly && text[i] === '=') {
      const lineEnd = text.indexOf('\n', i);
      if (HEADING_LINE.test(text.slice(i, lineEnd < 0 ? text.length : lineEnd))) {
        options.cut = true;
        options.cutAt = i;
        out.push(text.slice(from, i));
        return out.join('');
      }
    }
    if (lineStart && tables && TABLE_START.test(text.slice(i, i + 64))) {
      let end = counting ? countedTableEnd(text, i) : -1;
      if (end < 0) {
        counting = false;
        blanked ??= withoutComments(text);
        end = tidiedTableEnd(text, i, blanked);
      }
      // An unclosed table is read by the parser's own rules: the rest stays as written.
      if (end < 0) {
        tables = false;
      } else {
        const table = text.slice(i, end);
        references.countIn(table);
        const headings = headingLines(table);
        options.tableHeadings = (options.tableHeadings ?? 0) + headings;
        const toc = options.tocSwitch;
        const checkToc = toc !== undefined && options.tocInTable === undefined && toc.test(table);
        const checkHeading = headings > 0 && options.firstHeadingInTable === undefined;
        if (checkToc || checkHeading) {
          const before = out.join('') + text.slice(from, i);
          if (checkToc) options.tocInTable = !toc.test(before);
          if (checkHeading) options.firstHeadingInTable = !before.split('\n').some((line) => HEADING_LINE.test(line));
        }
        out.push(text.slice(from, i), tableMark(table));
        i = end;
        from = i;
        // A table ended by the next one's start (see tidiedTableEnd) ends at the start of its line.
        lineStart = text[end - 1] === '\n';
        continue;
      }
    }
    const char = text[i];
    lineStart = char === '\n';
    if (char === '{' && text[i + 1] === '{') {
      const end = bracesEnd(text, i);
      const short = shortCall(text, i, end);
      if (short !== undefined) {
        out.push(text.slice(from, i), short);
        from = end;
      }
      i = end;
      continue;
    }
    if (char !== '<') {
      i++;
      continue;
    }
    if (text.startsWith('<!--', i)) {
      out.push(text.slice(from, i), HIDDEN);
      i = commentEnd(text, i);
      from = i;
      continue;
    }
    const tag = tagAt(text, i);
    if (tag === 'ref') {
      out.push(text.slice(from, i), `<!--ref ${references.label(text.slice(i, text.indexOf('>', i) + 1))}-->`);
      i = elementEnd(text, i, tag);
      from = i;
    } else if (tag === 'references' || (tag !== undefined && VERBATIM.has(tag))) {
      // The references defined in the list are numbered where they are used, not there.
      i = elementEnd(text, i, tag);
    } else {
      i++;
    }
  }
  out.push(text.slice(from));
  return out.join('');
}
