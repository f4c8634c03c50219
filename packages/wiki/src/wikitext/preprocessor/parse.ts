/**
 * Builds the preprocessor tree of a wikitext as MediaWiki 1.39's preprocessor reads it: runs of
 * braces are matched from the inside out (`{{{…}}}` before `{{…}}`, what is left over stays
 * literal), `[[…]]` only shields its bars, a heading is a line opened and closed by `=`, comments
 * alone on a line take the line with them, and extension tags are kept whole.
 */
import type { PPHeading, PPNode, PPPart, PPTemplate } from './tree.js';

/** Extension tags of the reference wiki (core and Cite): their content is not preprocessed. */
export const EXTENSION_TAGS: ReadonlySet<string> = new Set([
  'pre',
  'nowiki',
  'gallery',
  'indicator',
  'langconvert',
  'ref',
  'references',
]);

/** An argument being read: its nodes and where its `=` is. */
interface OpenPart {
  /** The nodes read so far (after the `=`, when there is one). */
  out: PPNode[];
  /** The nodes before the argument's `=`. */
  nameOut?: PPNode[];
  commentEnd?: number;
  visualEnd?: number;
}

/** An opened construct not yet closed: a run of braces or brackets, or a heading line. */
interface Piece {
  open: '{' | '[' | '\n';
  close: '}' | ']' | '\n';
  count: number;
  lineStart: boolean;
  startPos: number;
  parts: OpenPart[];
}

const INCLUSION_TAGS = ['noinclude', 'includeonly', 'onlyinclude'];

/** Appends a node, joining adjacent texts. */
function push(out: PPNode[], node: PPNode): void {
  if (typeof node === 'string') {
    if (node === '') return;
    const last = out.length - 1;
    if (last >= 0 && typeof out[last] === 'string') {
      out[last] = (out[last] as string) + node;
      return;
    }
  }
  out.push(node);
}

function pushAll(out: PPNode[], nodes: readonly PPNode[]): void {
  for (const node of nodes) push(out, node);
}

/** Counts the run of `chars` characters at `from` (at most `max`). */
function runLength(text: string, from: number, chars: string, max = Number.POSITIVE_INFINITY): number {
  let n = 0;
  while (n < max && from + n < text.length && chars.includes(text[from + n] as string)) n++;
  return n;
}

/** Counts the run of `chars` characters ending just before `end`. */
function runBefore(text: string, end: number, chars: string): number {
  let n = 0;
  while (end - n - 1 >= 0 && chars.includes(text[end - n - 1] as string)) n++;
  return n;
}

/** A construct's text as written, when it closes as nothing (or not at all). */
function brokenPiece(piece: Piece, openingCount = piece.count): PPNode[] {
  const out: PPNode[] = [];
  if (piece.open === '\n') {
    pushAll(out, piece.parts[0]?.out ?? []);
    return out;
  }
  push(out, piece.open.repeat(openingCount));
  piece.parts.forEach((part, index) => {
    if (index > 0) push(out, '|');
    if (part.nameOut !== undefined) {
      pushAll(out, part.nameOut);
      push(out, '=');
    }
    pushAll(out, part.out);
  });
  return out;
}

class TreeBuilder {
  private readonly stack: Piece[] = [];
  private readonly root: PPNode[] = [];
  private i = 0;
  private headingIndex = 1;
  private fakeLineStart = true;
  private findOnlyinclude = false;
  private noMoreGt = false;
  private readonly noMoreClosingTag = new Set<string>();
  private readonly tagRegex: RegExp;
  private readonly ignoredTags: string[];
  private readonly ignoredElements: string[];
  private readonly onlyinclude: boolean;

