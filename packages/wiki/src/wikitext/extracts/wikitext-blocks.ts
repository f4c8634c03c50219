/**
 * A page's wikitext as the blocks a text extract is made of (paragraphs, headings, list items),
 * each as simple HTML and as plain text, with the empty lines and left-out elements between them
 * that MediaWiki's paragraphs depend on. The wikitext is parsed with wikiparser-node; templates are
 * not expanded: a call of a template that exists contributes nothing, one of a missing template
 * its title (as MediaWiki links it). What TextExtracts leaves out of an extract is dropped:
 * references, tables, files, categories, language links, comments and behaviour switches.
 */
import Parser from 'wikiparser-node';
import { decodeCharReferences } from '../../site/html-entities.js';
import { UNCONVERTED_END, UNCONVERTED_START } from '../../site/mediawiki/language-variants.js';
import type { TitleCodec } from '../../site/title.js';
import { siteUrlProtocols } from '../../site/url-protocols.js';
import { escapeHtmlText } from '../../text/escape.js';
import { phpTrim, phpTrimEnd, phpTrimStart } from '../../text/php-trim.js';
import { magicWordList, magicWordsOf } from '../magic-words.js';
import { galleryHtml } from './gallery.js';
import { INLINE_TAGS, openingTag } from './inline-html.js';
import { referenceLabel, tableLinks } from './lean-wikitext.js';

