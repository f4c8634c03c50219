/**
 * Text extracts as TextExtracts makes them: a page's lead section or whole text as simple HTML or
 * as plain text (headings as the section format asks), shortened to whole sentences or to a number
 * of characters (extended to the end of the word and followed by "…").
 */
import type { TitleCodec } from '../../site/title.js';
import { escapeAttribute } from '../../text/escape.js';
import { parseRedirect } from '../extract-links.js';
import { magicWords } from '../magic-words.js';
import { leanWikitext } from './lean-wikitext.js';
import { type Block, wikitextBlocks } from './wikitext-blocks.js';

export type SectionFormat = 'plain' | 'raw' | 'wiki';

export interface ExtractOptions {
  intro: boolean;
  plaintext: boolean;
  sectionFormat: SectionFormat;
  chars?: number;
  sentences?: number;
}

const ELLIPSIS = '…';
const LIST_TAGS: Record<string, [string, string]> = {
  '*': ['ul', 'li'],
  '#': ['ol', 'li'],
  ';': ['dl', 'dt'],
  ':': ['dl', 'dd'],
};

/**
 * The extract of a page's wikitext (parsed without what extracts leave out, see lean-wikitext.ts);
 * a text the parser cannot read (nesting too deep for it) gives an empty one. A redirect shows
 * what follows its target link, as MediaWiki renders a redirect page. `missingTemplates` are the
 * transcluded pages that do not exist (`namespace:dbKey`), which show as their title.
 */
export function extractOfWikitext(
  wikitext: string,
  options: ExtractOptions,
  titles: TitleCodec,
  missingTemplates: ReadonlySet<string> = new Set(),
): string {
  const redirect = parseRedirect(wikitext, titles);
  const text = redirect ? redirect.rest.trimStart() : wikitext;
  try {
    const lean = leanWikitext(text, { leadOnly: options.intro });
    return makeExtract(
      wikitextBlocks(lean, titles, missingTemplates),
      options,
      options.intro ? undefined : magicWords.switchesIn(lean),
    );
  } catch {
    return '';
  }
}

/**
 * `switches`: the behaviour switches of the page (`notoc`, `forcetoc`), which decide whether
 * it shows a table of contents (with four headings or more, unless switched off).
 */
export function makeExtract(
  allBlocks: readonly Block[],
  options: ExtractOptions,
  switches: ReadonlySet<string> = new Set(),
): string {
  const firstHeading = allBlocks.findIndex((b) => b.kind === 'heading');
  const blocks = options.intro && firstHeading >= 0 ? allBlocks.slice(0, firstHeading) : [...allBlocks];
  // The lead section is parsed on its own, without the empty lines that end it.
  if (options.intro) while (blocks.at(-1)?.kind === 'blank') blocks.pop();
  const headings = allBlocks.filter((b) => b.kind === 'heading').length;
  const toc = !options.intro && headings > 0 && (switches.has('forcetoc') || (headings >= 4 && !switches.has('notoc')));
  if (options.plaintext) {
    const text = plainText(blocks, options.sectionFormat);
    if (options.chars !== undefined) return firstChars(text, options.chars);
    if (options.sentences !== undefined) return firstSentences(text, options.sentences);
    return text;
  }
  const html = simpleHtml(blocks, toc);
  if (options.chars !== undefined) {
    const text = htmlText(html);
    const kept = firstChars(text, options.chars);
    return kept === text ? html : cutHtml(html, [...kept].length - 1, ELLIPSIS);
  }
  if (options.sentences !== undefined) {
    const text = htmlText(html);
    const kept = firstSentences(text, options.sentences);
    return kept === text ? html : cutHtml(html, [...kept].length, '');
  }
  return html;
}

function plainText(blocks: readonly Block[], format: SectionFormat): string {
  let out = '';
  for (const block of blocks) {
    if (block.kind === 'heading') {
      const eq = '='.repeat(block.level);
      const heading =
        format === 'wiki'
          ? `${eq} ${block.text} ${eq}`
          : format === 'raw'
            ? `\u0001\u0002${block.level}\u0002\u0001${block.text}`
            : block.text;
      out += `\n\n${heading}\n`;
    } else if (block.kind !== 'blank' && block.kind !== 'block') out += `${block.text}\n`;
  }
  return out.trim();
}

/**
 * The blocks as MediaWiki's parser makes paragraphs of lines: each line of a paragraph ends with a
 * newline; one empty line between two paragraphs closes one and opens the next (`</p><p>`), a
 * second one adds a paragraph holding a line break; headings and lists close the paragraph before
 * them (`</p>` and a newline). `withToc`: the page shows a table of contents.
 */