  constructor(
    private readonly text: string,
    forInclusion: boolean,
  ) {
    this.ignoredTags = forInclusion
      ? ['includeonly', '/includeonly']
      : ['noinclude', '/noinclude', 'onlyinclude', '/onlyinclude'];
    this.ignoredElements = forInclusion ? ['noinclude'] : ['includeonly'];
    const elements = [...EXTENSION_TAGS, ...this.ignoredElements];
    const names = [...elements, ...this.ignoredTags].map((n) => n.replace('/', '\\/'));
    this.tagRegex = new RegExp(`(${names.join('|')})(?=\\s|\\/>|>)|!--`, 'iy');
    this.onlyinclude = forInclusion && text.includes('<onlyinclude>') && text.includes('</onlyinclude>');
    this.findOnlyinclude = this.onlyinclude;
  }

  private get top(): Piece | undefined {
    return this.stack[this.stack.length - 1];
  }

  private get accum(): PPNode[] {
    const top = this.top;
    return top ? (top.parts[top.parts.length - 1] as OpenPart).out : this.root;
  }

  private get currentPart(): OpenPart | undefined {
    const top = this.top;
    return top ? (top.parts[top.parts.length - 1] as OpenPart) : undefined;
  }

  build(): PPNode[] {
    const text = this.text;
    for (;;) {
      if (this.findOnlyinclude && !this.skipToOnlyinclude()) break;
      if (this.fakeLineStart) {
        this.lineStart('');
        continue;
      }
      const top = this.top;
      const inHeading = top?.open === '\n';
      const findPipe = top !== undefined && top.open !== '\n' && top.open !== '[';
      const findEquals = findPipe && (top as Piece).parts.length > 1 && this.currentPart?.nameOut === undefined;
      const start = this.i;
      while (this.i < text.length && !this.isSpecial(text[this.i] as string, top, findPipe, findEquals)) this.i++;
      if (this.i > start) push(this.accum, text.slice(start, this.i));
      if (this.i >= text.length) {
        if (inHeading) {
          this.lineEnd();
          continue;
        }
        break;
      }
      const c = text[this.i] as string;
      if (c === '|') this.pipe();
      else if (c === '=') this.equals();
      else if (c === '<') this.angle();
      else if (c === '\n') {
        if (inHeading) this.lineEnd();
        else this.lineStart(c, findEquals);
      } else if (top !== undefined && c === top.close) this.closeBraces();
      else if (c === '{' || c === '[') this.openBraces(c);
      else push(this.accum, text[this.i++] as string);
    }
    for (const piece of this.stack) pushAll(this.root, brokenPiece(piece));
    return this.root;
  }

  private isSpecial(c: string, top: Piece | undefined, findPipe: boolean, findEquals: boolean): boolean {
    if (c === '{' || c === '[' || c === '<' || c === '\n') return true;
    if (top !== undefined && c === top.close) return true;
    return (findPipe && c === '|') || (findEquals && c === '=');
  }

  /** Skips what precedes the next `<onlyinclude>` (false when none is left). */
  private skipToOnlyinclude(): boolean {
    const start = this.text.indexOf('<onlyinclude>', this.i);
    if (start === -1) {
      push(this.accum, { type: 'ignore', text: this.text.slice(this.i) });
      return false;
    }
    const end = start + '<onlyinclude>'.length;
    push(this.accum, { type: 'ignore', text: this.text.slice(this.i, end) });
    this.i = end;
    this.findOnlyinclude = false;
    return true;
  }

  private pipe(): void {
    (this.top as Piece).parts.push({ out: [] });
    this.i++;
  }

  private equals(): void {
    const part = this.currentPart as OpenPart;
    part.nameOut = part.out;
    part.out = [];
    this.i++;
  }

  /** A line starts (after `\n`, or after a comment that took its line): perhaps a heading opens. */
  private lineStart(newline: string, findEquals = false): void {
    if (this.fakeLineStart) this.fakeLineStart = false;
    else {
      push(this.accum, newline);
      this.i++;
    }
    const count = runLength(this.text, this.i, '=', 6);
    if (count === 0 || (count === 1 && findEquals)) return;
    this.stack.push({
      open: '\n',
      close: '\n',
      count,
      lineStart: true,
      startPos: this.i,
      parts: [{ out: ['='.repeat(count)] }],
    });
    this.i += count;
  }

