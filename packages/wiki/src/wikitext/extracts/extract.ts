/**
 * Text extracts as TextExtracts makes them: a page's lead section or whole text as simple HTML or
 * as plain text (headings as the section format asks), shortened to whole sentences or to a number
 * of characters (extended to the end of the word and followed by an ellipsis).
 */

import { decodeCharReferences } from '../../site/html-entities.js';
import { convertWithMarkup, type MarkupMessages } from '../../site/mediawiki/converter-markup.js';
import { languageConverter, UNCONVERTED_END, UNCONVERTED_START } from '../../site/mediawiki/language-variants.js';
import type { TitleCodec } from '../../site/title.js';
import { escapeHtmlText } from '../../text/escape.js';
import { armorFrenchSpaces } from '../../text/french-spaces.js';
import { phpTrim } from '../../text/php-trim.js';
import { parseRedirect } from '../extract-links.js';
import { magicWordList, magicWordsOf } from '../magic-words.js';
import { stripNonWikitext } from '../strip.js';
import { domAttribute } from './inline-html.js';
import { type LeanOptions, leanWikitext, numberedLinksInReferences } from './lean-wikitext.js';
import {
  type Block,
  NOWIKI_MARK,
  REFERENCE_TRACE,
  TOC_MARK,
  wikitextBlocks,
  withUnknownTagsAsText,
} from './wikitext-blocks.js';

export type SectionFormat = 'plain' | 'raw' | 'wiki';

export interface ExtractOptions {
  intro: boolean;
  plaintext: boolean;
  sectionFormat: SectionFormat;
  chars?: number;
  sentences?: number;
  /** What follows an extract cut to `chars` characters: the `ellipsis` message of the reader's language. */
  ellipsis?: string;
  /** The page is a talk page, where language links are links like others (shown as their target). */
  talkPage?: boolean;
  /**
   * With `intro`: the text is the lead section already, as MediaWiki's parser is given it (the
   * page's own text before its first heading, `cut`, or all of it, `whole`, when it has none),
   * whose templates' headings are headings of the extract like any other: it is cut nowhere.
   */
  leadGiven?: 'cut' | 'whole';
  /**
   * On a wiki whose language has variants: the variant the extract is shown in (its `-{…}-`
   * markup read, its text converted), and the texts of the markup's errors.
   */
  conversion?: { language: string; variant: string; messages: MarkupMessages };
}

const ELLIPSIS = '…';
/** The first line of the parser's limit report (`<!-- ` and a line break), trimmed. */
const LIMIT_REPORT_OPENING = '<!--';
/** By language: `__TOC__` in any of its names. */
const tocSwitches = new Map<string, RegExp>();

function tocSwitch(language: string): RegExp {
  let pattern = tocSwitches.get(language);
  if (!pattern) {
    const names = magicWordList(language).find(([id]) => id === 'toc')?.[2] ?? ['__TOC__'];
    pattern = new RegExp(names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'i');
    tocSwitches.set(language, pattern);
  }
  return pattern;
}
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
 * transcluded pages that do not exist and the linked files that have none (`namespace:dbKey`),
 * which show as their title (a file shown in the text as its caption, when it has one);
 * `unknownTags` the tags of extensions the wiki lacks, which show as written.
 */
