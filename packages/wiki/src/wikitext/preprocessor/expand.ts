/**
 * Template expansion as MediaWiki's preprocessor does it when it reads a page for templates
 * (`expandtemplates`): template calls are replaced by the templates' texts read for inclusion with
 * their arguments, parser functions and variables by their values, comments and inclusion tags
 * left out, extension tags kept as written. Loops, depth and size are limited as MediaWiki limits
 * them, with its error texts.
 */
import type { SiteConfig } from '../../site/site.js';
import type { Title, TitleCodec } from '../../site/title.js';
import { NS_MAIN, NS_MEDIA, NS_TEMPLATE } from '../../site/title.js';
import { escapeWikiText } from '../../text/escape-wikitext.js';
import { magicWordsOf } from '../magic-words.js';
import { callParserFunction, expandVariable } from './functions.js';
import { preprocessToTree } from './parse.js';
import type { PPNode, PPPart, PPTemplate } from './tree.js';

/** What expansion reads of the wiki. */
export interface ExpansionHost {
  titles: TitleCodec;
  site: SiteConfig;
  /** The server URLs start with (`http://127.0.0.1:8090`). */
  server: string;
  /** The page the text is expanded for (PAGENAME and the like). */
  page: Title;
  /** The time of the request (CURRENTYEAR and the like, `#time` without a date). */
  now: Date;
  /**
   * A page's current text and title, its redirect followed; undefined when it does not exist. A
   * redirect to a missing page gives its own text and names the missing page (`missingTarget`).
   */
  pageText(title: Title): Promise<{ title: Title; text: string; missingTarget?: Title } | undefined>;
  /** Whether a page exists (`#ifexist`). */
  exists(title: Title): Promise<boolean>;
  /** A message's text in the wiki's content language (errors, `int:`). */
  message(key: string): Promise<string | undefined>;
  /** The page's id (`{{PAGEID}}`), when it exists. */
  pageId?: number;
  /** The id of the revision whose text is parsed (`{{REVISIONID}}`), when one is; else it is empty. */
  revisionId?: number;
  /** A language's name in `inLanguage` (`#language`), its autonym when that is absent; '' when unknown. */
  languageName?(code: string, inLanguage?: string): string;
  /** One of the wiki's counts (`pages`, `articles`, `images`, `users`, `activeusers`, `edits`, `admins`). */
  siteCount?(name: string): Promise<number | undefined>;
}

/** MediaWiki's limits on expansion (`$wgMaxTemplateDepth`, `$wgMaxPPExpandDepth`, node count, include size). */
export const EXPANSION_LIMITS = {
  templateDepth: 40,
  expandDepth: 40,
  nodeCount: 1_000_000,
  includeSize: 2 * 1024 * 1024,
};

/** The arguments a template was called with, read lazily in the caller's frame. */
interface FrameArgument {
  value: PPNode[];
  numbered: boolean;
  expanded?: string;
}

/** Where expansion stands: the page itself, or a template called with arguments. */
export class Frame {
  readonly depth: number;
  private readonly loop: Set<string>;

  constructor(
    readonly parent: Frame | undefined,
    readonly title: Title | undefined,
    readonly titleKey: string,
    private readonly args: Map<string, FrameArgument> | undefined,
  ) {
    this.depth = parent === undefined ? 0 : parent.depth + 1;
    // The page itself may be transcluded once: only templates count for loops.
    this.loop = new Set(parent?.loop);
    if (parent !== undefined) this.loop.add(titleKey);
  }

  get isTemplate(): boolean {
    return this.parent !== undefined;
  }

  /** False when `key` is this frame's title or an ancestor's: transcluding it would loop. */
  allows(key: string): boolean {
    return !this.loop.has(key);
  }

  async argument(name: string, expander: Expander): Promise<string | undefined> {
    const arg = this.args?.get(name);
    if (arg === undefined) return undefined;
    if (arg.expanded === undefined) {
      const text = await expander.expand(arg.value, this.parent as Frame);
      arg.expanded = arg.numbered ? text : text.trim();
    }
    return arg.expanded;
  }
}

/** A value of a parser function: plain text, or wikitext to preprocess and expand again. */
export type FunctionValue = string | { wikitext: string };

const SUBST = new Set(['subst', 'safesubst']);

/** The marker of the n-th comment or extension tag kept out of a pre-save transform. */
export const PROTECTED_TAG = (n: number) => `\u007fUNIQ-pst-${n}-QINU\u007f`;
/** Every such marker in a text, its number captured. */
export const PROTECTED_TAGS = /\u007fUNIQ-pst-(\d+)-QINU\u007f/g;
const MODIFIERS = new Set(['msgnw', 'msg', 'raw']);