export interface Block {
  /**
   * `blank`: an empty line, which the parser's paragraphs count (see simpleHtml in extract.ts);
   * `block`: a line of a table or of templates only, shown by MediaWiki as an element the
   * extract leaves out (or keeps part of, as `html`: a gallery's list), which ends the paragraph
   * before it; `pre`: a line of preformatted text;
   * `toc`: where `__TOC__` places the table of contents.
   */
  kind: 'paragraph' | 'heading' | 'item' | 'blank' | 'block' | 'pre' | 'toc';
  /** Heading level (2 for `==`), or the list markers' count for an item. */
  level: number;
  /** An item's list markers (`*`, `#`, `;`, `:`), one for each list it stands in (`*#`). */
  marker: string;
  html: string;
  text: string;
  /**
   * What a `block` shows after its last element on its line (see Line's splitAtBlock), in the
   * paragraph the parser's HTML tidying puts it in (see tidiedRun), left open: the next element
   * or paragraph closes it.
   */
  after?: string;
  /** Whether `after` opens a paragraph. */
  afterOpens?: boolean;
  /**
   * Whether a `block` begins with the paragraph of the text before its first element, which
   * starts with text: the line break before the line goes into that paragraph.
   */
  newlineInside?: boolean;
  /** The formatting elements opened again at the start of that paragraph, before its line break. */
  reopenedTags?: string;
  /**
   * A paragraph that a block element in a link's label broke (see HIDDEN_BLOCK_START): its HTML
   * ends in the run after that element, in a paragraph of its own when `opens`; where the parser
   * ends the paragraph, the tidying finds none open and adds an empty one.
   */
  broken?: { opens: boolean };
  /** The end tags of the block elements (`<center>`) still open where the text ends, on its last block. */
  unclosed?: string;
  /** Set on the last block of a text that an element opened too deep stopped (see DEEPEST_NESTING) in its line. */
  halted?: boolean;
  /** The end tags of the elements a paragraph's lines left open, written before the paragraph's end. */
  closing?: string;
  /**
   * The formatting elements held around a list (on its first item), a heading, preformatted text
   * (its first line) or a `<center>` line, opening and end tags (see HeldFormatting): the blocks of
   * such a run follow each other without line breaks.
   */
  wrap?: { open: string; close: string };
  /**
   * Those elements, empty: before the first paragraph of a run after such a block, in place of a
   * table left out in the run, before a `<center>` line that closes them.
   */
  emptyWrap?: string;
  /**
   * Those elements around a run of paragraphs, where TextExtracts' reading of the HTML keeps them
   * around a paragraph (`<font>`, `<code>`, `<em>`, `<strong>`): opened before the run's first
   * paragraph (`open`), closed after its last (`close`).
   */
  runWrap?: { open?: string; close?: string };
  /**
   * On the text's last block: the formatting elements open at the text's end (held, or left open
   * by its last paragraph), empty, which a section's line break at its end opens again.
   */
  heldAtEnd?: string;
  /** Whether a paragraph ends in text, not in an element (a file, a link): its spaces can go. */
  endsInText?: boolean;
  /** A heading's text as its anchor has it: with its references' labels (`[1]`). */
  anchor?: string;
  /**
   * An item with nothing in it: `source` when its line had nothing after the markers (the
   * parser marks such an item `mw-empty-elt`), `removed` when all it held was left out.
   */
  empty?: 'source' | 'removed';
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

/** The comment that stands for a table in the lean wikitext (see lean-wikitext.ts). */
const TABLE_COMMENT = /<!--\{\|\d*-->/;
const NS_FILE = 6;
const NS_TEMPLATE = 10;
const NS_CATEGORY = 14;
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
  'magic-word',
  'comment',
  'double-underscore',
  'table',
  'category',
  'file',
  'gallery-image',
  'image-parameter',
  'noinclude',
  'include',
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
  /** Whether it showed a file: a line of its paragraph, though the extract leaves the file out. */
  media = false;
  /** Whether it held a table or a call of a template that exists (see Block's `block`). */
  block = false;
  /**
   * What a line broken by elements of their own (see splitAtBlock) showed before the last of
   * them: each run of text before one in a paragraph of its own, then what the extract keeps of
   * the element (a gallery's list).
   */
  beforeBlocks = '';
  /** Whether the first run of text before an element of its own starts with text (see tidiedRun). */
  textBeforeBlocks = false;
  /** What the line's current run (since its start or its last element of its own) starts with. */
  firstContent: 'text' | 'element' | undefined;
  /**
   * Whether it held the end tag of a block element that closes nothing (`</blockquote>`): the
   * parser still takes the line for a block's, and its tidying drops the tag, so a line of nothing
   * else is no empty line. `</dt>` and `</dd>` do not count.
   */
  strayBlockEnd = false;
  /**
   * Whether it held tags by which MediaWiki's parser leaves a line out of its paragraphs: one
   * that opens an element (`<p>`, `<ul>`: the lines after it are the element's, as written, until
   * a line that closes one), one that closes an element (`</p>`, `<center>`, `</center>`).
   */
  opensBlock = false;
  closesBlock = false;
  /** Whether it held the place of the table of contents (TOC_MARK). */
  toc = false;
  /** Whether it held a category or language link, which takes the line with it. */
  gone = false;
  /** Whether an item's first content was an element left out: the space after it stays. */
  leftOutFirst = false;
  /** Whether it showed an element (a link) whose text may be only spaces. */
  element = false;
  /** Whether the line began with a space (preformatted text, when nothing else makes it a block). */
  indented = false;
  /** Whether an HTML tag stood in it, even one that shows nothing (a stray end tag): a space after it indents nothing. */
  tagMet = false;
  /** The text a heading's anchor is made of: the text, and the labels of its references. */
  anchor = '';
  /**
   * How much of the HTML and the text an item's or heading's trimming leaves as it is: what
   * ends in an element (a link, a reference TextExtracts removes later) is not at the end of the
   * line for the parser, which trims the line before it writes the elements.
   */
  private kept = { html: 0, text: 0 };
  /** The elements open, each with the opening tag it was written with. */
  private open: OpenElement[] = [];
  /** A block quote opened in a list item: where its content starts in `html`, and its tag. */
  private itemQuote: { start: number; depth: number } | undefined;
  /**
   * Formatting elements a link's end closed while they were open in its label, opened again by
   * the HTML tidying before what comes next (not at all when closed first).
   */
  private reopening: OpenElement[] = [];

  add(html: string, text: string): void {
    if (html !== '') this.reopen();
    if (this.firstContent === undefined && /\S/.test(html)) this.firstContent = 'text';
    if (this.afterHidden.at(-1) === 'none' && /\S/.test(html)) this.afterHidden[this.afterHidden.length - 1] = 'text';
    this.html += html;
    this.text += text;
    this.anchor += text;
  }

  /** Whether nothing was met on the line yet (a reference, which shows nothing, is something). */
  isFresh(): boolean {
    return (
      this.kind === 'paragraph' && this.anchor === '' && this.html === '' && !this.media && !this.block && !this.tagMet
    );
  }

  /** Marks the line so far as ending in an element: the spaces before it stay. */
  keepSoFar(): void {
    this.kept = { html: this.html.length, text: this.text.length };
  }

  /** Whether the line ends in an element (a file, a link, a reference), not in text. */
  endsInElement(): boolean {
    return this.media || this.kept.html === this.html.length;
  }

  /**
   * A reference, which shows nothing but its label in the anchor and keeps the spaces before it;
   * its trace in the HTML keeps the space before it from French spacing (see REFERENCE_TRACE).
   */
  addReference(label: string): void {
    this.elementStarts();
    this.anchor += label;
    this.html += REFERENCE_TRACE;
    this.keepSoFar();
  }

  /** The HTML and text without the spaces that end them (those before an element stay). */
  trimEnd(): void {
    const cut = (written: string, kept: number) => written.slice(0, kept) + phpTrimEnd(written.slice(kept));
    this.html = cut(this.html, this.kept.html);
    this.text = cut(this.text, this.kept.text);
    this.kept = { html: Math.min(this.kept.html, this.html.length), text: Math.min(this.kept.text, this.text.length) };
  }

  /**
   * An element of its own met in the line (a framed file, a table, an element left out): the
   * parser leaves the line out of its paragraphs, and its HTML tidying puts the text before the
   * element in a paragraph of its own (see Block's `after` for the text after it). `kept`: what
   * the extract keeps of the element.
   */
  splitAtBlock(kept = '', wrap = true, held = true): void {
    // An element that is no formatting one (`<span>`), open in the paragraph the tidying made,
    // is not split by an element met whole: the tidying takes it out of that paragraph and puts
    // the element inside it (`<span>a <pre>b</pre> c</span>` stays so), until it ends.
    const outer = this.open[0];
    const takenOut =
      this.unwrapBase !== undefined ||
      (outer?.at !== undefined && outer.byQuotes !== true && !FORMATTING_TAGS.has(outer.tag));
    if (wrap && held && takenOut && outer !== undefined) {
      const start = this.unwrapBase !== undefined ? this.html.length : (outer.at as number);
      const head = this.runUpTo(start);
      if (!this.block) this.textBeforeBlocks = head.opens && this.firstContent === 'text';
      this.block = true;
      this.beforeBlocks += `${head.html}${head.opens ? '</p>' : ''}${this.html.slice(start)}${kept}`;
      this.unwrapBase ??= outer;
      this.startRun();
      return;
    }
    // The formatting elements open here open again before what follows the element, as the HTML
    // tidying reconstructs them; they hold an element (`held`) met whole (a table, a file, a
    // `pre`, one the extract leaves out), not an end tag. Those around a kept element's start
    // tag open again inside it instead (the tidying holds the whole element in them).
    const ended = wrap ? this.paragraphEnded() : [];
    const formatting = [...ended, ...this.open.filter((o) => FORMATTING_TAGS.has(o.tag))];
    const waiting = this.reopening;
    this.closeAll();
    const run = wrap ? this.runUpTo(this.html.length) : { html: this.html, opens: false };
    if (!this.block) this.textBeforeBlocks = run.opens && this.firstContent === 'text';
    this.block = true;
    const element =
      !held || formatting.length === 0
        ? kept
        : `${formatting.map((o) => o.opening).join('')}${kept}${endTags(formatting.map((o) => o.tag))}`;
    this.beforeBlocks += `${run.html}${run.opens ? '</p>' : ''}${element}`;
    this.reopening = [...formatting, ...waiting];
    this.startRun();
  }

  /** A new run starts after an element of its own. */
  private startRun(): void {
    this.wrapFrom = undefined;
    this.html = '';
    this.text = '';
    this.kept = { html: 0, text: 0 };
    this.firstContent = undefined;
  }

  /** An element of the line's content that ends nothing (a line break, a rule in an item): the spaces before it stay. */
  addElement(html: string, text: string): void {
    this.elementStarts();
    this.add(html, text);
    this.element = true;
    this.keepSoFar();
  }

  /**
   * The paragraph the line continued has ended before an element of its own: the elements its
   * lines before left open ended with it (their end tags are the paragraph's, see Block's
   * `closing`). The tidying opens the formatting ones again at the line's text before the
   * element (`reopenedTags`, before the line break that starts that text); the others are no
   * longer open. Without such text, the formatting ones are returned: they still hold the
   * element and open again after it.
   */
  private paragraphEnded(): OpenElement[] {
    const carried = this.open.filter((o) => o.carried === true);
    if (carried.length === 0) return [];
    const formatting = carried.filter((o) => FORMATTING_TAGS.has(o.tag));
    const hasText = /\S/.test(this.html);
    if (hasText) {
      this.reopenedTags = formatting.map((o) => o.opening).join('');
      this.html = this.reopenedTags + this.html;
    }
    this.open = this.open.filter((o) => o.carried !== true || (hasText && formatting.includes(o)));
    return hasText ? [] : formatting;
  }

  /** The opening tags paragraphEnded wrote before the line's first text. */
  reopenedTags = '';

  /**
   * The element an element of its own was put in (see splitAtBlock), open still: the run is the
   * element's, outside any paragraph, until it ends; `wrapFrom` is where it ended in the run.
   */
  private unwrapBase: OpenElement | undefined;
  private wrapFrom: number | undefined;

  /** The run's HTML up to `end` in the paragraphs the tidying gives it (see tidiedRun). */
  private runUpTo(end: number): { html: string; opens: boolean } {
    if (this.unwrapBase !== undefined) return { html: this.html.slice(0, end), opens: false };
    if (this.wrapFrom === undefined) {
      return tidiedRun(this.html.slice(0, end), this.firstContent === 'element', this.elementsFirst());
    }
    const rest = tidiedRun(this.html.slice(this.wrapFrom, end), false);
    return { html: this.html.slice(0, this.wrapFrom) + rest.html, opens: rest.opens };
  }

  /** The run's HTML in the paragraphs the tidying gives it, for the text after a line's last element. */
  tidiedRun(): { html: string; opens: boolean } {
    return this.runUpTo(this.html.length);
  }

  /** Elements were closed: when the one an element of its own was put in is among them, the run is wrapped again after it. */
  private closed(elements: readonly OpenElement[]): void {
    if (this.unwrapBase === undefined || !elements.includes(this.unwrapBase)) return;
    this.unwrapBase = undefined;
    this.wrapFrom = this.html.length;
  }

  /** How deep the block elements of a link's label are open (see HIDDEN_BLOCK_START). */
  private hiddenDepth = 0;
  /** For each such element ended on the line, what came first after it (`none`: nothing yet). */
  afterHidden: Array<'text' | 'element' | 'none'> = [];

  /** Whether the run after each such element ended on the line starts with an element, as far as the line tells. */
  elementsFirst(): boolean[] {
    return this.afterHidden.map((first) => first === 'element');
  }

  /** A tag of a block element in a wiki link's label (`<center>`, `</center>`), see HIDDEN_BLOCK_START. */
  hiddenBlockTag(tag: string): void {
    const closing = tag.startsWith('</');
    if (closing && this.hiddenDepth === 0) return;
    if (!closing && this.hiddenDepth++ === 0) this.html += HIDDEN_BLOCK_START;
    this.html += tag;
    if (closing && --this.hiddenDepth === 0) this.hiddenBlockEnds();
  }

  private hiddenBlockEnds(): void {
    this.html += HIDDEN_BLOCK_END;
    this.afterHidden.push('none');
  }

  /** The end of a link's label ends the block elements still open in it. */
  endHiddenBlocks(): void {
    if (this.hiddenDepth > 0) this.hiddenBlockEnds();
    this.hiddenDepth = 0;
  }

  /** An element (a link) starts here: when the run has no text yet, it starts with an element. */
  elementStarts(): void {
    if (this.firstContent === undefined && !/\S/.test(this.html)) this.firstContent = 'element';
    if (this.afterHidden.at(-1) === 'none') this.afterHidden[this.afterHidden.length - 1] = 'element';
  }

  /** Whether `tag` is the element opened last (and still open). */
  isInnermost(tag: string): boolean {
    return this.open.at(-1)?.tag === tag;
  }

  /** Whether `tag` is open, or closed by a link's end and to be opened again. */
  isOpen(tag: string): boolean {
    return this.open.some((o) => o.tag === tag) || this.reopening.some((o) => o.tag === tag);
  }

  /**
   * Quotes met: two toggle italics, three bold, five both, closed innermost first as they were
   * opened, and opened in the order the line's next quotes (`after`, see quotesAfterBoth) close them.
   */
  quotes(length: number, after: number | undefined): void {
    if (length < 5) {
      this.toggle(length === 3 ? 'b' : 'i');
      return;
    }
    const opening = !this.isOpen('b') && !this.isOpen('i');
    const boldFirst = opening ? [0, 2].includes(after ?? 5) : this.isInnermost('b');
    this.toggle(boldFirst ? 'b' : 'i');
    this.toggle(boldFirst ? 'i' : 'b');
  }

  /** Opens `tag`, or closes it when it is open (bold and italics from quotes). */
  toggle(tag: string): void {
    if (this.isOpen(tag)) this.close(tag, true);
    else this.openElement(tag, `<${tag}>`, true);
  }

  /** How many elements are open in the line now. */
  openCount(): number {
    return this.open.length;
  }

  /** The elements open now (to tell those a link's label opens). */
  openNow(): readonly { tag: string; opening: string }[] {
    return [...this.open];
  }

  /**
   * A link ends: the elements its label opened and left open end with it, and the formatting
   * ones open again after it, as the HTML tidying nests them (`<a><i>x</a>y</i>` is
   * `<a><i>x</i></a><i>y</i>`; a `<span>` opened in the label ends with the link).
   */
  linkEnds(openBefore: readonly { tag: string; opening: string }[]): void {
    const at = this.open.findIndex((o, i) => openBefore[i] !== o);
    if (at < 0) return;
    const opened = this.open.slice(at);
    this.html += endTags(opened.map((o) => o.tag));
    this.closed(this.open.splice(at));
    this.keepSoFar();
    this.reopening.push(...opened.filter((o) => FORMATTING_TAGS.has(o.tag)));
  }

  /**
   * A wiki link's label starts: its bold and italics are its own (the parser balances them in
   * the label alone), so the elements open before it are set aside until it ends.
   */
  labelStarts(): { open: OpenElement[]; reopening: OpenElement[] } {
    this.reopen();
    const outside = { open: this.open, reopening: this.reopening };
    this.open = [];
    this.reopening = [];
    return outside;
  }

  /** A wiki link's label ends: what it left open is closed, and the elements set aside are open again. */
  labelEnds(outside: ReturnType<Line['labelStarts']>): void {
    this.closeAll();
    this.open = outside.open;
    this.reopening = outside.reopening;
  }

  /** Opens again the elements a link ended (see linkEnds), before what follows it. */
  private reopen(): void {
    if (this.reopening.length === 0) return;
    // Those a paragraph before left open go into a paragraph only.
    const paragraph = this.kind === 'paragraph' && !this.indented;
    const again = paragraph ? this.reopening : this.reopening.filter((o) => o.carried !== true);
    // Those not opened here wait for the line's end (see dropWaiting).
    this.reopening = paragraph ? [] : this.reopening.filter((o) => o.carried === true);
    for (const { carried: _, ...element } of again) {
      this.open.push({ ...element, at: this.html.length });
      this.html += element.opening;
    }
  }

  openElement(tag: string, opening: string, byQuotes = false): void {
    this.reopen();
    this.elementStarts();
    const at = this.html.length;
    this.open.push(byQuotes ? { tag, opening, byQuotes, at } : { tag, opening, at });
    this.html += opening;
  }

  /**
   * How many of the elements open at the line's end stay open in the paragraph's next line: those
   * opened by tags, outside any opened by quotes (which the parser closes at each line's end).
   */
  carriable(): number {
    const at = this.open.findIndex((o) => o.byQuotes === true);
    return at < 0 ? this.open.length : at;
  }

  /** The elements the paragraph's line before left open, open at this line's start. */
  carryIn(open: readonly OpenElement[]): void {
    // Their places were in the line before's run.
    this.open = open.map(({ at: _, ...o }) => ({ ...o, carried: true }));
  }

  /**
   * The elements open at the line's start are no longer its own: the paragraph they were open in
   * has ended. The formatting ones among them, which the HTML tidying opens again at the next
   * text, are returned.
   */
  dropCarried(): OpenElement[] {
    const carried = this.open.filter((o) => o.carried === true);
    this.open = this.open.filter((o) => o.carried !== true);
    return carried
      .filter((o) => FORMATTING_TAGS.has(o.tag))
      .map(({ tag, opening }) => ({ tag, opening, carried: true }));
  }

  /**
   * The formatting elements a paragraph before left open that were to open again at this line's
   * text (after an empty line) and did not: the line has no paragraph for them.
   */
  dropWaiting(): OpenElement[] {
    const waiting = this.reopening.filter((o) => o.carried === true);
    this.reopening = this.reopening.filter((o) => o.carried !== true);
    return waiting;
  }

  /** Elements to open again before the line's first content (see dropCarried). */
  reopenBefore(elements: readonly OpenElement[]): void {
    this.reopening = threeOfEach([...elements, ...this.reopening]);
  }

  /**
   * Closes `tag` if it is open: the elements opened after it are closed first. Closed by quotes
   * (`byQuotes`), the bold and italics among them are opened again at once, as the parser writes
   * them; others as the HTML tidying treats an end tag that cuts them: a formatting element opens
   * again before what comes next (not at all when closed first), another ends there.
   */
  close(tag: string, byQuotes = false): void {
    // Closed before it was opened again: it is not.
    const waiting = this.reopening.findLastIndex((o) => o.tag === tag);
    if (waiting >= 0) {
      const [element] = this.reopening.splice(waiting, 1);
      // Held around the blocks before, it is open for the tidying: its end tag closes it here, empty.
      if (element?.held === true && this.kind === 'paragraph' && !this.indented) {
        this.html += `${element.opening}</${tag}>`;
        this.element = true;
      }
      return;
    }
    const at = this.open.findLastIndex((o) => o.tag === tag);
    if (at < 0) return;
    // An element open around an item's quote closed inside it: the quote ends first (the HTML
    // tidying would move the element into the quote; this keeps the HTML well formed).
    if (this.itemQuote !== undefined && at < this.itemQuote.depth) this.quoteEnds();
    const after = this.open.slice(at + 1);
    for (const o of [...after].reverse()) this.html += `</${o.tag}>`;
    this.html += `</${tag}>`;
    this.closed(this.open.splice(at));
    this.keepSoFar();
    for (const o of after) {
      if (byQuotes && (o.tag === 'b' || o.tag === 'i')) this.openElement(o.tag, o.opening, o.byQuotes === true);
      else if (FORMATTING_TAGS.has(o.tag)) this.reopening.push(o);
    }
  }

  /** A block quote opens in a list item: the item holds it as an element of its own (see quoteEnds). */
  quoteStarts(opening: string): void {
    if (this.itemQuote !== undefined) return;
    this.reopen();
    this.html += opening;
    this.itemQuote = { start: this.html.length, depth: this.open.length };
  }

  /**
   * The quote of quoteStarts ends, by its end tag or with its item: what it holds in a paragraph
   * when it holds more than white space, as MediaWiki's HTML tidying wraps the text of a quote.
   */
  quoteEnds(): void {
    const quote = this.itemQuote;
    if (quote === undefined) return;
    // The elements opened in the quote end with it; those open around it stay open.
    this.reopening = [];
    const ended = this.open.splice(quote.depth);
    this.html += endTags(ended.map((o) => o.tag));
    this.closed(ended);
    const inner = this.html.slice(quote.start);
    this.html = `${this.html.slice(0, quote.start)}${/\S/.test(inner) ? `<p>${inner}</p>` : inner}</blockquote>`;
    this.itemQuote = undefined;
    this.keepSoFar();
  }

  /** Closes the elements open, but the first `kept` of them. */
  closeAll(kept = 0): void {
    this.reopening = [];
    if (this.open.length <= kept) return;
    const closing = this.open.slice(kept);
    this.html += endTags(closing.map((o) => o.tag));
    this.open = this.open.slice(0, kept);
    this.closed(closing);
    this.keepSoFar();
  }
}

/**
 * Formatting elements (`<small>`) a paragraph left open where a list, a heading, preformatted
 * text, a `<center>` line or a table ended it. The HTML tidying opens them again around that block
 * and each such block after it, and around each run of paragraphs, which TextExtracts' second
 * reading of the HTML (HTML 4 rules: no paragraph in them) closes at once, `<small></small><p>`,
 * but for those it keeps around paragraphs; a paragraph holding their end tag has its text up to
 * it in them and ends the run. The line breaks between the blocks of such a run are gone (the
 * tidying's empty paragraphs that held them are dropped). Any other element of its own (a
 * `<center>` spanning lines, a kept element with text around it) ends the run here (not followed).
 */
class HeldFormatting {
  private elements: OpenElement[] = [];
  /** Whether the last block of the run is one they are held around (the next paragraph starts a run of them). */
  private afterBlock = false;
  /** The formatting elements the last paragraph left open at its end. */
  private leftOpen: OpenElement[] = [];
  /** The last paragraph of a run held in the elements (see Block's `runWrap`), to close after. */
  private runEnd: Block | undefined;

