/**
 * Lint errors of a page's wikitext in the Linter extension's terms. The text is parsed and linted
 * with wikiparser-node; its findings are mapped onto Linter's categories (`missing-end-tag`,
 * `obsolete-tag`, `wikilink-in-extlink`, ...), with Linter's parameters (`{"name": "center"}`) and
 * locations as UTF-8 byte offsets `[start, end]`. A finding inside a template call is reported at
 * the call, with the template's name (`templateInfo`), as Parsoid reports errors that a template's
 * arguments cause. Findings wikiparser-node has no counterpart for in Linter are left out; Linter
 * categories it cannot see (those that need the rendered HTML: `html5-misnesting`,
 * `tidy-whitespace-bug`, `pwrap-bug-workaround`, ...) are never found.
 */
import Parser from 'wikiparser-node';
import { rules } from 'wikiparser-node/dist/base.js';
import type { TitleCodec } from '../site/title.js';

// wikiparser-node's trees are only read, here and by the extracts (`src/wikitext/extracts/`), never
// changed. In its view-only mode (a setting of the whole process) it keeps each node's text and
// offset once computed, where it otherwise joins a node's text again whenever asked, at a cost
// that grew with the square of a page's length (a page of 400,000 characters took 8.9 s to lint
// before, 4.0 s after).
Parser.viewOnly = true;

/**
 * The wikiparser-node rules whose findings `categorize` maps onto Linter's categories. The others
 * are turned off, and so are the fixes and suggestions it would compute for each finding: nothing
 * reads them.
 */
const RULES_READ = new Set([
  'unmatched-tag',
  'format-leakage',
  'obsolete-tag',
  'nested-link',
  'no-duplicate',
  'fostered-content',
  'lonely-bracket',
]);
Parser.lintConfig = {
  rules: Object.fromEntries(rules.filter((rule) => !RULES_READ.has(rule)).map((rule) => [rule, 0])),
  computeEditInfo: false,
  fix: false,
};

/** One lint error as the `linter` table keeps it. */
export interface LintFinding {
  category: string;
  /** UTF-8 byte offsets in the page's text. */
  start: number;
  end: number;
  params: Record<string, unknown>;
  /** The template whose call holds the error (prefixed title), if any. */
  template?: string;
}

/**
 * Linter's categories with their priorities, in Linter's order. Categories of priority `none`
 * are disabled: they are not counted by `linterstats` nor listed by default.
 */
export const LINT_CATEGORIES: ReadonlyArray<{ name: string; priority: 'high' | 'medium' | 'low' | 'none' }> = [
  { name: 'fostered', priority: 'medium' },
  { name: 'obsolete-tag', priority: 'low' },
  { name: 'bogus-image-options', priority: 'medium' },
  { name: 'missing-end-tag', priority: 'low' },
  { name: 'stripped-tag', priority: 'low' },
  { name: 'self-closed-tag', priority: 'high' },
  { name: 'deletable-table-tag', priority: 'high' },
  { name: 'misnested-tag', priority: 'medium' },
  { name: 'pwrap-bug-workaround', priority: 'high' },
  { name: 'tidy-whitespace-bug', priority: 'high' },
  { name: 'html5-misnesting', priority: 'high' },
  { name: 'tidy-font-bug', priority: 'high' },
  { name: 'multi-colon-escape', priority: 'medium' },
  { name: 'multiline-html-table-in-list', priority: 'high' },
  { name: 'misc-tidy-replacement-issues', priority: 'high' },
  { name: 'multiple-unclosed-formatting-tags', priority: 'high' },
  { name: 'unclosed-quotes-in-heading', priority: 'high' },
  { name: 'large-tables', priority: 'none' },
  { name: 'wikilink-in-extlink', priority: 'high' },
  { name: 'fostered-transparent', priority: 'none' },
  { name: 'missing-end-tag-in-heading', priority: 'low' },
  { name: 'empty-heading', priority: 'low' },
  { name: 'duplicate-ids', priority: 'low' },
  { name: 'night-mode-unaware-background-color', priority: 'low' },
];