export class Expander {
  private nodeCount = 0;
  private includeSize = 0;
  private expandDepth = 0;
  private readonly trees = new Map<string, { title: Title; tree: PPNode[] } | null>();
  readonly messages = new Map<string, string>();
  /** The page properties the text set (`defaultsort`, `displaytitle`), as the parser's output holds them. */
  readonly pageProperties = new Map<string, string>();
  /** The tracking categories the expansion added (their message keys), each with its sort key. */
  readonly trackingCategories = new Map<string, string>();
  /**
   * What the expansion read, as MediaWiki's parser records it in the link tables: every page
   * transcluded (missing ones and the redirects followed included) by prefixed text, and the
   * pages and files whose existence `#ifexist` asked.
   */
  readonly used = {
    templates: new Map<string, Title>(),
    links: new Map<string, Title>(),
    images: new Set<string>(),
  };

  /**
   * The comments and extension tags met in a pre-save transform, as written, in the order of
   * their markers (see `PROTECTED_TAG`): what is inside them is not transformed.
   */
  readonly protectedTags: string[] = [];

  /**
   * `keepComments`: comments stay in the text (`includecomments`), as written. `preSave`: the
   * expansion a save makes of its text (MediaWiki's pre-save transform): only calls written with
   * `subst:` or `safesubst:` are expanded, everything else is written back, comments kept, the
   * arguments of the page itself left as written, comments and extension tags replaced by markers.
   */
  constructor(
    readonly host: ExpansionHost,
    private readonly keepComments = false,
    private readonly preSave = false,
  ) {}

  /**
   * Extension tags whose content is expanded too, in the frame they stand in (lower-case names):
   * none for `expandtemplates`, which shows tags as written; a page's full parse expands what its
   * `<ref>`s hold, as Cite does.
   */
  tagContents: ReadonlySet<string> = new Set();

  /** How many seconds the expansion stays true, where it shows the current time (`{{#time:}}`). */
  ttl: number | undefined;

  /** Limits how long the expansion stays true to `seconds`, where those are fewer. */
  limitTtl(seconds: number | undefined): void {
    if (seconds !== undefined && (this.ttl === undefined || seconds < this.ttl)) this.ttl = seconds;
  }

  /** Adds a tracking category, sorted by the sort key set so far, as MediaWiki's parser does. */
  track(key: string): void {
    if (!this.trackingCategories.has(key))
      this.trackingCategories.set(key, this.pageProperties.get('defaultsort') ?? '');
  }

  /** `#ifexist` asked about `title`: a link to it (a file's use, for `Media:`; nothing for special pages). */
  recordExistenceCheck(title: Title): void {
    if (title.namespace === NS_MEDIA) this.used.images.add(title.dbKey);
    else if (title.namespace >= NS_MAIN) this.used.links.set(this.host.titles.prefixedText(title), title);
  }

  /** The frame of the page itself. */
  rootFrame(): Frame {
    return new Frame(undefined, this.host.page, this.host.titles.prefixedText(this.host.page), undefined);
  }

