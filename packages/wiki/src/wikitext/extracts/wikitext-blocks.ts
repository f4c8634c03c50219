/**
 * A page's wikitext as the blocks a text extract is made of (paragraphs, headings, list items),
 * each as simple HTML and as plain text. The wikitext is parsed with wikiparser-node; templates are
 * not expanded (they contribute nothing), and what TextExtracts leaves out of an extract is dropped:
 * references, tables, files, categories, language links, comments and behaviour switches.
 */
import Parser from 'wikiparser-node';
import { decodeCharReferences } from '../../site/html-entities.js';
import type { TitleCodec } from '../../site/title.js';
import { escapeHtml } from '../../text/escape.js';

export interface Block {
  kind: 'paragraph' | 'heading' | 'item';
  /** Heading level (2 for `==`), or the list marker's last character for an item (`*`, `#`, `;`, `:`). */
  level: number;
  marker: string;
  html: string;
  text: string;
}

interface WikiNode {
  type: string;
  childNodes: WikiNode[];
  data?: string;
  name?: string;
  closing?: boolean;
  level?: number;
  toString(): string;
}

const NS_FILE = 6;
const NS_CATEGORY = 14;
/** Inline HTML tags kept in an HTML extract (as their simple form). */
const KEPT_TAGS: Record<string, string> = {
  b: 'b',
  strong: 'b',
  i: 'i',
  em: 'i',
  u: 'u',
  s: 's',
  sub: 'sub',
  sup: 'sup',
};
/** Whole elements left out, content included. */
const DROPPED_EXTENSIONS = new Set([
  'ref',
  'references',
  'gallery',
  'math',
  'score',
  'graph',
  'templatedata',
  'indicator',
]);
const DROPPED_TYPES = new Set([
  'template',
  'magic-word',
  'comment',
  'double-underscore',
  'table',
  'category',
  'file',
  'gallery-image',
  'image-parameter',
  'hr',
  'noinclude',
  'include',
  'arg',
  'parameter',
]);

/** One line of output under construction. */
class Line {
  html = '';
  text = '';
  kind: Block['kind'] = 'paragraph';
  level = 0;
  marker = '';
  /** Whether the source line had anything on it (a blank line ends a paragraph). */
  hadSource = false;
  private open: string[] = [];

  add(html: string, text: string): void {
    this.html += html;
    this.text += text;
  }

  toggle(tag: string): void {
    const at = this.open.lastIndexOf(tag);
    if (at < 0) {
      this.open.push(tag);
      this.html += `<${tag}>`;
      return;
    }
    // Close the tags opened after it, then it, then reopen them: formatting stays well nested.
    const after = this.open.slice(at + 1);
    for (const t of [...after].reverse()) this.html += `</${t}>`;
    this.html += `</${tag}>`;
    this.open.splice(at);
    for (const t of after) {
      this.html += `<${t}>`;
      this.open.push(t);
    }
  }

  closeAll(): void {
    for (const t of this.open.reverse()) this.html += `</${t}>`;
    this.open = [];
  }
}