export function extractOfWikitext(
  wikitext: string,
  options: ExtractOptions,
  titles: TitleCodec,
  missingTemplates: ReadonlySet<string> = new Set(),
  unknownTags: ReadonlySet<string> = new Set(),
): string {
  const redirect = parseRedirect(wikitext, titles);
  const text = redirect ? redirect.rest.trimStart() : wikitext;
  try {
    const source = withUnknownTagsAsText(text, unknownTags);
    const magicWords = magicWordsOf(titles.site.language);
    const toc = tocSwitch(titles.site.language);
    // Those in a table count too, though the extract leaves the table out; those in comments and
    // tags whose body is not wikitext do not. `__NOCONTENTCONVERT__` leaves the text as written,
    // its markup too.
    const switches =
      options.conversion !== undefined || !options.intro
        ? magicWords.switchesIn(stripNonWikitext(source).text)
        : undefined;
    const unconverted = options.conversion !== undefined && switches?.has('nocontentconvert') === true;
    const lead: LeanOptions = { leadOnly: options.intro && options.leadGiven === undefined, tocSwitch: toc };
    const lean = leanWikitext(source, lead);
    // The table of contents stands where `__TOC__` does (the extract leaves it out, not its place),
    // in a table when the first one is in one.
    const placed = literalParameters(lead.tocInTable === true ? lean : lean.replace(toc, TOC_MARK));
    // The lead section is parsed alone, without the list of references.
    const numberedBefore = options.intro ? 0 : numberedLinksInReferences(source);
    return makeExtract(
      wikitextBlocks(magicWords.withoutSwitches(placed), titles, missingTemplates, unknownTags, numberedBefore, {
        talkPage: options.talkPage === true,
        converted: options.conversion !== undefined && !unconverted,
      }),
      unconverted ? { ...options, conversion: undefined } : options,
      options.intro ? undefined : switches,
      options.leadGiven === undefined ? lead.cut === true : options.leadGiven === 'cut',
      redirect !== undefined,
      {
        headings: lead.tableHeadings ?? 0,
        // Where no `__TOC__` places it, the table of contents stands before the first heading.
        toc: lead.tocInTable ?? (toc.test(lean) ? false : lead.firstHeadingInTable === true),
      },
    );
  } catch {
    return '';
  }
}

/**
 * A page's lead section as MediaWiki's parser is given it for a lead's extract: its own text
 * before its first heading (headings that templates make do not count), or all of it.
 */
export function leadSection(text: string): { text: string; leadGiven: 'cut' | 'whole' } {
  const lead: LeanOptions = { leadOnly: true };
  leanWikitext(text, lead);
  return lead.cutAt === undefined
    ? { text, leadGiven: 'whole' }
    : { text: text.slice(0, lead.cutAt), leadGiven: 'cut' };
}

/**
 * The text with the parameters its expansion left (`{{{1}}}`, on a template's own page) written
 * with their braces as character references: the parser shows them as written and reads them as
 * text, part of an external link's address or of a link's target like any other characters.
 */
function literalParameters(text: string): string {
  if (!text.includes('{{{')) return text;
  return text.replace(/\{\{\{[^{}]*\}\}\}/g, (parameter) =>
    parameter.replaceAll('{', '&#123;').replaceAll('}', '&#125;'),
  );
}

/**
 * `switches`: the behaviour switches of the page (`notoc`, `forcetoc`), which decide whether
 * it shows a table of contents (with four headings or more, unless switched off). `leadCut`:
 * the lead section ended at a heading (a page without one is its own lead, empty lines and all).
 * `parsedAnew`: the page is one MediaWiki parses anew for each extract (a redirect), so that its
 * HTML is followed by the parser's limit report, and the whole page's by the parser cache's note
 * of its save, a comment whose "revision id N." is a sentence end: asked for more sentences than
 * the text has, the cut falls there, and the extract is the whole text with the parser's notes
 * after it; a lead section without text is the report alone, whose first line is the extract
 * cut to sentences, and whose `<` the extract cut to one character. `tables`: how many headings
 * the text's tables hold (they count for the table of contents), and whether the table of
 * contents stands in one (and goes with it).
 */