  /** The end of a heading's line: it is a heading when `=` close it, else its text as written. */
  private lineEnd(): void {
    const piece = this.stack.pop() as Piece;
    const part = piece.parts[0] as OpenPart;
    let searchStart = this.i - runBefore(this.text, this.i, ' \t');
    if (part.commentEnd !== undefined && searchStart - 1 === part.commentEnd) {
      searchStart = part.visualEnd as number;
      searchStart -= runBefore(this.text, searchStart, ' \t');
    }
    const equalsLength = runBefore(this.text, searchStart, '=');
    let level = 0;
    if (equalsLength > 0) {
      if (searchStart - equalsLength === piece.startPos) {
        // A line of `=` alone: as many levels as fit on both sides of some text.
        level = equalsLength < 3 ? 0 : Math.min(6, Math.floor((equalsLength - 1) / 2));
      } else level = Math.min(equalsLength, piece.count);
    }
    if (level > 0) {
      const heading: PPHeading = { type: 'h', level, index: this.headingIndex++, children: part.out };
      push(this.accum, heading);
    } else pushAll(this.accum, part.out);
    // The line break is not consumed: it may open the next heading.
  }

  private openBraces(c: '{' | '['): void {
    const count = runLength(this.text, this.i, c);
    const lineStart = this.i > 0 && this.text[this.i - 1] === '\n';
    if (count >= 2) {
      this.stack.push({
        open: c,
        close: c === '{' ? '}' : ']',
        count,
        lineStart,
        startPos: this.i,
        parts: [{ out: [] }],
      });
    } else push(this.accum, c.repeat(count));
    this.i += count;
  }

  private closeBraces(): void {
    const piece = this.top as Piece;
    const count = runLength(this.text, this.i, piece.close, piece.count);
    let matching: number;
    if (piece.open === '[') matching = count >= 2 ? 2 : 0;
    else matching = Math.min(count, 3);
    if (matching < 2) {
      push(this.accum, this.text.slice(this.i, this.i + count));
      this.i += count;
      return;
    }
    let made: PPNode[];
    if (piece.open === '[') {
      made = brokenPiece(piece, matching);
      push(made, ']]');
    } else made = [this.callOf(piece, matching)];
    this.i += matching;
    this.stack.pop();
    if (matching < piece.count) {
      piece.parts = [{ out: [] }];
      piece.count -= matching;
      if (piece.count >= 2) this.stack.push(piece);
      else push(this.accum, piece.open.repeat(piece.count));
    }
    pushAll(this.accum, made);
  }

  private callOf(piece: Piece, matching: number): PPTemplate {
    const [title, ...rest] = piece.parts as [OpenPart, ...OpenPart[]];
    let index = 1;
    const parts = rest.map((part): PPPart => {
      if (part.nameOut === undefined) return { name: index++, value: part.out };
      return { name: part.nameOut, value: part.out };
    });
    return {
      type: matching === 3 ? 'tplarg' : 'template',
      lineStart: piece.count === matching && piece.lineStart,
      title: title.out,
      parts,
    };
  }

  private angle(): void {
    const text = this.text;
    if (this.onlyinclude && text.startsWith('</onlyinclude>', this.i)) {
      this.findOnlyinclude = true;
      return;
    }
    this.tagRegex.lastIndex = this.i + 1;
    const match = this.tagRegex.exec(text);
    if (match === null) {
      push(this.accum, '<');
      this.i++;
      return;
    }
    if (match[1] === undefined) this.comment();
    else this.tag(match[1]);
  }