  /** The run of paragraphs held in the elements ends: after its last paragraph, they close. */
  private endRun(): void {
    if (this.runEnd !== undefined) this.runEnd.runWrap = { ...this.runEnd.runWrap, close: this.tags().close };
    this.runEnd = undefined;
  }

  get active(): boolean {
    return this.elements.length > 0;
  }

  /** The elements for a new line to open again at its text (a paragraph's only, see Line's reopen). */
  reopened(): OpenElement[] {
    return this.elements.map(({ tag, opening }) => ({ tag, opening, carried: true, held: true }));
  }

  private tags(): { open: string; close: string } {
    return { open: this.elements.map((o) => o.opening).join(''), close: endTags(this.elements.map((o) => o.tag)) };
  }

  /** The elements held, empty. */
  private empty(): string {
    return emptyElements(this.elements);
  }

  /**
   * A list item, heading or line of preformatted text: `cut` are the formatting elements the
   * paragraph before it left open.
   */
  aroundBlock(block: Block, cut: readonly OpenElement[]): void {
    if (block.kind !== 'item' && block.kind !== 'heading' && block.kind !== 'pre') return;
    if (this.elements.length === 0) this.elements = cut.filter((o) => FORMATTING_TAGS.has(o.tag));
    if (this.elements.length === 0) return;
    this.endRun();
    block.wrap = this.tags();
    this.afterBlock = true;
  }

  /**
   * An element the extract leaves out (a table) in the run: held around it, they stay, empty; a
   * line with more than that ends the run (not followed).
   */
  leftOut(block: Block | undefined, before: Block | undefined): void {
    const starts = this.elements.length === 0;
    // A paragraph just before it that left them open starts a run.
    if (starts && before?.kind === 'paragraph' && before.closing !== undefined) this.elements = this.leftOpen;
    if (this.elements.length === 0) return;
    const { open, close } = this.tags();
    if (block?.kind !== 'block' || (block.after ?? '') !== '' || block.newlineInside === true) {
      this.end();
      return;
    }
    // An element left out that they held (see Line's splitAtBlock) is the run's as well.
    if (block.html === open + close) block.html = '';
    if (block.html !== '') {
      // A `<center>` line: the tidying holds it in them (opened again inside it here, taken out).
      const center = new RegExp(
        `^(<center\\b[^>]*>)${escapeRegExp(open)}([\\s\\S]*)${escapeRegExp(close)}</center>$`,
      ).exec(block.html);
      if (center === null) {
        this.end();
        return;
      }
      block.html = `${center[1]}${center[2]}</center>`;
      const closedByCenter = this.elements.every((o) => CLOSED_BY_CENTER.has(o.tag));
      if (!closedByCenter && this.elements.some((o) => CLOSED_BY_CENTER.has(o.tag))) {
        this.end();
        return;
      }
      this.endRun();
      if (closedByCenter) block.emptyWrap = this.empty();
      else block.wrap = { open, close };
      this.afterBlock = true;
      return;
    }
    this.endRun();
    block.emptyWrap = this.empty();
    this.afterBlock = true;
  }