export function makeExtract(
  allBlocks: readonly Block[],
  options: ExtractOptions,
  switches: ReadonlySet<string> = new Set(),
  leadCut = true,
  parsedAnew = false,
  tables: { headings: number; toc: boolean } = { headings: 0, toc: false },
): string {
  const firstHeading = allBlocks.findIndex((b) => b.kind === 'heading');
  const cutsAtHeading = options.intro && options.leadGiven === undefined && firstHeading >= 0;
  const blocks = cutsAtHeading ? allBlocks.slice(0, firstHeading) : [...allBlocks];
  // A lead section ended by a heading is parsed on its own, without the empty lines that end it.
  const sectionCut = options.intro && (leadCut || cutsAtHeading);
  if (sectionCut) {
    // What the section left open (the text's end, when the text was cut before its first heading).
    const { unclosed, heldAtEnd } = cutsAtHeading ? {} : (allBlocks.at(-1) ?? {});
    while (blocks.at(-1)?.kind === 'blank') blocks.pop();
    const last = blocks.at(-1);
    if (last !== undefined && (unclosed !== undefined || heldAtEnd !== undefined)) {
      blocks[blocks.length - 1] = { ...last, unclosed, heldAtEnd };
    }
  }
  const headings = allBlocks.filter((b) => b.kind === 'heading').length + tables.headings;
  const toc =
    !options.intro &&
    !tables.toc &&
    headings > 0 &&
    (switches.has('forcetoc') || switches.has('toc') || (headings >= 4 && !switches.has('notoc')));
  const parsed = shownInVariant(simpleHtml(blocks, toc, sectionCut), options.conversion);
  if (options.plaintext) {
    // Plain text has no no-break spaces to armor: its spaces stay spaces.
    let text = plainText(parsed.replaceAll(REFERENCE_TRACE, ''));
    if (options.chars !== undefined) text = firstPlainChars(text, options.chars, options.ellipsis ?? ELLIPSIS);
    else if (options.sentences !== undefined) text = firstSentences(text, options.sentences);
    return withSections(text, options.sectionFormat);
  }
  const html = armorFrenchSpaces(parsed, '\u00a0').replaceAll(REFERENCE_TRACE, '');
  if (options.chars !== undefined) {
    // Text without HTML is followed by the parser's limit report alone: cut to one character,
    // the report leaves its `<`, which the tidying makes a paragraph's text (a longer cut is a
    // comment, which the service does not write).
    if (parsedAnew && html === '' && options.chars === 1) return `<p>&lt;</p>${options.ellipsis ?? ELLIPSIS}`;
    const kept = firstChars(html, options.chars);
    return kept === html ? html : balancedHtml(kept) + (options.ellipsis ?? ELLIPSIS);
  }
  if (options.sentences !== undefined) {
    if (parsedAnew && !options.intro && sentenceEnds(html) < options.sentences) return html;
    if (parsedAnew && options.intro && html === '') return LIMIT_REPORT_OPENING;
    // Without a sentence end, the first line is taken as it is, without balancing.
    const kept = firstSentences(html, options.sentences);
    return hasSentenceEnd(html) ? balancedHtml(kept) : kept;
  }
  return html;
}

/** A paragraph of white space and marks of `<nowiki>` only. */
const EMPTY_PARAGRAPH = new RegExp(`<p>([\\s${NOWIKI_MARK}]*)<\\/p>`, 'g');

/** What the converter shows for a faulty rule or rules nested too deep. */
const CONVERTER_ERROR = /<span class="error">[^<]*<\/span>/g;

/**
 * The parser's HTML as MediaWiki's converter gives it before tidying: in the variant asked for,
 * its `-{…}-` markup read; the text a `<nowiki>` held left as written.
 */
function shownInVariant(html: string, conversion: ExtractOptions['conversion']): string {
  const converter = conversion === undefined ? undefined : languageConverter(conversion.language);
  const shown =
    converter === undefined || conversion === undefined
      ? html
      : convertWithMarkup(converter, html, conversion.variant, conversion.messages);
  // The extract leaves out elements of the class `error`: those of faulty rules too.
  let kept = converter === undefined ? shown : shown.replace(CONVERTER_ERROR, '');
  if (kept.includes(UNCONVERTED_START)) kept = kept.replaceAll(UNCONVERTED_START, '').replaceAll(UNCONVERTED_END, '');
  if (!kept.includes(NOWIKI_MARK)) return kept;
  // A paragraph of a `<nowiki>` and white space is empty to the HTML tidying.
  return kept
    .replace(EMPTY_PARAGRAPH, (paragraph, inside: string) =>
      inside.includes(NOWIKI_MARK) ? `<p class="mw-empty-elt">${inside.replaceAll(NOWIKI_MARK, '')}</p>` : paragraph,
    )
    .replaceAll(NOWIKI_MARK, '');
}

/** What PHP's trim takes off both ends: ASCII white space and NUL, not other spaces (U+FEFF). */
const PHP_TRIMMED = /^[ \t\n\r\0\v]+|[ \t\n\r\0\v]+$/g;

