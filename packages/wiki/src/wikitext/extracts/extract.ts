/**
 * Text extracts as TextExtracts makes them: a page's lead section or whole text as simple HTML or
 * as plain text (headings as the section format asks), shortened to whole sentences or to a number
 * of characters (extended to the end of the word and followed by "…").
 */
import type { TitleCodec } from '../../site/title.js';
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
 * a text the parser cannot read (nesting too deep for it) gives an empty one.
 */
export function extractOfWikitext(wikitext: string, options: ExtractOptions, titles: TitleCodec): string {
  try {
    return makeExtract(wikitextBlocks(leanWikitext(wikitext, { leadOnly: options.intro }), titles), options);
  } catch {
    return '';
  }
}

export function makeExtract(allBlocks: readonly Block[], options: ExtractOptions): string {
  const firstHeading = allBlocks.findIndex((b) => b.kind === 'heading');
  const blocks = options.intro && firstHeading >= 0 ? allBlocks.slice(0, firstHeading) : allBlocks;
  if (options.plaintext) {
    const text = plainText(blocks, options.sectionFormat);
    if (options.chars !== undefined) return firstChars(text, options.chars);
    if (options.sentences !== undefined) return firstSentences(text, options.sentences);
    return text;
  }
  const html = simpleHtml(blocks);
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
    } else out += `${block.text}\n`;
  }
  return out.trim();
}

function simpleHtml(blocks: readonly Block[]): string {
  const parts: string[] = [];
  let list: { tag: string; items: string[] } | undefined;
  const closeList = () => {
    if (list) parts.push(`<${list.tag}>${list.items.join('\n')}</${list.tag}>`);
    list = undefined;
  };
  for (const block of blocks) {
    if (block.kind === 'item') {
      const [tag, itemTag] = LIST_TAGS[block.marker] ?? LIST_TAGS['*'];
      if (list?.tag !== tag) {
        closeList();
        list = { tag, items: [] };
      }
      list.items.push(`<${itemTag}>${block.html}</${itemTag}>`);
      continue;
    }
    closeList();
    if (block.kind === 'heading') {
      const anchor = block.text.replaceAll(' ', '_').replaceAll('&', '&amp;').replaceAll('"', '&quot;');
      parts.push(`<h${block.level}><span id="${anchor}">${block.html}</span></h${block.level}>`);
    } else parts.push(`<p>${block.html}\n</p>`);
  }
  closeList();
  return parts.join('\n');
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