  /**
   * A paragraph of the run ends with `open` open. Those held still open were never in it; those
   * it closed hold its text up to their end tags, and are no longer held.
   */
  paragraph(block: Block, open: readonly OpenElement[]): void {
    this.leftOpen = open.filter((o) => FORMATTING_TAGS.has(o.tag));
    if (this.elements.length === 0) return;
    const stillOpen = this.elements.filter((e) => open.some((o) => o.tag === e.tag));
    const aroundRun =
      stillOpen.length === this.elements.length && this.elements.every((o) => KEPT_AROUND_PARAGRAPHS.has(o.tag));
    if (aroundRun) {
      // Kept around the run: opened before its first paragraph, closed after its last.
      if (this.afterBlock) block.runWrap = { open: this.tags().open };
      this.runEnd = block;
    } else {
      this.endRun();
      if (this.afterBlock) block.emptyWrap = this.empty();
    }
    this.afterBlock = false;
    // Only those it closed open in it.
    const closedHere = this.elements.filter((o) => !stillOpen.includes(o));
    const prefix = this.tags().open;
    if (stillOpen.length > 0 && block.html.startsWith(prefix)) {
      block.html = closedHere.map((o) => o.opening).join('') + block.html.slice(prefix.length);
    }
    const others = open.filter((o) => !stillOpen.some((e) => e.tag === o.tag));
    block.closing = others.length > 0 ? endTags(others.map((o) => o.tag)) : undefined;
    this.elements = stillOpen;
  }

  end(): void {
    this.endRun();
    this.elements = [];
    this.afterBlock = false;
  }