export function wikitextBlocks(wikitext: string, titles: TitleCodec): Block[] {
  const root = Parser.parse(wikitext) as unknown as WikiNode;
  const blocks: Block[] = [];
  let line = new Line();
  let paragraph: Line[] = [];
  const flushParagraph = () => {
    if (paragraph.length === 0) return;
    blocks.push({
      kind: 'paragraph',
      level: 0,
      marker: '',
      html: paragraph.map((l) => l.html).join('\n'),
      text: paragraph.map((l) => l.text).join('\n'),
    });
    paragraph = [];
  };
  const endLine = () => {
    line.closeAll();
    const empty = line.text.trim() === '' && line.kind !== 'heading';
    if (line.kind === 'paragraph') {
      if (!empty) paragraph.push(line);
      else if (!line.hadSource) flushParagraph();
    } else if (!empty || line.kind === 'heading') {
      flushParagraph();
      blocks.push({
        kind: line.kind,
        level: line.level,
        marker: line.marker,
        html: line.html.trim(),
        text: line.text.trim(),
      });
    }
    line = new Line();
  };

  const inline = (node: WikiNode): void => {
    if (node.type === 'text') {
      const text = decodeCharReferences(node.data ?? '');
      line.add(escapeHtml(text), text);
      return;
    }
    if (DROPPED_TYPES.has(node.type)) return;
    switch (node.type) {
      case 'quote': {
        const quotes = String(node).length;
        if (quotes >= 5) {
          line.toggle('i');
          line.toggle('b');
        } else line.toggle(quotes === 3 ? 'b' : 'i');
        return;
      }
      case 'link':
        linkText(node);
        return;
      case 'ext-link': {
        const label = node.childNodes.find((c) => c.type === 'ext-link-text');
        if (label) for (const c of label.childNodes) inline(c);
        return;
      }
      case 'free-ext-link': {
        const url = String(node);
        line.add(escapeHtml(url), url);
        return;
      }
      case 'ext': {
        if (node.name === 'nowiki' || node.name === 'pre') {
          const inner = node.childNodes.find((c) => c.type === 'ext-inner');
          const text = decodeCharReferences(inner ? String(inner) : '');
          line.add(escapeHtml(text), text);
        } else if (!DROPPED_EXTENSIONS.has(node.name ?? '')) {
          const inner = node.childNodes.find((c) => c.type === 'ext-inner');
          if (inner) for (const c of inner.childNodes) inline(c);
        }
        return;
      }
      case 'html': {
        const tag = KEPT_TAGS[node.name ?? ''];
        if (tag) line.toggle(tag);
        else if (node.name === 'br') line.add('<br>', '\n');
        return;
      }
      default:
        for (const c of node.childNodes ?? []) inline(c);
    }
  };

  /** A wiki link shows its label or its target; files, categories and language links show nothing. */
  const linkText = (node: WikiNode): void => {
    const targetNode = node.childNodes.find((c) => c.type === 'link-target');
    const target = targetNode ? String(targetNode) : '';
    const leadingColon = target.trimStart().startsWith(':');
    const title = titles.parseOrUndefined(leadingColon ? target.trimStart().slice(1) : target);
    if (!leadingColon && title) {
      if (title.namespace === NS_FILE || title.namespace === NS_CATEGORY) return;
      if (title.interwiki !== '' && isLanguageCode(title.interwiki)) return;
    }
    const label = node.childNodes.find((c) => c.type === 'link-text');
    if (label) {
      for (const c of label.childNodes) inline(c);
      return;
    }
    const shown = (leadingColon ? target.trimStart().slice(1) : target).split('#')[0].trim();
    line.add(escapeHtml(shown), shown);
  };

  for (const node of root.childNodes) {
    if (node.type === 'text') {
      const parts = (node.data ?? '').split('\n');
      parts.forEach((part, i) => {
        if (i > 0) endLine();
        if (part.trim() !== '') line.hadSource = true;
        inline({ ...node, type: 'text', data: part, childNodes: [] });
      });
      continue;
    }
    line.hadSource = true;
    if (node.type === 'heading' && line.text.trim() === '') {
      line.kind = 'heading';
      line.level = node.level ?? 2;
      const title = node.childNodes.find((c) => c.type === 'heading-title');
      for (const c of title?.childNodes ?? []) inline(c);
      continue;
    }
    if (node.type === 'list' && line.text.trim() === '' && line.kind === 'paragraph') {
      const marker = String(node).trim();
      line.kind = 'item';
      line.marker = marker.slice(-1);
      line.level = marker.length;
      continue;
    }
    inline(node);
  }
  endLine();
  flushParagraph();
  return blocks;
}

function isLanguageCode(prefix: string): boolean {
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    const name = names.of(prefix);
    return name !== undefined && name !== prefix;
  } catch {
    return false;
  }
}