export const ENABLED_LINT_CATEGORIES: readonly string[] = LINT_CATEGORIES.filter((c) => c.priority !== 'none').map(
  (c) => c.name,
);

interface Node {
  type: string;
  childNodes: Node[];
  toString(): string;
  getAbsoluteIndex(): number;
}

interface Range {
  start: number;
  end: number;
}

/** Template calls of the page's own text (not those nested in another call), and its headings. */
function outline(root: Node): {
  templates: Array<Range & { name: string }>;
  headings: Array<Range & { empty: boolean }>;
} {
  const templates: Array<Range & { name: string }> = [];
  const headings: Array<Range & { empty: boolean }> = [];
  const visit = (node: Node): void => {
    for (const child of node.childNodes ?? []) {
      if (child.type === 'template') {
        const start = child.getAbsoluteIndex();
        const name = child.childNodes[0]?.toString() ?? '';
        templates.push({ start, end: start + child.toString().length, name });
        continue;
      }
      if (child.type === 'heading') {
        const start = child.getAbsoluteIndex();
        const title = child.childNodes.find((n) => n.type === 'heading-title');
        headings.push({ start, end: start + child.toString().length, empty: (title?.toString() ?? '').trim() === '' });
      }
      visit(child);
    }
  };
  visit(root);
  return { templates, headings };
}

const TAG_NAME = /^<\/?\s*([a-z][a-z0-9]*)/i;

/** Linter's category and parameters for one wikiparser-node finding, or undefined when it has none. */
function categorize(
  rule: string,
  message: string,
  snippet: string,
  inHeading: boolean,
): { category: string; params: Record<string, unknown> } | undefined {
  const name = TAG_NAME.exec(snippet)?.[1]?.toLowerCase();
  switch (rule) {
    case 'unmatched-tag':
      if (name === undefined) return undefined;
      if (message === 'invalid self-closing tag') return { category: 'self-closed-tag', params: { name } };
      if (message === 'unclosed tag')
        return { category: inHeading ? 'missing-end-tag-in-heading' : 'missing-end-tag', params: { name } };
      return { category: 'stripped-tag', params: { name } };
    case 'format-leakage':
      if (message.startsWith('unbalanced') && message.includes('apostrophes')) {
        return { category: 'unclosed-quotes-in-heading', params: { name: message.includes('italic') ? 'i' : 'b' } };
      }
      return name === undefined ? undefined : { category: 'missing-end-tag-in-heading', params: { name } };
    case 'obsolete-tag':
      return name === undefined || snippet.startsWith('</')
        ? undefined
        : { category: 'obsolete-tag', params: { name } };
    case 'nested-link':
      return message.startsWith('internal link') ? { category: 'wikilink-in-extlink', params: {} } : undefined;
    case 'no-duplicate':
      if (message === 'duplicate HTML id') {
        const id = /^\s*id\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*))/i.exec(snippet);
        return { category: 'duplicate-ids', params: { id: (id?.[1] ?? id?.[2] ?? id?.[3] ?? snippet).trim() } };
      }
      if (message.includes('image')) return { category: 'bogus-image-options', params: { items: [snippet] } };
      return undefined;
    case 'fostered-content':
      return { category: 'fostered', params: {} };
    case 'lonely-bracket':
      return snippet.startsWith('[[') ? { category: 'multi-colon-escape', params: {} } : undefined;
    default:
      return undefined;
  }
}

/** Converts string offsets to UTF-8 byte offsets, walking the text once for all of them. */
function byteOffsets(text: string, offsets: number[]): Map<number, number> {
  const sorted = [...new Set(offsets)].sort((a, b) => a - b);
  const found = new Map<number, number>();
  let bytes = 0;
  let at = 0;
  for (const offset of sorted) {
    bytes += Buffer.byteLength(text.slice(at, offset));
    at = offset;
    found.set(offset, bytes);
  }
  return found;
}

/** A finding with its location as string offsets in the page's text. */
interface RawFinding {
  category: string;
  params: Record<string, unknown>;
  start: number;
  end: number;
  template?: string;
}