  /** The text ends: the elements held, or those its last paragraph left open (see Block's `heldAtEnd`). */
  atEnd(blocks: readonly Block[]): void {
    this.endRun();
    const last = blocks.at(-1);
    const lastShown = blocks.findLast((b) => b.kind !== 'blank');
    const elements = this.elements.length > 0 ? this.elements : lastShown?.kind === 'paragraph' ? this.leftOpen : [];
    if (last === undefined || elements.length === 0) return;
    last.heldAtEnd = emptyElements(elements);
  }
}

/** Elements written empty: their opening tags, then their end tags. */
function emptyElements(elements: readonly OpenElement[]): string {
  return elements.map((o) => o.opening).join('') + endTags(elements.map((o) => o.tag));
}

/**
 * The deepest nesting of elements that libxml's HTML parser, with which TextExtracts reads the
 * parser's HTML, builds (`html` and `body` count): an element opened deeper stops it, and the
 * document ends there (the elements still open close). Elements left open line after line (a
 * `<b>` on every line of a paragraph) reach it.
 */
const DEEPEST_NESTING = 257;

/**
 * The elements without all but the last three of each kind (same tag, same attributes): the
 * HTML tidying's list of formatting elements to open again keeps no more (the HTML parsing
 * rules' "Noah's Ark" clause), so a `<small>` left open in each of many paragraphs opens three
 * in the next, not all of them.
 */
function threeOfEach(elements: OpenElement[]): OpenElement[] {
  if (elements.length <= 3) return elements;
  const seen = new Map<string, number>();
  const kept: OpenElement[] = [];
  for (let i = elements.length - 1; i >= 0; i--) {
    const element = elements[i] as OpenElement;
    const count = (seen.get(element.opening) ?? 0) + 1;
    seen.set(element.opening, count);
    if (count <= 3) kept.push(element);
  }
  return kept.reverse();
}

/**
 * An element open on a line: its tag and the opening tag it was written with; whether quotes
 * opened it (bold, italics), and whether the paragraph's line before left it open.
 */
interface OpenElement {
  tag: string;
  opening: string;
  byQuotes?: boolean;
  carried?: boolean;
  /** Held around the blocks before (see HeldFormatting): still open for the HTML tidying. */
  held?: boolean;
  /** Where in the line's current run its opening tag starts (for one opened in that run). */
  at?: number;
}

/**
 * The formatting elements TextExtracts' reading of the HTML (libxml's HTML 4 rules) keeps around a
 * paragraph; it closes the others before one (`<small></small><p>`).
 */
const KEPT_AROUND_PARAGRAPHS = new Set(['font', 'code', 'em', 'strong']);
/** Those it closes before a `<center>`. */
const CLOSED_BY_CENTER = new Set(['font', 'b', 'i']);

/** The formatting elements of HTML that its tidying opens again after an element they were cut by. */
const FORMATTING_TAGS = new Set([
  'a',
  'b',
  'big',
  'code',
  'em',
  'font',
  'i',
  'nobr',
  's',
  'small',
  'strike',
  'strong',
  'tt',
  'u',
]);

/**
 * `missingTemplates` are the transcluded pages that do not exist (`namespace:dbKey`): MediaWiki
 * shows a call of one as a link to it, whose title the extract keeps, its arguments left out. The
 * linked files that have none are among them (`6:dbKey`), shown as links to their upload.
 * Calls of pages that exist are dropped. `unknownTags`: the behaviour switches and parser
 * functions of extensions the wiki lacks (see tagsOfMissingExtensions), which show as written.
 * `numberedBefore`: the external links without a label the parser numbers before the text's own
 * (those of its references, see numberedLinksInReferences). `page.converted`: the page's HTML
 * goes through a language converter (addresses are marked for it to leave as written).
 */
export function wikitextBlocks(
  wikitext: string,
  titles: TitleCodec,
  missingTemplates: ReadonlySet<string> = new Set(),
  unknownTags: ReadonlySet<string> = new Set(),
  numberedBefore = 0,
  page: { talkPage: boolean; converted?: boolean } = { talkPage: false },
): Block[] {
  const language = titles.site.language;
  const converts = page.converted === true;
  /** Whether a text starts with an absolute URL's protocol (`https://`, `mailto:`). */
  const startsWithProtocol = (text: string) =>
    siteUrlProtocols(titles.site).some((protocol) => protocol !== '//' && text.startsWith(protocol));
  const root = Parser.parse(wikitext) as unknown as WikiNode;
  const nextQuotes = quotesAfterBoth(root);
  /** The external links without a label numbered so far. */
  let numbered = numberedBefore;
  const blocks: Block[] = [];
  let line = new Line();
  let paragraph: Line[] = [];
  const held = new HeldFormatting();
  const flushParagraph = () => {
    if (paragraph.length === 0) return;
    const block: Block = {
      kind: 'paragraph',
      level: 0,
      marker: '',
      html: paragraph.map((l) => l.html).join('\n'),
      text: paragraph.map((l) => l.text).join('\n'),
      endsInText: !paragraph.at(-1)?.endsInElement(),
    };
    // The elements its last line left open end with it.
    const open = paragraph.at(-1)?.openNow() ?? [];
    if (open.length > 0) block.closing = endTags(open.map((o) => o.tag));
    held.paragraph(block, open);
    if (block.html.includes(HIDDEN_BLOCK_START)) brokenParagraph(block, hiddenElementsFirst(paragraph));
    blocks.push(block);
    paragraph = [];
  };
  /** A block quote being read (see simpleQuotes): the text before it on its line, and its lines. */
  let quote: { before: { html: string; opens: boolean }; lines: string[] } | undefined;
  /** Whether the text before the quote on its line starts with text (see Block's `newlineInside`). */
  let newlineInside = false;
  /** Whether an element opened on a line before is still open for the parser (see Line's opensBlock). */
  let inBlockElement = false;
  const endLine = () => {
    const empty = phpTrim(line.text) === '' && line.kind !== 'heading';
    // In an element opened on a line before, a line is the element's, empty or not.
    if (inBlockElement && line.kind === 'paragraph' && !line.opensBlock && !line.closesBlock && !line.gone) {
      line.block = true;
    }
    if (line.opensBlock || line.closesBlock) inBlockElement = !line.closesBlock;
    // A line of a paragraph leaves the elements its tags opened open for the paragraph's next
    // line; any other line ends those the paragraph before left open.
    const continues =
      quote === undefined &&
      line.kind === 'paragraph' &&
      !line.block &&
      !line.indented &&
      !(line.toc && empty) &&
      (!empty || line.media || line.element);
    const cut = continues ? [] : [...line.dropCarried(), ...line.dropWaiting()];
    const carried = continues ? line.carriable() : 0;
    line.closeAll(carried);
    line.quoteEnds();
    if (quote !== undefined) {
      quote.lines.push(line.html);
      line = new Line();
      return;
    }
    if (line.kind === 'paragraph' && line.toc && empty) {
      flushParagraph();
      blocks.push({ kind: 'toc', level: 0, marker: '', html: '', text: '' });
    } else if (line.kind === 'paragraph' && line.indented && !line.block && (!empty || blocks.at(-1)?.kind === 'pre')) {
      // A line indented by a space is preformatted text, without that space; a line of spaces
      // only continues preformatted text before it.
      flushParagraph();
      const pre: Block = { kind: 'pre', level: 0, marker: '', html: line.html.slice(1), text: line.text.slice(1) };
      held.aroundBlock(pre, cut);
      blocks.push(pre);
    } else if (line.kind === 'paragraph' && line.block) {
      flushParagraph();
      const after = wrapsRuns() ? line.tidiedRun() : { html: line.html, opens: false };
      blocks.push({
        kind: 'block',
        level: 0,
        marker: '',
        html: line.beforeBlocks,
        text: '',
        after: after.html,
        afterOpens: after.opens,
        newlineInside: line.textBeforeBlocks,
        ...(line.reopenedTags === '' ? {} : { reopenedTags: line.reopenedTags }),
      });
    } else if (line.kind === 'paragraph') {
      if (!empty || line.media || line.element) paragraph.push(line);
      else if (line.strayBlockEnd) {
        flushParagraph();
        blocks.push({ kind: 'block', level: 0, marker: '', html: line.html, text: '', after: '', afterOpens: false });
      } else if (!line.hadSource && !line.gone) {
        flushParagraph();
        // Its white space, which the parser writes after the line break of a second empty line.
        blocks.push({ kind: 'blank', level: 0, marker: '', html: line.html, text: '' });
      }
    } else if (!empty || line.kind === 'heading' || line.kind === 'item') {
      flushParagraph();
      line.trimEnd();
      const block: Block = {
        kind: line.kind,
        level: line.level,
        marker: line.marker,
        html: line.leftOutFirst ? line.html : phpTrimStart(line.html),
        text: line.leftOutFirst ? line.text : phpTrimStart(line.text),
      };
      if (line.kind === 'heading') block.anchor = line.anchor.trim();
      if (line.kind === 'item' && empty) block.empty = line.leftOutFirst ? 'removed' : 'source';
      held.aroundBlock(block, cut);
      blocks.push(block);
    }
    if (line.kind === 'paragraph' && line.block) held.leftOut(blocks.at(-1), blocks.at(-2));
    const next = new Line();
    if (carried > 0) next.carryIn(line.openNow());
    else if (held.active && !continues) next.reopenBefore(held.reopened());
    // After an empty line, the next paragraph opens them again.
    else if (cut.length > 0 && empty && line.kind === 'paragraph' && !line.block) next.reopenBefore(cut);
    line = next;
  };

  /**
   * The elements of their own written as HTML that the extract keeps (KEPT_BLOCK_TAGS) open, the
   * innermost last: the parser's tidying puts the runs of text between elements in paragraphs
   * only outside them or in a block quote (the lines after one are paragraphs all the same).
   */
  const keptBlocks: string[] = [];
  /** Whether an element opened too deep has ended the text (see DEEPEST_NESTING). */
  let halted = false;
  /** Whether opening `count` more elements in the line stops the text there (and marks it so). */
  const tooDeep = (count: number): boolean => {
    // A line's paragraph or list items, and a block quote's element around its paragraphs.
    const containers = (line.kind === 'item' ? 2 * line.level : 1) + (quote === undefined ? 0 : 1);
    halted ||= 2 + keptBlocks.length + containers + line.openCount() + count > DEEPEST_NESTING;
    return halted;
  };
  /** How many wiki links' labels are being read (see HIDDEN_BLOCK_START). */
  let labels = 0;
  const wrapsRuns = () => keptBlocks.length === 0 || keptBlocks.at(-1) === 'blockquote';
  /** The groups of the references met since the last list of their group (`''`: no group). */
  const unlisted = new Set<string>();
  /** A reference met on the line, by its label (`[1]`, `[note 2]`). */
  const referenceMet = (label: string): void => {
    line.addReference(label);
    unlisted.add(label.slice(1, -1).replace(/ ?\S+$/, ''));
  };
  /** An element of its own met on the line (see splitAtBlock), of which the extract keeps `kept`. */
  const blockMet = (kept = '', held = true): void => {
    if (line.kind === 'paragraph' && quote === undefined) line.splitAtBlock(kept, wrapsRuns(), held);
    else line.block = true;
  };

  /** An HTML tag in the text: a block element the extract keeps, an inline element, a line break. */
  const htmlTag = (node: WikiNode): void => {
    const tag = (node.name ?? '').toLowerCase();
    line.tagMet = true;
    if (tag === 'blockquote' && line.kind === 'item' && quote === undefined) {
      if (node.closing) line.quoteEnds();
      else line.quoteStarts(openingTag(tag, String(node), decodeCharReferences));
      return;
    }
    if (tag === 'hr' && !node.closing && labels === 0) {
      // A rule written as HTML: an element of its own in a paragraph's line, as `----` is; one
      // of an item's or a heading's content in theirs.
      const rule = openingTag(tag, String(node), decodeCharReferences);
      if (line.kind === 'paragraph' && quote === undefined) {
        line.closesBlock = true;
        blockMet(rule);
      } else line.addElement(rule, '');
      return;
    }
    if (KEPT_BLOCK_TAGS.has(tag) && line.kind === 'paragraph' && quote === undefined) {
      if (labels > 0) {
        line.hiddenBlockTag(node.closing === true ? `</${tag}>` : openingTag(tag, String(node), decodeCharReferences));
        return;
      }
      // An element of its own, which the extract keeps.
      if (OPENING_BLOCK_TAGS.has(tag) && !node.closing) line.opensBlock = true;
      else if (tag !== 'dt' && tag !== 'dd') line.closesBlock = true;
      if (!node.closing) {
        if (tooDeep(0)) return;
        blockMet(openingTag(tag, String(node), decodeCharReferences), false);
        keptBlocks.push(tag);
      } else if (keptBlocks.includes(tag)) {
        blockMet(`</${tag}>`, false);
        keptBlocks.splice(keptBlocks.lastIndexOf(tag));
      } else if (tag === 'p') {
        // The tidying meets it with no paragraph open: it writes an empty one.
        blockMet('<p class="mw-empty-elt"></p>', false);
      } else if (tag !== 'dt' && tag !== 'dd') {
        line.strayBlockEnd = true;
      }
      return;
    }
    if (INLINE_TAGS.has(tag)) {
      // A line of such tags alone (`<span></span>`, a stray `</span>`) is no empty line.
      line.element = true;
      if (node.closing) line.close(tag);
      else if (!String(node).endsWith('/>') && !tooDeep(1)) {
        line.openElement(tag, openingTag(tag, String(node), decodeCharReferences));
      }
    } else if (tag === 'br') {
      // A line break is an element of its line (a line of breaks only is no empty line).
      line.addElement(openingTag('br', String(node), decodeCharReferences), '\n');
    }
  };

  /**
   * The language converter's markup (`-{A|zh-cn:X;zh-tw:Y}-`), text to the parser, its parts
   * parsed as any: the converter reads it in the HTML (extract.ts).
   */
  const converterMarkup = (node: WikiNode): void => {
    const written = String(node);
    let at = 0;
    const literal = (text: string) => {
      if (text !== '') line.add(escapeHtmlText(text), text);
    };
    for (const c of node.childNodes ?? []) {
      const part = String(c);
      const found = written.indexOf(part, at);
      literal(written.slice(at, found));
      inline(c);
      at = found + part.length;
    }
    literal(written.slice(at));
  };

  const inline = (node: WikiNode): void => {
    if (halted) return;
    if (node.type === 'text') {
      const text = decodeCharReferences(node.data ?? '');
      line.add(escapeHtmlText(text), text);
      return;
    }
    if (node.type === 'double-underscore' && unknownTags.has(String(node).toUpperCase())) {
      // A behaviour switch of an extension the wiki lacks (__DISAMBIG__) is text.
      const written = String(node);
      line.add(escapeHtmlText(written), written);
      return;
    }
    if (node.type === 'magic-word' && unknownTags.has(functionName(node))) {
      // A parser function of an extension the wiki lacks names no page either: the call shows as
      // written, what its arguments call read as everywhere else.
      line.add('{{', '{{');
      for (const c of (Parser.parse(String(node).slice(2)) as unknown as WikiNode).childNodes) inline(c);
      return;
    }
    if (node.type === 'comment') {
      const label = referenceLabel(String(node));
      if (label !== undefined) referenceMet(label);
      numbered += tableLinks(String(node)) ?? 0;
      return;
    }
    if (node.type === 'file') {
      missingFileLink(node);
      return;
    }
    if (DROPPED_TYPES.has(node.type)) return;
    if (node.type.startsWith('converter')) {
      converterMarkup(node);
      return;
    }
    switch (node.type) {
      case 'template': {
        const shown = missingTemplate(node);
        if (shown !== undefined) {
          line.elementStarts();
          line.add(escapeHtmlText(shown), shown);
        }
        return;
      }
      case 'quote': {
        const length = String(node).length;
        const opens = (tag: string) => (line.isOpen(tag) ? 0 : 1);
        if (!tooDeep(length < 3 ? opens('i') : length < 5 ? opens('b') : opens('b') + opens('i'))) {
          line.quotes(length, nextQuotes.get(node));
        }
        return;
      }
      case 'link':
        // A link is an element of the parser's HTML (its label text here).
        if (!tooDeep(1)) linkText(node);
        return;
      case 'ext-link': {
        if (tooDeep(1)) return;
        line.elementStarts();
        const label = node.childNodes.find((c) => c.type === 'ext-link-text');
        if (label) {
          const openBefore = line.openNow();
          // A label that is an address is not converted, as the address of a free link (unless
          // it holds the converter's markup, which is read).
          const written = String(label);
          const unconverted = converts && startsWithProtocol(written) && noConversion(written) !== written;
          if (unconverted) line.add('-{R|', '');
          for (const c of label.childNodes) inline(c);
          if (unconverted) line.add('}-', '');
          line.linkEnds(openBefore);
        } else {
          // A link without a label shows its number among those of the page (`[1]`).
          numbered++;
          line.add(`[${numbered}]`, `[${numbered}]`);
        }
        line.keepSoFar();
        return;
      }
      case 'arg': {
        // A parameter the page's own expansion left (no value, no default) shows as written.
        const written = String(node);
        line.add(escapeHtmlText(written), written);
        return;
      }
      case 'free-ext-link': {
        if (tooDeep(1)) return;
        const url = String(node);
        line.elementStarts();
        line.add(converts ? noConversion(escapeHtmlText(url)) : escapeHtmlText(url), url);
        return;
      }
      case 'ext': {
        if (node.name === 'nowiki' || node.name === 'pre') {
          const inner = node.childNodes.find((c) => c.type === 'ext-inner');
          const text = decodeCharReferences(inner ? String(inner) : '');
          // Preformatted text of one line in an item or a heading is an element of it.
          if (node.name === 'pre' && line.kind !== 'paragraph' && !text.includes('\n')) {
            line.add(`<pre>${escapeHtmlText(text)}</pre>`, text);
          } else if (node.name === 'nowiki') {
            // The parser's marker of a `<nowiki>` is text of its line, even where it holds none or
            // only spaces (which no trimming of the line takes); the language converter leaves its
            // text as written, markup and all.
            line.element = true;
            const shown = text === '' ? '' : `${UNCONVERTED_START}${escapeHtmlText(text)}${UNCONVERTED_END}`;
            line.add(`${NOWIKI_MARK}${shown}`, text);
          } else line.add(escapeHtmlText(text), text);
        } else if (!DROPPED_EXTENSIONS.has(node.name ?? '')) {
          const inner = node.childNodes.find((c) => c.type === 'ext-inner');
          if (inner) for (const c of inner.childNodes) inline(c);
        }
        return;
      }
      case 'html':
        htmlTag(node);
        return;
      default:
        for (const c of node.childNodes ?? []) inline(c);
    }
  };

  /** The title a call shows when it names a page that does not exist; undefined otherwise. */
  const missingTemplate = (node: WikiNode): string | undefined => {
    if (missingTemplates.size === 0) return undefined;
    let name = String(node.childNodes[0] ?? '').trim();
    if (/^safesubst:/i.test(name)) name = name.slice('safesubst:'.length).trim();
    if (/[{}]|^subst:/i.test(name)) return undefined;
    const title = titles.parseOrUndefined(name, { defaultNamespace: NS_TEMPLATE });
    if (title === undefined || title.interwiki !== '') return undefined;
    return missingTemplates.has(`${title.namespace}:${title.dbKey}`) ? titles.prefixedText(title) : undefined;
  };

  /**
   * A file shown in the text (not framed or floating) that does not exist is a link to its
   * upload, labelled with its caption as text, or its title without one; one that exists shows
   * nothing the extract keeps.
   */
  const missingFileLink = (node: WikiNode): void => {
    if (missingTemplates.size === 0 || isBlockFile(node, language)) return;
    const [target = '', ...parameters] = String(node).slice(2, -2).split('|');
    const title = linkTitle(titles, target);
    if (title === undefined || title.interwiki !== '' || !missingTemplates.has(`${NS_FILE}:${title.dbKey}`)) return;
    const caption =
      parameters
        .filter((p) => !isFileOption(p.trim(), language))
        .at(-1)
        ?.trim() ?? '';
    // The caption is read as text within the line (a `#` at its start is no list); its links
    // and formatting give their text.
    const label =
      caption === ''
        ? titles.prefixedText(title)
        : /\[\[|''|</.test(caption)
          ? wikitextBlocks(caption, titles)
              .map((b) => b.text)
              .join(' ')
              .trim()
          : decodeCharReferences(caption);
    line.elementStarts();
    line.add(escapeHtmlText(label), label);
  };

  /** What a link shows: a file, nothing (a category or language link) or text. */
  const linkShows = (node: WikiNode): 'file' | 'none' | 'text' => {
    if (node.type === 'file') return 'file';
    if (node.type === 'category') return 'none';
    const targetNode = node.childNodes.find((c) => c.type === 'link-target');
    const target = targetNode ? String(targetNode) : '';
    if (target.trimStart().startsWith(':')) return 'text';
    const title = linkTitle(titles, target);
    if (!title) return 'text';
    if (title.namespace === NS_FILE && title.interwiki === '') return 'file';
    if (title.namespace === NS_CATEGORY && title.interwiki === '') return 'none';
    return isLanguageLink(title) ? 'none' : 'text';
  };
  /** A link to another language's page, which the page lists (on a talk page, a link like others). */
  const isLanguageLink = (title: { interwiki: string }): boolean =>
    !page.talkPage && title.interwiki !== '' && isLanguageCode(title.interwiki);

  /** A wiki link shows its label or its target; files, categories and language links show nothing. */
  const linkText = (node: WikiNode): void => {
    const targetNode = node.childNodes.find((c) => c.type === 'link-target');
    const target = targetNode ? String(targetNode) : '';
    const leadingColon = target.trimStart().startsWith(':');
    const title = linkTitle(titles, leadingColon ? target.trimStart().slice(1) : target);
    if (!leadingColon && title) {
      if (title.namespace === NS_FILE) {
        missingFileLink(node);
        return;
      }
      if (title.namespace === NS_CATEGORY) return;
      if (isLanguageLink(title)) return;
    }
    const label = node.childNodes.find((c) => c.type === 'link-text');
    if (/[{}[\]<>]/.test(decodeCharReferences(target.replace(/<!--[\s\S]*?-->/g, '')))) {
      // A target no title can have (a parameter left, `{{{1}}}`) is no link: it shows as written.
      const written = `[[${decodeCharReferences(target)}`;
      line.add(escapeHtmlText(written), written);
      if (label) {
        line.add('|', '|');
        for (const c of label.childNodes) inline(c);
      }
      line.add(']]', ']]');
      return;
    }
    // A link is an element of its line: a label of spaces keeps its paragraph.
    line.element = true;
    line.elementStarts();
    if (label) {
      const outside = line.labelStarts();
      labels++;
      for (const c of label.childNodes) inline(c);
      labels--;
      line.endHiddenBlocks();
      line.labelEnds(outside);
      line.keepSoFar();
      return;
    }
    // A link without a label shows its target as written, fragment included, without the spaces
    // before it (nor the colon after them).
    const written = target.replace(/^ +/, '');
    const shown = decodeCharReferences(leadingColon ? written.slice(1) : written);
    line.add(escapeHtmlText(shown), shown);
    line.keepSoFar();
  };

  /** A block quote being read ends with the line read. */
  const endQuote = (ended: NonNullable<typeof quote>) => {
    line.closeAll();
    ended.lines.push(line.html);
    blocks.push({
      kind: 'block',
      level: 0,
      marker: '',
      html: quoteHtml(ended.before, ended.lines),
      text: '',
      newlineInside,
    });
  };
  const quotes = simpleQuotes(root.childNodes);
  for (const [index, node] of root.childNodes.entries()) {
    if (halted) break;
    if (quotes.has(index) && line.kind === 'paragraph' && quote === undefined) {
      // A block quote is an element of its own: it ends the paragraph before it.
      line.closeAll();
      flushParagraph();
      quote = { before: tidiedRun(line.html, line.firstContent === 'element'), lines: [] };
      newlineInside = quote.before.opens && line.firstContent === 'text';
      line = new Line();
      continue;
    }
    if (quote !== undefined && isQuoteTag(node, true)) {
      endQuote(quote);
      quote = undefined;
      // The rest of the closing tag's line is no empty line.
      line = new Line();
      line.gone = true;
      continue;
    }
    if (node.type === 'text') {
      const parts = (node.data ?? '').split('\n');
      parts.forEach((part, i) => {
        if (i > 0) endLine();
        if (part.startsWith(' ') && line.isFresh()) line.indented = true;
        if (phpTrim(part) !== '') line.hadSource = true;
        inline({ ...node, type: 'text', data: part, childNodes: [] });
      });
      continue;
    }
    // A behaviour switch, or a magic word that only sets something (the sort key, the shown
    // title), leaves its line empty; a template call whose name is a magic word is one.
    if (node.type === 'double-underscore' && !unknownTags.has(String(node).toUpperCase())) continue;
    const magic = magicWordOf(node, language);
    if (magic !== undefined && SILENT_MAGIC_WORDS.has(magic)) continue;
    const shows = node.type === 'link' || node.type === 'file' || node.type === 'category' ? linkShows(node) : 'text';
    if (shows === 'none') {
      // A category or language link takes the spaces and empty lines before it away (and its
      // own line, when it stands alone on it).
      if (phpTrim(line.text) === '' && line.kind === 'paragraph') {
        if (paragraph.length === 0) while (blocks.at(-1)?.kind === 'blank') blocks.pop();
        const before = paragraph.at(-1) ?? blocks.at(-1);
        // With nothing before it, the line break after it is the text's first: an empty line.
        line.gone = before !== undefined;
        if (before instanceof Line) before.trimEnd();
        else if (before?.kind === 'paragraph' && before.endsInText) {
          before.html = phpTrimEnd(before.html);
          before.text = phpTrimEnd(before.text);
        }
      } else line.trimEnd();
      continue;
    }
    if (node.type === 'ext' && node.name === 'pre' && line.kind === 'paragraph') {
      // Preformatted text is an element of its own, which the extract keeps, without the line
      // break that opens it.
      const inner = node.childNodes.find((c) => c.type === 'ext-inner');
      const text = decodeCharReferences(inner ? String(inner) : '').replace(/^\r?\n/, '');
      blockMet(`<pre>${escapeHtmlText(text)}</pre>`);
      continue;
    }
    if (node.type === 'hr') {
      // A horizontal rule is an element of its own, which the extract keeps.
      blockMet('<hr>');
      continue;
    }
    if (node.type === 'ext' && node.name === 'references') {
      // A list of references is an element of its own when it lists any; else it shows nothing.
      const group = /\sgroup\s*=\s*["']?([^"'/>]*)/i.exec(String(node).slice(0, String(node).indexOf('>')))?.[1];
      if (unlisted.delete(group?.trim() ?? '') || /<ref\b/i.test(String(node))) blockMet();
      continue;
    }
    if (node.type === 'comment') {
      // A comment alone on its line takes the line with it; a table ends the paragraph.
      if (tableLinks(String(node)) !== undefined) blockMet();
      else if (String(node) === TOC_MARK) line.toc = true;
      else if (referenceLabel(String(node)) !== undefined) {
        // A reference is an element of its line, which the extract leaves empty.
        line.element = true;
        line.hadSource = true;
      } else {
        // Its line goes with it when a line break follows it (spaces aside): last in the text,
        // the line stays, an empty one.
        const next = root.childNodes[index + 1];
        line.gone = next !== undefined && (next.type !== 'text' || /^[ \t]*\n/.test(String(next)));
      }
    } else if (node.type === 'template' && magic === undefined && missingTemplate(node) === undefined) {
      // An element left out of a list item leaves the item without it; what follows it keeps
      // its space.
      if (line.kind === 'item') {
        if (phpTrim(line.text) === '' && !line.leftOutFirst) {
          line.leftOutFirst = true;
          line.html = '';
          line.text = '';
        }
        line.hadSource = true;
      } else blockMet();
    } else line.hadSource = true;
    // A framed or aligned file stands in an element of its own, which ends the paragraph.
    if (shows === 'file') {
      if (isBlockFile(node, language)) blockMet();
      else line.media = true;
    }
    if (node.type === 'heading' && phpTrim(line.text) === '') {
      line.kind = 'heading';
      line.level = node.level ?? 2;
      const title = node.childNodes.find((c) => c.type === 'heading-title');
      for (const c of title?.childNodes ?? []) inline(c);
      // The lines of tables and comments after the heading are read with it (wikiparser-node's
      // trail of the heading): a table's line is an element of its own after the heading; a line
      // holding a reference is a line of a paragraph (the reference an element of it); an empty
      // line after the first such line counts as one, those before go as other lines of comments do.
      const trail = node.childNodes.find((c) => c.type === 'heading-trail');
      const trailLines = trail === undefined ? [] : String(trail).split('\n').slice(1);
      if (trailLines.some((after) => TABLE_COMMENT.test(after) || after.includes('<!--ref '))) {
        let metContent = false;
        for (const after of trailLines) {
          endLine();
          const comments = [...after.matchAll(/<!--[^>]*-->/g)].map((m) => m[0]);
          for (const comment of comments) {
            const label = referenceLabel(comment);
            if (TABLE_COMMENT.test(comment)) {
              numbered += tableLinks(comment) ?? 0;
              blockMet();
            } else if (label !== undefined) {
              referenceMet(label);
              line.element = line.hadSource = true;
            }
          }
          line.gone = (comments.length > 0 || !metContent) && !line.element && !line.block;
          metContent ||= line.block || line.element;
        }
      }
      continue;
    }
    if (node.type === 'ext' && node.name === 'gallery') {
      // A gallery is an element of its own, of which the extract keeps the list.
      blockMet(
        galleryHtml(String(node), titles, (caption) =>
          wikitextBlocks(caption, titles, missingTemplates, unknownTags)
            .map((b) => b.html)
            .join(''),
        ),
      );
      continue;
    }
    if (node.type === 'dd' && line.kind === 'item' && line.marker.endsWith(';')) {
      // `; term : definition`: the term ends its item, the definition is the next one.
      const marker = line.marker;
      endLine();
      line.kind = 'item';
      line.marker = `${marker.slice(0, -1)}:`;
      line.level = marker.length;
      line.hadSource = true;
      continue;
    }
    if (node.type === 'list' && phpTrim(line.text) === '' && line.kind === 'paragraph') {
      const marker = String(node).trim();
      line.kind = 'item';
      line.marker = marker;
      line.level = marker.length;
      continue;
    }
    inline(node);
  }
  // A text stopped at the start of a line ends with the line before; stopped in a line, with no
  // line break after what the line had.
  const haltedInLine = halted && (line.html !== '' || line.text !== '');
  // Stopped in a block quote, the quote ends there.
  if (quote !== undefined) endQuote(quote);
  else if (!halted || haltedInLine) endLine();
  flushParagraph();
  const stoppedIn = blocks.at(-1);
  if (haltedInLine && quote === undefined && stoppedIn !== undefined) stoppedIn.halted = true;
  held.atEnd(blocks);
  // The HTML tidying closes the block elements still open where the text ends.
  const last = blocks.at(-1);
  if (last !== undefined && keptBlocks.length > 0) last.unclosed = endTags(keptBlocks);
  return withoutHiddenBlockMarks(blocks);
}

/**
 * A run of inline content standing outside any paragraph, between elements of their own on a
 * line, as the parser's HTML tidying writes it: in a paragraph when it holds more than spaces
 * (`opens`, the paragraph left open); spaces before an element that starts it (a link, italics)
 * stay outside, those before text go in with it.
 */
function tidiedRun(
  run: string,
  elementFirst: boolean,
  elementsFirst: readonly boolean[] = [],
): { html: string; opens: boolean } {
  if (run.includes(HIDDEN_BLOCK_START)) {
    // Block elements of links' labels end the run before them, and start another after them
    // (`elementsFirst`: whether each of those starts with an element).
    const [first = '', ...parts] = run.split(HIDDEN_BLOCK_START);
    const before = tidiedRun(first, elementFirst);
    let html = `${before.html}${before.opens ? '</p>' : ''}`;
    let opens = false;
    for (const [index, part] of parts.entries()) {
      const [element = '', after = ''] = part.split(HIDDEN_BLOCK_END);
      const tidied = tidiedRun(after, elementsFirst[index] === true);
      html += `${opens ? '</p>' : ''}${element}${tidied.html}`;
      opens = tidied.opens;
    }
    return { html, opens };
  }
  if (!/\S/.test(run)) return { html: run, opens: false };
  const spaces = elementFirst ? (/^\s*/.exec(run)?.[0] ?? '') : '';
  return { html: `${spaces}<p>${run.slice(spaces.length)}`, opens: true };
}

/**
 * Where a block element (`<center>`) in a wiki link's label starts and ends in a line's HTML.
 * MediaWiki's parser writes links after it has made its paragraphs, so that a paragraph holding
 * one goes on across it; the HTML tidying then ends the paragraph before the element, puts what
 * follows it in a paragraph of its own (text, not spaces only), and meets the end of the
 * parser's paragraph with none open: it writes an empty one there (`mw-empty-elt`).
 */
const HIDDEN_BLOCK_START = '\ue001';
const HIDDEN_BLOCK_END = '\ue002';

/**
 * A paragraph with block elements from links' labels, as the HTML tidying breaks it: the
 * parser's paragraph ends before the first of them.
 */
function brokenParagraph(block: Block, elementsFirst: readonly boolean[]): void {
  const cut = block.html.indexOf(HIDDEN_BLOCK_START);
  const rest = tidiedRun(block.html.slice(cut), false, elementsFirst);
  block.html = `${block.html.slice(0, cut)}</p>${rest.html}`;
  block.broken = { opens: rest.opens };
}

/**
 * For each block element of a link's label in a paragraph's lines, whether what comes first after
 * it starts with an element: on its line, or else on the first of the next lines with anything.
 */
function hiddenElementsFirst(lines: readonly Line[]): boolean[] {
  const firsts: boolean[] = [];
  lines.forEach((line, index) => {
    for (const first of line.afterHidden) {
      const next = first === 'none' ? lines.slice(index + 1).find((l) => l.firstContent !== undefined) : undefined;
      firsts.push(first === 'element' || next?.firstContent === 'element');
    }
  });
  return firsts;
}

const HIDDEN_BLOCK_MARKS = new RegExp(`[${HIDDEN_BLOCK_START}${HIDDEN_BLOCK_END}]`, 'g');

/** Blocks without the marks of the block elements in links' labels the paragraphs did not break. */
function withoutHiddenBlockMarks(blocks: Block[]): Block[] {
  for (const block of blocks) {
    block.html = block.html.replace(HIDDEN_BLOCK_MARKS, '');
    if (block.after !== undefined) block.after = block.after.replace(HIDDEN_BLOCK_MARKS, '');
  }
  return blocks;
}

/** The end tags of elements open in this order, innermost first. */
function endTags(tags: readonly string[]): string {
  return tags
    .map((tag) => `</${tag}>`)
    .reverse()
    .join('');
}

/**
 * Where a reference stood in a line's HTML: MediaWiki's parser armors French spaces while the
 * reference is still in the text (as a marker, later its `<sup>`), so a space before it is no
 * space before the punctuation after it. Taken out once the spaces are armored (extract.ts).
 */
export const REFERENCE_TRACE = '\ue000';

/**
 * For each `'''''` of the text, the length of the quotes after it on its line (0 at the line's end).
 * Met with neither bold nor italics open, MediaWiki's parser opens both only when it reads those:
 * bold first when they close italics (`''`) or the line ends there, italics first otherwise.
 * Quotes in an extension's body (a reference) and in a link's label are parsed apart and not counted.
 */
const APART = new Set(['ext', 'link', 'file', 'category']);

function quotesAfterBoth(root: WikiNode): Map<WikiNode, number> {
  const after = new Map<WikiNode, number>();
  let waiting: WikiNode | undefined;
  const visit = (node: WikiNode) => {
    if (node.type === 'text') {
      if (waiting !== undefined && (node.data ?? '').includes('\n')) {
        after.set(waiting, 0);
        waiting = undefined;
      }
    } else if (node.type === 'quote') {
      const length = String(node).length;
      if (waiting !== undefined) after.set(waiting, length);
      waiting = length >= 5 ? node : undefined;
    } else if (!APART.has(node.type)) for (const child of node.childNodes ?? []) visit(child);
  };
  visit(root);
  if (waiting !== undefined) after.set(waiting, 0);
  return after;
}

/** Whether a node is a `<blockquote>` tag, start or end. */
function isBlockquote(node: WikiNode): boolean {
  return node.type === 'html' && (node.name ?? '').toLowerCase() === 'blockquote';
}

/** Whether a node is a `<blockquote>` tag (`closing`: `</blockquote>`). */
function isQuoteTag(node: WikiNode, closing: boolean): boolean {
  return isBlockquote(node) && node.closing === closing;
}

/**
 * The positions of the `<blockquote>` tags among `nodes` whose quote holds lines of text only (no
 * empty line, list, heading, table or line indented by a space, nothing after its end tag on the
 * line): those the extract writes as MediaWiki's parser does, see quoteHtml.
 */
function simpleQuotes(nodes: readonly WikiNode[]): Set<number> {
  const simple = new Set<number>();
  for (const [start, node] of nodes.entries()) {
    if (!isQuoteTag(node, false)) continue;
    // The next tag of a quote, looked for from this one on.
    let end = start + 1;
    while (end < nodes.length && !isBlockquote(nodes[end] as WikiNode)) end++;
    if (end === nodes.length || !isQuoteTag(nodes[end] as WikiNode, true)) continue;
    const inside = nodes.slice(start + 1, end);
    const source = inside.map(String).join('');
    const after = String(nodes[end + 1] ?? '').split('\n')[0] as string;
    if (
      inside.some(
        (n) =>
          QUOTE_BREAKERS.has(n.type) ||
          (n.type === 'ext' && (n.name === 'gallery' || n.name === 'pre')) ||
          (n.type === 'html' && !INLINE_TAGS.has((n.name ?? '').toLowerCase()) && n.name !== 'br'),
      ) ||
      /\n[ \t]*\n|\n[ *#:;={]/.test(source) ||
      after.trim() !== ''
    ) {
      continue;
    }
    simple.add(start);
  }
  return simple;
}

/** Block elements written as HTML that the extract keeps: each an element of its own on its line. */
const KEPT_BLOCK_TAGS = new Set(['center', 'blockquote', 'ol', 'ul', 'li', 'dl', 'dt', 'dd', 'p']);
/** Those whose start tag makes the parser take the lines after it as the element's (its openMatch). */
const OPENING_BLOCK_TAGS = new Set(['p', 'ul', 'ol', 'dl', 'li']);

/** Nodes that make a quote other than lines of text. */
const QUOTE_BREAKERS = new Set(['heading', 'list', 'dd', 'table', 'hr']);

/**
 * A block quote as MediaWiki's parser writes one whose lines are text only: the first line (after
 * the tag) and the last (before the end tag) stand in the quote as they are, the lines between in a
 * paragraph; its tidying then wraps each run of text in the quote (and the text before it on its
 * line) in a paragraph of its own.
 */
function quoteHtml(before: { html: string; opens: boolean }, lines: readonly string[]): string {
  const wrapped = (run: string) => (/\S/.test(run) ? `<p>${run}</p>` : run);
  const [first = '', ...rest] = lines;
  const last = rest.pop();
  let inside: string;
  if (last === undefined) inside = wrapped(first);
  else if (rest.length === 0) inside = wrapped(`${first}\n${last}`);
  else inside = `${wrapped(`${first}\n`)}<p>${rest.join('\n')}\n</p>${wrapped(`\n${last}`)}`;
  return `${before.html}${before.opens ? '</p>' : ''}<blockquote>${inside}</blockquote>`;
}

/**
 * Where a `<nowiki>` stood: a paragraph of nothing else but white space is one the HTML tidying
 * marks empty (`mw-empty-elt`), as it marks one of white space only (extract.ts takes it out).
 */
export const NOWIKI_MARK = '\ue005';

/**
 * A text the language converter shows as written: MediaWiki's `markNoConversion`, which leaves a
 * text holding the markup after its start as it is.
 */
function noConversion(text: string): string {
  return text.indexOf('-{') > 0 || text.indexOf('}-') > 0 ? text : `-{R|${text}}-`;
}

/** What `__TOC__` becomes: a comment that marks where the table of contents stands. */
export const TOC_MARK = '<!--toc-->';

/** Behaviour switches of extensions, by the extension that reads them. */
const EXTENSION_SWITCHES: Record<string, string> = {
  __DISAMBIG__: 'Disambiguator',
  __EXPECTED_UNCONNECTED_PAGE__: 'WikibaseClient',
  __NOGLOBAL__: 'GlobalUserPage',
};

/** Parser functions of extensions, by the extension that reads them. */
const EXTENSION_FUNCTIONS: Record<string, string> = {
  '#invoke': 'Scribunto',
  '#property': 'Wikibase',
  '#statements': 'Wikibase',
  '#babel': 'Babel',
  '#lst': 'LabeledSectionTransclusion',
  '#lsth': 'LabeledSectionTransclusion',
  '#lstx': 'LabeledSectionTransclusion',
};

/** The name a parser function is called by (`#invoke`), lower case. */
function functionName(node: WikiNode): string {
  return String(node.childNodes[0] ?? '')
    .trim()
    .toLowerCase();
}

/** Magic words that show nothing. */
const SILENT_MAGIC_WORDS = new Set(['defaultsort', 'displaytitle']);

/** The magic word a node is (`defaultsort`), as wikiparser-node or the wiki's synonyms name it. */
function magicWordOf(node: WikiNode, language: string): string | undefined {
  if (node.type === 'magic-word') return node.name;
  if (node.type !== 'template') return undefined;
  const name = String(node.childNodes[0] ?? '').trim();
  const colon = name.indexOf(':');
  const magicWords = magicWordsOf(language);
  return (
    magicWords.idOf(name) ??
    (colon > 0 ? (magicWords.idOf(`${name.slice(0, colon)}:`) ?? magicWords.idOf(name.slice(0, colon))) : undefined)
  );
}

/** Tags of extensions, by the extension that reads them. */
const EXTENSION_TAGS: Record<string, string> = {
  math: 'Math',
  chem: 'Math',
  ce: 'Math',
  syntaxhighlight: 'SyntaxHighlight_GeSHi',
  source: 'SyntaxHighlight_GeSHi',
  score: 'Score',
  graph: 'Graph',
  templatedata: 'TemplateData',
  poem: 'Poem',
  ref: 'Cite',
  references: 'Cite',
  categorytree: 'CategoryTree',
  imagemap: 'ImageMap',
  inputbox: 'InputBox',
  timeline: 'EasyTimeline',
  hiero: 'WikiHiero',
};

/**
 * The text with the tags of extensions the wiki lacks (see tagsOfMissingExtensions) made text
 * (`&lt;timeline>`): the parser shows such a tag as written and reads what it encloses as any
 * other wikitext.
 */
export function withUnknownTagsAsText(wikitext: string, unknownTags: ReadonlySet<string>): string {
  const names = [...unknownTags].filter((tag) => /^[a-z]+$/.test(tag));
  if (names.length === 0 || !wikitext.includes('<')) return wikitext;
  return wikitext.replace(new RegExp(`<(/?(?:${names.join('|')}))(?=[\\s/>])`, 'gi'), '&lt;$1');
}

/**
 * The extension tags, the behaviour switches (`__DISAMBIG__`) and the parser functions
 * (`#invoke`) that a wiki with these extensions does not know: an extract shows them as written.
 */
export function tagsOfMissingExtensions(extensions: readonly string[]): Set<string> {
  const known = { ...EXTENSION_TAGS, ...EXTENSION_SWITCHES, ...EXTENSION_FUNCTIONS };
  return new Set(Object.keys(known).filter((tag) => !extensions.includes(known[tag] as string)));
}

/** A language's file options (language-facts.ts), by what they do to the file link. */
interface FileOptions {
  /** Those that put the file in an element of its own (a frame, or floating). */
  block: Set<string>;
  /** Those written with a value (`alt=$1`, `$1px`), as patterns matching them whole. */
  valued: RegExp[];
  /** The others. */
  plain: Set<string>;
}

const fileOptionsByLanguage = new Map<string, FileOptions>();

function fileOptions(language: string): FileOptions {
  let options = fileOptionsByLanguage.get(language);
  if (!options) {
    const words = magicWordList(language).filter(([id]) => id.startsWith('img_'));
    const synonyms = words.flatMap(([, , names]) => names);
    const blockIds = ['img_thumbnail', 'img_framed', 'img_left', 'img_right', 'img_center', 'img_none'];
    options = {
      block: new Set(words.filter(([id]) => blockIds.includes(id)).flatMap(([, , names]) => names)),
      valued: words.flatMap(([id, , names]) =>
        names
          .filter((synonym) => synonym.includes('$1'))
          .map((synonym) => {
            const [before = '', after = ''] = synonym.split('$1');
            const value = id === 'img_width' ? '\\d*(?:x\\d+)?\\s*' : '[\\s\\S]*';
            return new RegExp(`^${escapeRegExp(before)}${value}${escapeRegExp(after)}$`);
          }),
      ),
      plain: new Set(synonyms.filter((synonym) => !synonym.includes('$1'))),
    };
    fileOptionsByLanguage.set(language, options);
  }
  return options;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether a file link's parameter is one of its options (else it is the caption). */
function isFileOption(parameter: string, language: string): boolean {
  const options = fileOptions(language);
  return options.plain.has(parameter) || options.valued.some((pattern) => pattern.test(parameter));
}

function isBlockFile(node: WikiNode, language: string): boolean {
  const block = fileOptions(language).block;
  const text = String(node);
  return text
    .slice(2, -2)
    .split('|')
    .slice(1)
    .some((option) => block.has(option.trim()));
}

/** The title a link's target names, its percent-encoded characters decoded as the parser does. */
function linkTitle(titles: TitleCodec, target: string) {
  return titles.parseOrUndefined(target, { decodePercent: target.includes('%') });
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