  /** A comment; alone on its line (with other comments and blanks) it takes the line's end too. */
  private comment(): void {
    const text = this.text;
    const i = this.i;
    const close = text.indexOf('-->', i + 4);
    if (close === -1) {
      push(this.accum, { type: 'comment', text: text.slice(i) });
      this.i = text.length;
      return;
    }
    const wsStart = i === 0 ? 0 : i - runBefore(text, i, ' \t');
    let wsEnd = close + 2 + runLength(text, close + 3, ' \t');
    const comments: Array<[number, number]> = [[wsStart, wsEnd]];
    while (text.startsWith('<!--', wsEnd + 1)) {
      const next = text.indexOf('-->', wsEnd + 4);
      if (next === -1) break;
      const end = next + 2 + runLength(text, next + 3, ' \t');
      comments.push([wsEnd + 1, end]);
      wsEnd = end;
    }
    let startPos: number;
    let endPos: number;
    if (wsStart > 0 && text[wsStart - 1] === '\n' && text[wsEnd + 1] === '\n') {
      const accum = this.accum;
      const wsLength = i - wsStart;
      const last = accum[accum.length - 1];
      if (wsLength > 0 && typeof last === 'string' && /^[ \t]*$/.test(last.slice(-wsLength))) {
        accum[accum.length - 1] = last.slice(0, -wsLength);
        if (accum[accum.length - 1] === '') accum.pop();
      }
      for (const [from, to] of comments.slice(0, -1)) push(accum, { type: 'comment', text: text.slice(from, to + 1) });
      [startPos, endPos] = comments[comments.length - 1] as [number, number];
      endPos += 1;
      this.fakeLineStart = true;
    } else {
      startPos = i;
      endPos = close + 2;
    }
    const part = this.currentPart;
    if (part !== undefined) {
      if (part.commentEnd !== wsStart - 1) part.visualEnd = wsStart;
      part.commentEnd = endPos;
    }
    this.i = endPos + 1;
    push(this.accum, { type: 'comment', text: text.slice(startPos, endPos + 1) });
  }

  private tag(name: string): void {
    const text = this.text;
    const lower = name.toLowerCase();
    const attrStart = this.i + name.length + 1;
    const tagEnd = this.noMoreGt ? -1 : text.indexOf('>', attrStart);
    if (tagEnd === -1) {
      this.noMoreGt = true;
      push(this.accum, '<');
      this.i++;
      return;
    }
    if (this.ignoredTags.includes(lower)) {
      push(this.accum, { type: 'ignore', text: text.slice(this.i, tagEnd + 1) });
      this.i = tagEnd + 1;
      return;
    }
    const tagStart = this.i;
    let attrEnd: number;
    let inner: string | undefined;
    let close: string | undefined;
    if (text[tagEnd - 1] === '/') {
      attrEnd = tagEnd - 1;
      this.i = tagEnd + 1;
    } else {
      attrEnd = tagEnd;
      const closing = this.noMoreClosingTag.has(lower) ? null : this.findClosingTag(name, tagEnd + 1);
      if (closing !== null) {
        inner = text.slice(tagEnd + 1, closing.index);
        close = closing[0];
        this.i = closing.index + closing[0].length;
      } else if (INCLUSION_TAGS.includes(lower)) {
        inner = text.slice(tagEnd + 1);
        this.i = text.length;
      } else {
        // No closing tag: the opening one is text, and no later one of that name can close.
        push(this.accum, text.slice(tagStart, tagEnd + 1));
        this.i = tagEnd + 1;
        this.noMoreClosingTag.add(lower);
        return;
      }
    }
    if (this.ignoredElements.includes(lower)) {
      push(this.accum, { type: 'ignore', text: text.slice(tagStart, this.i) });
      return;
    }
    const attr = attrEnd <= attrStart ? '' : text.slice(attrStart, attrEnd);
    push(this.accum, { type: 'ext', name, attr, inner, close });
  }

  private findClosingTag(name: string, from: number): RegExpExecArray | null {
    const escaped = name.replace(/[-:]/g, '\\$&');
    const regex = new RegExp(`</${escaped}\\s*>`, 'gi');
    regex.lastIndex = from;
    return regex.exec(this.text);
  }
}

/**
 * The preprocessor tree of `text`: as the page reads it, or as a transclusion reads it
 * (`forInclusion`: `<noinclude>` left out, `<includeonly>` kept, only `<onlyinclude>` parts when any).
 */
export function preprocessToTree(text: string, forInclusion = false): PPNode[] {
  return new TreeBuilder(text, forInclusion).build();
}