/**
 * Longest piece of a page linted in one parse. wikiparser-node's tree of a page takes about 250
 * bytes of memory a character (a page of 1,000,000 characters, which MediaWiki allows, needed
 * several hundred megabytes and made an import's thread run out of memory), so a longer page is
 * linted in pieces of about this size, cut before its section headings (see `lintPieces`).
 */
export const LINT_PIECE_CHARS = 100_000;
/** A piece that finds no heading to end at is cut at a line break past this length. */
export const LINT_PIECE_MAX_CHARS = 2 * LINT_PIECE_CHARS;
/**
 * A piece holding this many headings ends at the next where nothing is left open: the parser's
 * linting finds each heading's place among its siblings by counting them (a page of 4,000 short
 * sections took 3.8 s, and a piece of 100,000 characters of them would take a minute).
 */
export const LINT_PIECE_HEADINGS = 200;

/** Lints one piece of a page's text that begins at `offset`, adding its findings to `raw`. */
function lintPiece(text: string, offset: number, codec: TitleCodec, raw: RawFinding[]): void {
  const root = Parser.parse(text) as unknown as Node & {
    lint(): Array<{ rule: string; message: string; startIndex: number; endIndex: number }>;
  };
  const { templates, headings } = outline(root);
  for (const error of root.lint()) {
    const snippet = text.slice(error.startIndex, error.endIndex);
    if (error.rule === 'lonely-bracket' && !/^\[\[\s*::/.test(text.slice(error.startIndex, error.startIndex + 8)))
      continue;
    const inHeading = headings.some((h) => error.startIndex >= h.start && error.startIndex < h.end);
    const found = categorize(error.rule, error.message, snippet, inHeading);
    if (!found) continue;
    const call = templates.find((t) => error.startIndex >= t.start && error.startIndex < t.end);
    if (call) {
      const title = codec.parseOrUndefined(call.name.trim(), { defaultNamespace: 10 });
      raw.push({
        ...found,
        start: offset + call.start,
        end: offset + call.end,
        template: title ? codec.prefixedText(title) : call.name.trim(),
      });
    } else {
      raw.push({ ...found, start: offset + error.startIndex, end: offset + error.endIndex });
    }
  }
  for (const heading of headings) {
    if (heading.empty) {
      raw.push({ category: 'empty-heading', params: {}, start: offset + heading.start, end: offset + heading.end });
    }
  }
}

/** A section heading's line: `=` signs, the title, as many `=` signs at the end. */
const HEADING_LINE = /^(={1,6})[^\n]*?\1[ \t]*$/;
/** An HTML tag: closing slash, name, and the slash of a self-closing one. */
const TAG = /<(\/?)([a-z][a-z0-9]*)\b[^<>]*?(\/?)>/gi;
/** Elements that have no end tag. */
const VOID_ELEMENTS = new Set(['br', 'hr', 'img', 'wbr', 'meta', 'link', 'input', 'col', 'area', 'source', 'track']);

/**
 * Where a long page is cut for linting: `[start, end]` ranges covering the text, each at most
 * `LINT_PIECE_CHARS` long where the text allows. A piece ends before a section heading at which
 * everything the piece opened is closed again (template calls, tables, comments and HTML elements), so that
 * each piece lints as it would within the whole page; a piece that finds no such heading ends at
 * the next heading, and one that finds no heading at all at the last line break before
 * `LINT_PIECE_MAX_CHARS` (within a line longer than that). A piece also ends at the first such
 * heading after `LINT_PIECE_HEADINGS` of them. A page no longer than a piece, with no more
 * headings than a piece's, is one piece.
 */
export function lintPieces(text: string): Array<[number, number]> {
  if (text.length <= LINT_PIECE_CHARS && !manyHeadings(text)) return [[0, text.length]];
  const pieces: Array<[number, number]> = [];
  let start = 0;
  while (start < text.length) {
    const end = pieceEnd(text, start);
    pieces.push([start, end]);
    start = end;
  }
  return pieces;
}

/** Whether a text may hold more than a piece's headings (more lines starting with `=`). */
function manyHeadings(text: string): boolean {
  let count = text.startsWith('=') ? 1 : 0;
  for (let i = text.indexOf('\n='); i >= 0 && count <= LINT_PIECE_HEADINGS; i = text.indexOf('\n=', i + 2)) count++;
  return count > LINT_PIECE_HEADINGS;
}

/** The end of the piece that begins at `start` (see `lintPieces`). */
function pieceEnd(text: string, start: number): number {
  if (text.length - start <= LINT_PIECE_CHARS && !manyHeadings(text.slice(start))) return text.length;
  let templates = 0;
  let tables = 0;
  let comments = 0;
  const elements = new Map<string, number>();
  let balancedHeading = -1;
  let headings = 0;
  let line = start;
  while (line < text.length) {
    const newline = text.indexOf('\n', line);
    const next = newline < 0 ? text.length : newline + 1;
    const length = line - start;
    const content = text.slice(line, next);
    if (line > start && content.startsWith('=') && HEADING_LINE.test(content.trimEnd())) {
      const balanced =
        templates <= 0 && tables <= 0 && comments <= 0 && [...elements.values()].every((open) => open <= 0);
      if (balanced && ++headings > LINT_PIECE_HEADINGS) return line;
      if (length > LINT_PIECE_CHARS) return balanced || balancedHeading < 0 ? line : balancedHeading;
      if (balanced) balancedHeading = line;
    } else if (length > LINT_PIECE_CHARS && balancedHeading >= 0) {
      return balancedHeading;
    }
    if (next - start > LINT_PIECE_MAX_CHARS) {
      if (line > start) return line;
      // A single line longer than a piece is cut within, not between the halves of a character.
      const cut = start + LINT_PIECE_MAX_CHARS;
      return (text.charCodeAt(cut) & 0xfc00) === 0xdc00 ? cut + 1 : cut;
    }
    if (content.startsWith('{|')) tables++;
    else if (content.startsWith('|}')) tables--;
    for (let i = content.indexOf('{{'); i >= 0; i = content.indexOf('{{', i + 2)) templates++;
    for (let i = content.indexOf('}}'); i >= 0; i = content.indexOf('}}', i + 2)) templates--;
    for (let i = content.indexOf('<!--'); i >= 0; i = content.indexOf('<!--', i + 4)) comments++;
    for (let i = content.indexOf('-->'); i >= 0; i = content.indexOf('-->', i + 3)) comments--;
    if (content.includes('<')) {
      for (const [, closing, name, selfClosing] of content.matchAll(TAG)) {
        const element = name!.toLowerCase();
        if (selfClosing || VOID_ELEMENTS.has(element)) continue;
        elements.set(element, (elements.get(element) ?? 0) + (closing ? -1 : 1));
      }
    }
    line = next;
  }
  return text.length;
}

/** The lint errors of a page's wikitext, in text order, each once. */
export function lintWikitext(text: string, codec: TitleCodec): LintFinding[] {
  const raw: RawFinding[] = [];
  for (const [start, end] of lintPieces(text)) {
    lintPiece(text.slice(start, end), start, codec, raw);
  }
  const bytes = byteOffsets(
    text,
    raw.flatMap((r) => [r.start, r.end]),
  );
  const seen = new Set<string>();
  const findings: LintFinding[] = [];
  for (const r of raw.sort((a, b) => a.start - b.start || a.end - b.end)) {
    const key = `${r.category}|${r.start}|${r.end}|${JSON.stringify(r.params)}`;
    // The first element with an id is not a duplicate: only the later ones are reported.
    const firstOfId = r.category === 'duplicate-ids' && !seen.has(`id|${r.params.id}`);
    if (r.category === 'duplicate-ids') seen.add(`id|${r.params.id}`);
    if (seen.has(key) || firstOfId) continue;
    seen.add(key);
    findings.push({
      category: r.category,
      start: bytes.get(r.start)!,
      end: bytes.get(r.end)!,
      params: r.params,
      ...(r.template !== undefined ? { template: r.template } : {}),
    });
  }
  return findings;
}