  /** A message's text in the content language, `⧼key⧽` when unknown. */
  async message(key: string, params: readonly string[] = []): Promise<string> {
    const text = (await this.host.message(key)) ?? `⧼${key}⧽`;
    return text.replace(/\$(\d+)/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
  }

  async expand(nodes: readonly PPNode[], frame: Frame): Promise<string> {
    if (++this.expandDepth > EXPANSION_LIMITS.expandDepth) {
      this.expandDepth--;
      return '<span class="error">Expansion depth limit exceeded</span>';
    }
    try {
      let out = '';
      for (const node of nodes) {
        if (++this.nodeCount > EXPANSION_LIMITS.nodeCount)
          return `${out}<span class="error">Node-count limit exceeded</span>`;
        out += await this.expandNode(node, frame);
      }
      return out;
    } finally {
      this.expandDepth--;
    }
  }

  private async expandNode(node: PPNode, frame: Frame): Promise<string> {
    if (typeof node === 'string') return node;
    switch (node.type) {
      case 'comment':
        if (this.preSave) return this.protect(node.text);
        return this.keepComments ? node.text : '';
      case 'ignore':
        // A save keeps the page's own <noinclude>, <includeonly> and <onlyinclude> as written
        // (those of a template it substitutes go).
        return this.preSave && !frame.isTemplate ? node.text : '';
      case 'ext': {
        if (node.inner !== undefined && this.tagContents.has(node.name.toLowerCase())) {
          const inner = await this.expand(preprocessToTree(node.inner), frame);
          return `<${node.name}${node.attr}>${inner}${node.close ?? ''}`;
        }
        const tag =
          node.inner === undefined
            ? `<${node.name}${node.attr}/>`
            : `<${node.name}${node.attr}>${node.inner}${node.close ?? ''}`;
        return this.preSave ? this.protect(tag) : tag;
      }
      case 'h': {
        let out = '';
        for (const child of node.children) out += await this.expandNode(child, frame);
        return out;
      }
      case 'tplarg':
        return this.argument(node, frame);
      case 'template':
        return this.call(node, frame);
    }
  }

  /** A comment or tag kept out of a pre-save transform: its marker. */
  private protect(text: string): string {
    this.protectedTags.push(text);
    return PROTECTED_TAG(this.protectedTags.length - 1);
  }

  /** An argument written back as a call (`{{{a|b}}}`, `{{x|y}}`), its parts expanded. */
  private async asWritten(open: string, title: string, parts: readonly PPPart[], frame: Frame, close: string) {
    let out = open + title;
    for (const part of parts) out += `|${await this.expandPart(part, frame)}`;
    return out + close;
  }

  /** An argument as written (`name=value`, or the value of a numbered one), expanded. */
  async expandPart(part: PPPart, frame: Frame): Promise<string> {
    const value = await this.expand(part.value, frame);
    if (typeof part.name === 'number') return value;
    return `${await this.expand(part.name, frame)}=${value}`;
  }

  private async argument(node: PPTemplate, frame: Frame): Promise<string> {
    const nameWithSpaces = await this.expand(node.title, frame);
    const value = await frame.argument(nameWithSpaces.trim(), this);
    if (value !== undefined) return this.fitsIncludeSize(value) ? value : '';
    // A save leaves the page's own arguments as written, defaults and all.
    if (this.preSave && !frame.isTemplate) return this.asWritten('{{{', nameWithSpaces, node.parts, frame, '}}}');
    const [first] = node.parts;
    if (first !== undefined) return this.expandPart(first, frame);
    return this.asWritten('{{{', nameWithSpaces, node.parts, frame, '}}}');
  }

  private fitsIncludeSize(text: string): boolean {
    this.includeSize += Buffer.byteLength(text);
    return this.includeSize <= EXPANSION_LIMITS.includeSize;
  }

  private async call(node: PPTemplate, frame: Frame): Promise<string> {
    const titleWithSpaces = await this.expand(node.title, frame);
    const result = await this.callValue(node, titleWithSpaces, frame);
    if (result.object !== undefined) return result.object;
    let text = result.text;
    if (!node.lineStart && /^(?:\{\||:|;|#|\*)/.test(text)) text = `\n${text}`;
    if (!this.fitsIncludeSize(text)) {
      return `[[:${result.titleText ?? titleWithSpaces.replace(/^:/, '')}]]`;
    }
    return text;
  }

  /** What a call gives: text to place (`text`), or a part of the page kept as it is (`object`). */
  private async callValue(
    node: PPTemplate,
    titleWithSpaces: string,
    frame: Frame,
  ): Promise<{ text: string; object?: undefined; titleText?: string } | { object: string }> {
    let name = titleWithSpaces.trim();
    const asWritten = async () => ({
      object: await this.asWritten('{{', titleWithSpaces, node.parts, frame, '}}'),
    });
    const subst = this.prefixWord(name, SUBST);
    if (subst !== undefined) {
      if (subst.id === 'subst' && !this.preSave) return asWritten();
      name = subst.rest;
    } else if (this.preSave) return asWritten();
    let nowiki = false;
    const modifier = this.prefixWord(name, MODIFIERS);
    if (modifier !== undefined) {
      nowiki = modifier.id === 'msgnw';
      name = modifier.rest;
    } else {
      const value = await this.magicValue(node, name, frame);
      if (value !== undefined) return { text: value };
    }
    return this.transclude(name, node, frame, nowiki, asWritten);
  }

  /** What a variable (`{{PAGENAME}}`) or parser function (`{{lc:…}}`) named `name` gives; undefined for none. */
  async magicValue(node: PPTemplate, name: string, frame: Frame): Promise<string | undefined> {
    if (node.parts.length === 0) {
      const variable = await expandVariable(name, this, frame);
      if (variable !== undefined) return variable;
    }
    const colon = name.indexOf(':');
    if (colon <= 0) return undefined;
    const value = await callParserFunction(name.slice(0, colon), name.slice(colon + 1).trim(), node.parts, frame, this);
    if (value === undefined || typeof value === 'string') return value;
    return this.expand(preprocessToTree(value.wikitext, frame.isTemplate), frame);
  }

  /** A magic word starting `name` (`subst:`, `msgnw:`) among `ids`, and what follows it. */
  private prefixWord(name: string, ids: ReadonlySet<string>): { id: string; rest: string } | undefined {
    const colon = name.indexOf(':');
    if (colon <= 0) return undefined;
    const id = magicWordsOf(this.host.titles.site.language).idOf(name.slice(0, colon));
    return id !== undefined && ids.has(id) ? { id, rest: name.slice(colon + 1) } : undefined;
  }

  private async transclude(
    name: string,
    node: PPTemplate,
    frame: Frame,
    nowiki: boolean,
    asWritten: () => Promise<{ object: string }>,
  ): Promise<{ text: string; titleText?: string } | { object: string }> {
    const title = this.host.titles.parseOrUndefined(name, { defaultNamespace: NS_TEMPLATE });
    if (title === undefined || title.interwiki !== '') return asWritten();
    // A save substitutes no special page, and leaves a missing template's call as written.
    if (this.preSave && (title.namespace < NS_MAIN || !(await this.host.exists(title)))) return asWritten();
    const titleText = this.host.titles.prefixedText(title);
    // Special pages and media are not transcluded when a page is read for templates: a link shows them.
    if (title.namespace < NS_MAIN) return { text: `[[:${titleText}]]`, titleText };
    if (!frame.allows(titleText)) {
      this.track('template-loop-category');
      const text = await this.message('parser-template-loop-warning', [titleText]);
      return { text: `<span class="error">${text}</span>`, titleText };
    }
    if (frame.depth >= EXPANSION_LIMITS.templateDepth) {
      const text = await this.message('parser-template-recursion-depth-warning', [
        String(EXPANSION_LIMITS.templateDepth),
      ]);
      return { text: `<span class="error">${text}</span>`, titleText };
    }
    const found = await this.templateTree(title, titleText);
    if (found === null) {
      const link = `[[:${titleText}]]`;
      return { text: nowiki ? escapeWikiText(link) : link, titleText };
    }
    const foundText = this.host.titles.prefixedText(found.title);
    // `msgnw:` shows the template as written, escaped; a save writes it in as it is.
    if (nowiki) {
      const original = originalOf(found.tree);
      return { text: this.preSave ? original : escapeWikiText(original), titleText };
    }
    const args = await this.argumentsOf(node.parts, frame);
    const child = new Frame(frame, found.title, foundText, args);
    return { text: await this.expand(found.tree, child), titleText };
  }

  private async argumentsOf(parts: readonly PPPart[], frame: Frame): Promise<Map<string, FrameArgument>> {
    const args = new Map<string, FrameArgument>();
    for (const part of parts) {
      if (typeof part.name === 'number') args.set(String(part.name), { value: part.value, numbered: true });
      else args.set((await this.expand(part.name, frame)).trim(), { value: part.value, numbered: false });
    }
    return args;
  }

  /** A template's tree for inclusion, read once per expansion; null when it does not exist. */
  private async templateTree(title: Title, key: string): Promise<{ title: Title; tree: PPNode[] } | null> {
    const kept = this.trees.get(key);
    if (kept !== undefined) return kept;
    const page = await this.host.pageText(title);
    const found = page === undefined ? null : { title: page.title, tree: preprocessToTree(page.text, true) };
    this.trees.set(key, found);
    this.used.templates.set(key, title);
    for (const also of [found?.title, page?.missingTarget]) {
      if (also !== undefined && also !== title) this.used.templates.set(this.host.titles.prefixedText(also), also);
    }
    return found;
  }
}

/** The text of a tree as written (`msgnw:` shows a template so). */
function originalOf(nodes: readonly PPNode[]): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') out += node;
    else if (node.type === 'comment' || node.type === 'ignore') out += node.text;
    else if (node.type === 'ext')
      out += `<${node.name}${node.attr}${node.inner === undefined ? '/>' : `>${node.inner}${node.close ?? ''}`}`;
    else if (node.type === 'h') out += originalOf(node.children);
    else {
      const [open, close] = node.type === 'tplarg' ? ['{{{', '}}}'] : ['{{', '}}'];
      out += open + originalOf(node.title);
      for (const part of node.parts) {
        out += `|${typeof part.name === 'number' ? '' : `${originalOf(part.name)}=`}${originalOf(part.value)}`;
      }
      out += close;
    }
  }
  return out;
}

/** Expands the templates, arguments and parser functions of a page's wikitext, as `expandtemplates` does. */
export async function expandWikitext(text: string, host: ExpansionHost): Promise<string> {
  const expander = new Expander(host);
  return expander.expand(preprocessToTree(text), expander.rootFrame());
}

/**
 * The value of one call (`lc:X`, `fullurl:Page|query`, `PAGENAMEE`: the text between the braces)
 * when it is a variable or parser function; undefined for a template call, which is left alone.
 */
export async function expandMagicCall(call: string, host: ExpansionHost): Promise<string | undefined> {
  const tree = preprocessToTree(`{{${call}}}`);
  const [node] = tree;
  if (tree.length !== 1 || typeof node !== 'object' || node.type !== 'template') return undefined;
  const expander = new Expander(host);
  const frame = expander.rootFrame();
  return expander.magicValue(node, (await expander.expand(node.title, frame)).trim(), frame);
}