const SECTION_START = '\u0001\u0002';
const SECTION_END = '\u0002\u0001';

/**
 * The plain text of an HTML extract, as TextExtracts makes it: each heading on a line of its own
 * after an empty one, marked with its level; tags and comments left out, entities decoded,
 * no-break spaces as spaces; never more than one empty line in a row.
 */
function plainText(html: string): string {
  const marked = html.replace(/\s*(<h([1-6])\b)/gi, `\n\n${SECTION_START}$2${SECTION_END}$1`);
  const flat = marked.replace(/<!--[\s\S]*?-->/g, '').replace(/<\/?[?!]?[a-z0-9]+\b[^>]*>/gi, '');
  return decodeCharReferences(flat)
    .replaceAll('\u00a0', ' ')
    .replaceAll('\r', '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(PHP_TRIMMED, '');
}

/** The marked headings of a plain text extract as the section format asks. */
function withSections(text: string, format: SectionFormat): string {
  if (format === 'raw') return text;
  const marker = new RegExp(`${SECTION_START}(\\d)${SECTION_END}(.*)`, 'g');
  return text.replace(marker, (_, level: string, heading: string) => {
    if (format === 'plain') return `\n${heading.trim()}`;
    const bars = '='.repeat(Number(level));
    return `\n${bars} ${heading.trim()} ${bars}`;
  });
}

/**
 * The blocks as MediaWiki's parser makes paragraphs of lines: each line of a paragraph ends with a
 * newline; one empty line between two paragraphs closes one and opens the next (`</p><p>`), a
 * second one adds a paragraph holding a line break; headings and lists close the paragraph before
 * them (`</p>` and a newline). `withToc`: the page shows a table of contents.
 */
function simpleHtml(blocks: readonly Block[], withToc: boolean, sectionCut = false): string {
  const headings = new HeadingsAndToc(
    withToc,
    blocks.some((b) => b.kind === 'toc'),
  );
  let html = '';
  let inParagraph = false;
  /** What opens the paragraph of the next line, when an empty line was met. */
  let pending: string | undefined;
  /** Whether preformatted text is open (a `pre` element, closed as a paragraph is), and the end tags held around it. */
  let [inPre, preWrap] = [false, ''];
  /** Whether the text after a block's element is open in the paragraph tidying gave it. */
  let afterBlock = false;
  const closeAfterBlock = () => {
    if (afterBlock) html += '</p>';
    afterBlock = false;
  };
  /** How a paragraph that a block element in a link's label broke ends (see Block's `broken`). */
  let broken: Block['broken'];
  /** The end tags of the elements the paragraph's lines left open (see Block's `closing`). */
  let closing = '';
  /** Those of formatting elements held around a run of paragraphs, after its last (see Block's `runWrap`). */
  let runClose = '';
  const paragraphEnd = () => {
    const end = broken === undefined ? '</p>' : `${broken.opens ? '</p>' : ''}<p class="mw-empty-elt"></p>`;
    broken = undefined;
    const tags = closing + end + runClose;
    closing = '';
    runClose = '';
    return tags;
  };
  /** What a pending paragraph opening writes: the end of the paragraph before it, when it has one. */
  const opening = (tags: string) => (tags === '</p><p>' ? `${paragraphEnd()}<p>` : tags);
  const closeParagraph = () => {
    closeAfterBlock();
    if (inParagraph) html += `${paragraphEnd()}\n`;
    if (inPre) html += `</pre>${preWrap}\n`;
    inParagraph = false;
    inPre = false;
    preWrap = '';
  };
  const lists = new ListNesting();
  const written: string[] = [];
  for (const block of blocks) {
    html = setAside(html, written);
    if (block.kind === 'item') {
      pending = undefined;
      closeParagraph();
      html = lists.writeItem(html, block);
      continue;
    }
    if (lists.isOpen()) html += lists.closeAllLine();
    if (block.kind === 'heading' || (block.kind === 'toc' && headings.tocToCome())) {
      pending = undefined;
      closeParagraph();
      html = headings.write(html, block);
    } else if (block.kind === 'block' || block.kind === 'toc') {
      // Where `__TOC__` stands without a table of contents, its mark is an element left out.
      pending = undefined;
      if (block.newlineInside && afterBlock) {
        // The text before the element continues the paragraph of the text after the last one.
        html += block.html.slice('<p>'.length);
        afterBlock = false;
      } else {
        closeParagraph();
        if (block.emptyWrap !== undefined || block.wrap !== undefined) {
          html = heldOpening(html, block.emptyWrap ?? block.wrap?.open ?? '');
        }
        // That paragraph starts with text, which the line break before the line joins.
        if (block.newlineInside && html.endsWith('\n')) html = joinedAfterBreak(html, block);
        else html += block.html;
      }
      // With no paragraph of the parser's open, the text's last line gets no line break after it: the text
      // after its element ends its paragraph as it is (elements left open at the end close before it).
      const lastLine = !sectionCut && block === blocks.at(-1) && block.unclosed === undefined;
      html += `${block.wrap?.close ?? ''}${block.after ?? ''}${lastLine ? '' : '\n'}`;
      afterBlock = block.afterOpens === true;
    } else if (block.kind === 'pre') {
      pending = undefined;
      if (!inPre) {
        closeParagraph();
        if (block.wrap !== undefined) html = heldOpening(html, block.wrap.open);
        html += '<pre>';
        inPre = true;
        preWrap = block.wrap?.close ?? '';
      }
      html += `${block.html}\n`;
    } else if (block.kind === 'blank') {
      if (inPre) {
        closeParagraph();
        pending = '<p>';
      } else if (pending !== undefined) {
        closeAfterBlock();
        html += `${opening(pending)}<br>${block.html}\n`;
        pending = undefined;
        inParagraph = true;
      } else if (!inParagraph) pending = '<p>';
      else pending = '</p><p>';
    } else {
      if (inPre) closeParagraph();
      closeAfterBlock();
      if (block.emptyWrap !== undefined || block.runWrap?.open !== undefined) {
        html = heldOpening(html, block.emptyWrap ?? block.runWrap?.open ?? '');
      }
      if (pending !== undefined) html += opening(pending);
      else if (!inParagraph) html += '<p>';
      pending = undefined;
      inParagraph = true;
      html += block.halted === true ? block.html : `${block.html}\n`;
      if (block.broken !== undefined) broken = block.broken;
      closing = block.closing ?? '';
      runClose = block.runWrap?.close ?? '';
    }
  }
  html += lists.closeAll();
  closeAfterBlock();
  if (inParagraph) html += paragraphEnd();
  if (inPre) html += `</pre>${preWrap}`;
  return textEnd(written.join('') + html, blocks.at(-1), sectionCut);
}

/**
 * The end of the HTML written so far, its beginning set aside in `written` when it is long: only
 * the end is read or taken back as blocks are written (a line break before elements held around
 * a block), and taking back from a long text copies all of it again (a page of many such blocks
 * took seconds).
 */
function setAside(html: string, written: string[]): string {
  if (html.length <= 4096) return html;
  written.push(html.slice(0, -64));
  return html.slice(-64);
}

/**
 * The HTML with what the text's end adds. The block elements still open are closed: a whole
 * text's before the line break its last line was given, a section's (which ends in a line break,
 * before the heading) after one. After a section's last paragraph, formatting elements it left
 * open (or held, see Block's `wrap`) are opened again by that line break, and stay empty.
 */
function textEnd(html: string, last: Block | undefined, sectionCut: boolean): string {
  let out = html;
  const unclosed = last?.unclosed;
  if (unclosed !== undefined && sectionCut) out = `${out}${out.endsWith('\n') ? '' : '\n'}${unclosed}`;
  else if (unclosed !== undefined) out = `${out.endsWith('\n') ? out.slice(0, -1) : out}${unclosed}`;
  if (sectionCut && last?.heldAtEnd !== undefined) out = heldOpening(out, last.heldAtEnd);
  return out.replace(PHP_TRIMMED, '');
}

/**
 * The headings, with the table of contents: it stands before the first heading, unless `__TOC__`
 * placed it; the extract leaves it out, not the empty lines around it.
 */
class HeadingsAndToc {
  private readonly heading = headingWriter();

  constructor(
    /** Whether the table of contents is still to come. */
    private toc: boolean,
    private readonly placed: boolean,
  ) {}

  tocToCome(): boolean {
    return this.toc;
  }

  /** The HTML so far with a heading, or the place of the table of contents, written. */
  write(html: string, block: Block): string {
    if (block.kind === 'toc') {
      this.toc = false;
      return `${html}\n\n`;
    }
    let out = html;
    if (this.toc && !this.placed) out += '\n\n';
    if (!this.placed) this.toc = false;
    if (block.wrap === undefined) return out + this.heading(block);
    // Held in formatting elements: right after the block before, and the line break after them.
    return `${heldOpening(heldOpening(out, block.wrap.open) + this.heading(block), block.wrap.close)}\n`;
  }
}

/**
 * The HTML so far followed by tags of formatting elements held around blocks (see Block's
 * `wrap`): the line break between the blocks goes.
 */
function heldOpening(html: string, tags: string): string {
  return `${html.endsWith('\n') ? html.slice(0, -1) : html}${tags}`;
}

/**
 * The HTML so far (ending in a line break) and a block whose first paragraph starts with text,
 * which that line break joins: inside the paragraph, after the formatting elements opened again
 * at its start.
 */
function joinedAfterBreak(html: string, block: Block): string {
  const tags = block.reopenedTags ?? '';
  return `${html.slice(0, -1)}<p>${tags}\n${block.html.slice('<p>'.length + tags.length)}`;
}

/** The lists open among the blocks, as the parser nests them, and the HTML of their items. */
class ListNesting {
  /** The markers of the lists open (`*#`: an ordered list in an item of an unordered one). */
  private lists = '';
  /** Whether the item open last is an empty `li`, which PHP's DOM writes without its end tag. */
  private openEmptyLi = false;
  /** The end tags of the formatting elements held around the lists open (see Block's `wrap`). */
  private wrapClose: string | undefined;

  isOpen(): boolean {
    return this.lists !== '';
  }

  /**
   * The HTML so far with an item written: a first item held in formatting elements opens them
   * right after the block before, without the line break.
   */
  writeItem(html: string, block: Block): string {
    if (block.wrap === undefined || this.isOpen()) return html + this.item(block);
    this.wrapClose = block.wrap.close;
    return heldOpening(html, block.wrap.open) + this.item(block);
  }

  /** The ends of the lists open and of the elements held around them, or the line break after them. */
  closeAllLine(): string {
    const close = this.wrapClose;
    this.wrapClose = undefined;
    return this.closeAll() + (close ?? '\n');
  }

  /**
   * An item, after the ends of the lists and the item it does not continue: those the item does
   * not share with the one before are closed, a next item of the deepest shared one begun, and
   * the item's own new lists opened. A term (`;`) and a definition (`:`) are items of the same
   * list: an item whose markers are those before, either of them in the last place, is their next
   * item; else the lists shared are those of the same markers (a `;` counting as a `:` before).
   */
  item(block: Block): string {
    const markers = block.marker;
    const lists = this.lists;
    const before = lists.replaceAll(';', ':');
    let shared = 0;
    if (lists !== '' && markers.replaceAll(';', ':') === before) shared = markers.length;
    else while (shared < before.length && shared < markers.length && before[shared] === markers[shared]) shared++;
    let html = '';
    for (let depth = lists.length; depth > shared; depth--) html += this.closeList(lists[depth - 1] as string);
    const itemOpening = (itemTag: string, last: boolean) =>
      last && itemTag === 'li' && block.empty === 'source' ? '<li class="mw-empty-elt">' : `<${itemTag}>`;
    if (markers.length <= shared && shared > 0) {
      html += this.endItem(tagsOf(lists[shared - 1] as string)[1]);
      html += `\n${itemOpening(tagsOf(markers[shared - 1] as string)[1], markers.length === shared)}`;
    }
    if (lists !== '' && markers.length > shared) html += '\n';
    for (let depth = shared; depth < markers.length; depth++) {
      const [tag, itemTag] = tagsOf(markers[depth] as string);
      html += `<${tag}>${itemOpening(itemTag, depth === markers.length - 1)}`;
    }
    // An item of a `<nowiki>`'s white space is empty to the tidying but not to the DOM, which ends it.
    this.openEmptyLi = block.empty !== undefined && !(block.html.includes(NOWIKI_MARK) && block.html !== NOWIKI_MARK);
    this.lists = markers;
    return html + block.html;
  }

  /** The ends of the items and lists open (and of the elements held around them). */
  closeAll(): string {
    let html = '';
    for (let depth = this.lists.length; depth > 0; depth--) html += this.closeList(this.lists[depth - 1] as string);
    this.lists = '';
    html += this.wrapClose ?? '';
    this.wrapClose = undefined;
    return html;
  }

  private endItem(itemTag: string): string {
    const html = itemTag === 'li' && this.openEmptyLi ? '' : `</${itemTag}>`;
    this.openEmptyLi = false;
    return html;
  }

  private closeList(marker: string): string {
    const [tag, itemTag] = tagsOf(marker);
    return `${this.endItem(itemTag)}</${tag}>`;
  }
}

function tagsOf(marker: string): [string, string] {
  return LIST_TAGS[marker] ?? (LIST_TAGS['*'] as [string, string]);
}

/** Writes the headings of an extract, each with its anchor made unique among those before it. */
function headingWriter(): (block: Block) => string {
  /**
   * The anchors given so far, ASCII letters lowercased: a heading's anchor met before gets the
   * first free `_2`, `_3`, … (the legacy anchor likewise, when it differs), as the parser does.
   */
  const anchors = new Set<string>();
  const uniqueAnchor = (anchor: string) => {
    const key = anchor.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
    if (!anchors.has(key)) {
      anchors.add(key);
      return anchor;
    }
    let n = 2;
    while (anchors.has(`${key}_${n}`)) n++;
    anchors.add(`${key}_${n}`);
    return `${anchor}_${n}`;
  };
  return (block) => {
    // Runs of spaces and underscores are one space, as the parser normalises a section's name.
    const name = phpTrim((block.anchor ?? block.text).replace(/[ _]+/g, ' '));
    const anchor = name.replace(/[\t\n\f\r ]/g, '_');
    // A heading whose anchor the old encoding writes otherwise has an empty element with that
    // anchor first, which old links still reach (the old encoding turns only spaces to `_`).
    const legacy = legacyAnchor(name.replaceAll(' ', '_'));
    const id = uniqueAnchor(anchor);
    const before = legacy === anchor ? '' : `<span id=${domAttribute(uniqueAnchor(legacy))}></span>`;
    return `<h${block.level}>${before}<span id=${domAttribute(id)}>${block.html}</span></h${block.level}>\n`;
  };
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

/**
 * Where a sentence ends, as TextExtracts finds it (in the HTML too): a full stop after anything but
 * a capital letter, or `!` or `?`, before a space, a line break or the end; an ideographic stop.
 */
const SENTENCE_END = /(?:\P{Lu}\.(?=[ \n]|$)|[!?](?=[ \n]|$)|。|．|！|？|｡)+/gu;

const ANY_SENTENCE_END = new RegExp(SENTENCE_END.source, 'u');

function hasSentenceEnd(text: string): boolean {
  return ANY_SENTENCE_END.test(text);
}

function sentenceEnds(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(SENTENCE_END)) count++;
  return count;
}

/**
 * The text up to the end of its `count`th sentence, or of its last when it has fewer; its first
 * line when no sentence ends in it.
 */
function firstSentences(text: string, count: number): string {
  const ends = [...text.matchAll(SENTENCE_END)];
  if (ends.length === 0) return (text.split('\n', 1)[0] as string).trim();
  const end = ends[Math.min(count, ends.length) - 1] as RegExpMatchArray;
  return text.slice(0, (end.index ?? 0) + end[0].length).trim();
}

/**
 * The first `count` characters (code points) of the text, extended to the end of the word (or
 * tag name) they end in and a `>` right after it; the text itself when that is all of it; else
 * trimmed, and "…" after it.
 */
function firstChars(text: string, count: number): string {
  const chars = [...text];
  if (chars.length <= count) return text;
  let end = count;
  while (end < chars.length && /[\p{L}\p{N}_/]/u.test(chars[end] as string)) end++;
  if (chars[end] === '>') end++;
  if (end >= chars.length) return text;
  // Not trimmed: the tidying comes first (white space before a closing tag stays).
  return chars.slice(0, end).join('');
}

/** The plain text's first `count` characters (see firstChars), trimmed, the ellipsis after them when cut. */
function firstPlainChars(text: string, count: number, ellipsis: string): string {
  const kept = firstChars(text, count);
  return kept === text ? text : kept.replace(PHP_TRIMMED, '') + ellipsis;
}

const VOID_ELEMENTS = new Set(['br', 'hr', 'img', 'wbr']);

/** Items a start tag of their kind ends when open: the kinds it ends, and the elements that stop the search. */
const IMPLIED_END: Record<string, { ends: readonly string[]; stops: readonly string[] }> = {
  li: { ends: ['li'], stops: ['ul', 'ol', 'table', 'td', 'th', 'dl'] },
  dd: { ends: ['dd', 'dt'], stops: ['dl', 'ul', 'ol', 'table', 'td', 'th'] },
  dt: { ends: ['dd', 'dt'], stops: ['dl', 'ul', 'ol', 'table', 'td', 'th'] },
};

/** Where the open item a start tag of `tag` ends stands among the open elements, or -1. */
function impliedEnd(open: readonly string[], tag: string): number {
  const rule = IMPLIED_END[tag] as (typeof IMPLIED_END)[string];
  for (let i = open.length - 1; i >= 0; i--) {
    const name = open[i] as string;
    if (rule.ends.includes(name)) return i;
    if (rule.stops.includes(name)) return -1;
  }
  return -1;
}

/** Whether a paragraph opened before `at` holds nothing: its end, the text's, or a tag cut in two there. */
function nothingFollows(html: string, at: number): boolean {
  return at === html.length || html.startsWith('</p>', at) || /^<[/A-Za-z][^<>]*$/.test(html.slice(at));
}

/**
 * An HTML extract cut short, as MediaWiki's HTML tidying writes it: a tag cut in two left out,
 * the elements left open closed, text written again (a no-break space as `&#160;`, a cut entity
 * as text), void elements as `<br />`; trimmed.
 */
function balancedHtml(html: string): string {
  const open: string[] = [];
  let out = '';
  const token =
    /<(\/?)([A-Za-z][A-Za-z0-9]*)((?:\s[^<>]*)?)>|<[/A-Za-z][^>]*$|&(?:#\d+|#x[0-9a-f]+|[a-z]+);|[^<&]+|[<&]/giy;
  for (let m = token.exec(html); m; m = token.exec(html)) {
    const [whole, closing, name, attributes] = m;
    if (name !== undefined) {
      const tag = name.toLowerCase();
      if (closing) {
        const at = open.lastIndexOf(tag);
        if (at < 0) continue;
        for (const t of open.splice(at).reverse()) out += `</${t}>`;
      } else if (IMPLIED_END[tag] !== undefined && impliedEnd(open, tag) >= 0) {
        // An item starts while one of its kind is open in the same list: that one ends here.
        for (const t of open.splice(impliedEnd(open, tag)).reverse()) out += `</${t}>`;
        token.lastIndex -= whole.length;
      } else if (VOID_ELEMENTS.has(tag)) out += `<${tag}${attributes?.replace(/\s*\/$/, '') ?? ''} />`;
      else if (tag === 'p' && !attributes && nothingFollows(html, token.lastIndex)) {
        // An empty paragraph is marked so.
        out += '<p class="mw-empty-elt">';
        open.push(tag);
      } else {
        open.push(tag);
        out += `<${tag}${attributes ?? ''}>`;
      }
    } else if (whole.startsWith('<') && whole.length > 1) {
      // A tag cut in two at the end.
    } else {
      out += escapeHtmlText(decodeCharReferences(whole)).replaceAll('\u00a0', '&#160;');
    }
  }
  for (const t of open.reverse()) out += `</${t}>`;
  return out.trim();
}
