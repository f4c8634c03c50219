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

/** Where the element `name` opened just before `from` ends (after its closing tag, nested ones counted). */
function elementEnd(text: string, name: string, from: number): number {
  const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, 'gi');
  tags.lastIndex = from;
  let depth = 1;
  for (let m = tags.exec(text); m !== null; m = tags.exec(text)) {
    if (m[1] === '/') depth--;
    else if (!m[0].endsWith('/>')) depth++;
    if (depth === 0) return m.index + m[0].length;
  }
  // An element never closed runs to the end, as the HTML parser reads it.
  return text.length;
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
  let out = '';
  let kept = 0;
  OPENING.lastIndex = 0;
  for (let m = OPENING.exec(tags); m !== null; m = OPENING.exec(tags)) {
    const name = (m[1] as string).toLowerCase();
    const attributes = m[2] as string;
    if (!REMOVED_TAGS.has(name) && !REMOVED_CLASS.test(attributes)) continue;
    const selfClosed = attributes.endsWith('/') || name === 'input';
    const end = selfClosed ? m.index + m[0].length : elementEnd(tags, name, m.index + m[0].length);
    out += text.slice(kept, m.index) + (BLOCKS.has(name) ? LEFT_OUT_ELEMENT : '');
    out += quotesLeftOpen(text.slice(m.index, end));
    // A list of references in it was made all the same, and numbered its links first.
    if (/<references\b/i.test(text.slice(m.index, end))) out += REFERENCES_MARK;
    kept = end;
    OPENING.lastIndex = end;
  }
  return out + text.slice(kept);
}