function simpleHtml(blocks: readonly Block[], withToc: boolean): string {
  let toc = withToc;
  let html = '';
  let inParagraph = false;
  /** What opens the paragraph of the next line, when an empty line was met. */
  let pending: string | undefined;
  let list: { tag: string } | undefined;
  const closeParagraph = () => {
    if (inParagraph) html += '</p>\n';
    inParagraph = false;
  };
  const closeList = () => {
    if (list) html += `</${list.tag}>\n`;
    list = undefined;
  };
  for (const block of blocks) {
    if (block.kind === 'item') {
      pending = undefined;
      closeParagraph();
      const [tag, itemTag] = LIST_TAGS[block.marker] ?? LIST_TAGS['*'];
      if (list?.tag !== tag) {
        closeList();
        list = { tag };
        html += `<${tag}>`;
      } else html += '\n';
      html += `<${itemTag}>${block.html}</${itemTag}>`;
      continue;
    }
    closeList();
    if (block.kind === 'heading') {
      pending = undefined;
      closeParagraph();
      // The table of contents stands before the first heading; the extract leaves it out.
      if (toc) html += '\n\n';
      toc = false;
      const anchor = block.text.replace(/[\t\n\f\r ]/g, '_');
      // A heading whose anchor the old encoding writes otherwise has an empty element with that
      // anchor first, which old links still reach.
      const legacy = legacyAnchor(anchor);
      const before = legacy === anchor ? '' : `<span id="${escapeAttribute(legacy)}"></span>`;
      html += `<h${block.level}>${before}<span id="${escapeAttribute(anchor)}">${block.html}</span></h${block.level}>\n`;
    } else if (block.kind === 'block') {
      pending = undefined;
      closeParagraph();
      html += '\n';
    } else if (block.kind === 'blank') {
      if (pending !== undefined) {
        html += `${pending}<br>\n`;
        pending = undefined;
        inParagraph = true;
      } else if (!inParagraph) pending = '<p>';
      else pending = '</p><p>';
    } else {
      if (pending !== undefined) html += pending;
      else if (!inParagraph) html += '<p>';
      pending = undefined;
      inParagraph = true;
      html += `${block.html}\n`;
    }
  }
  closeList();
  if (inParagraph) html += '</p>';
  return html.trim();
}

/**
 * An anchor in MediaWiki's legacy encoding: each byte of its UTF-8 other than letters, digits,
 * `_`, `-` and `.` percent-encoded, then `%3A` written `:` and `%` written `.`.
 */
function legacyAnchor(anchor: string): string {
  let out = '';
  for (const byte of Buffer.from(anchor, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.-]/.test(char)
      ? char
      : byte === 0x3a
        ? ':'
        : `.${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The characters an HTML extract shows (tags left out, entities as one character). */
function htmlText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(?:#\d+|#x[0-9a-f]+|[a-z]+);/gi, '&');
}

/** The first `count` sentences: a sentence ends at `.`, `!` or `?` before a space, except after a number (`19. Jahrhundert`). */
function firstSentences(text: string, count: number): string {
  const end = /(?<!\b\d{1,3})[.!?…。！？]+(?=\s|$)/gu;
  let seen = 0;
  for (let m = end.exec(text); m; m = end.exec(text)) {
    seen++;
    if (seen === count) return text.slice(0, m.index + m[0].length);
  }
  return text;
}

/** The first `count` characters (code points), extended to the end of the word they end in, then "…". */
function firstChars(text: string, count: number): string {
  const chars = [...text];
  if (chars.length <= count) return text;
  let end = count;
  while (end < chars.length && /[\p{L}\p{N}_/]/u.test(chars[end])) end++;
  if (end >= chars.length) return text;
  return chars.slice(0, end).join('') + ELLIPSIS;
}

/** The HTML up to `count` shown characters, its open elements closed, then `suffix`. */
function cutHtml(html: string, count: number, suffix: string): string {
  const open: string[] = [];
  let shown = 0;
  let i = 0;
  while (i < html.length && shown < count) {
    if (html[i] === '<') {
      const close = html.indexOf('>', i);
      const tag = html.slice(i + 1, close);
      if (tag.startsWith('/')) open.pop();
      else if (!tag.endsWith('/') && tag !== 'br') open.push(tag.split(/\s/)[0]);
      i = close + 1;
      continue;
    }
    if (html[i] === '&') i = html.indexOf(';', i) + 1;
    else i += html.codePointAt(i)! > 0xffff ? 2 : 1;
    shown++;
  }
  return (
    html.slice(0, i) +
    open
      .reverse()
      .map((t) => `</${t}>`)
      .join('') +
    suffix
  );
}
