/**
 * The links of a page, read from its wikitext the way MediaWiki's parser records them in its link
 * tables: page links, transclusions, categories with sort keys, file uses, external links,
 * language and interwiki links, the redirect target and page properties (DEFAULTSORT,
 * DISPLAYTITLE, behaviour switches). Templates are not expanded: links that only a template's
 * output would add are not found, and links in template arguments count as if the template showed
 * them. A scanner with regular expressions, fast enough to run on every page of a large dump.
 */

import { interwikiLanguageName } from '../site/languages.js';
import { NS_CATEGORY, NS_FILE, NS_MEDIA, NS_SPECIAL, NS_TEMPLATE, type Title, type TitleCodec } from '../site/title.js';
import { findExternalLinks, normalizeLinkUrl } from './external-links.js';
import type { LintFinding } from './lint.js';
import { magicWordsOf } from './magic-words.js';
import { renderQuotes } from './quotes.js';
import { stripNonWikitext } from './strip.js';

export interface LinkTarget {
  namespace: number;
  dbKey: string;
}

export interface RedirectTarget extends LinkTarget {
  fragment: string;
  interwiki: string;
}

export interface PageLinks {
  links: LinkTarget[];
  templates: LinkTarget[];
  /** Category name (dbKey) and the sort key prefix given for it (explicit, or DEFAULTSORT, or empty). */
  categories: Array<{ name: string; sortKeyPrefix: string }>;
  /** File names (dbKey, without namespace). */
  images: string[];
  externalLinks: string[];
  languageLinks: Array<{ language: string; title: string }>;
  interwikiLinks: Array<{ prefix: string; title: string }>;
  redirect?: RedirectTarget;
  /** Page properties by name (`defaultsort`, `displaytitle`, `notoc`, `hiddencat`, ...). */
  properties: Map<string, string>;
  /** Lint errors (`lint.ts`), when the extraction was asked for them. */
  lint?: LintFinding[];
}

export interface PageContext {
  namespace: number;
  dbKey: string;
}

/** A link target: title characters only, followed by `|` or `]]`. */
const LINK = /\[\[([^[\]{}<>|\n]+)(\||\]\])/g;
/** A transclusion or parser function name: `{{name|` or `{{name}}`, not a `{{{parameter}}}`. */
const TEMPLATE = /(?<!\{)\{\{(?!\{)([^{}|[\]]*?)(?=\||\}\})/g;
const REDIRECT_LINK = /^\s*:?\s*\[\[([^[\]|]*?)(?:\|[^\]]*?)?\]\]/;
/** Magic words that prefix a template name without changing it. */
const TRANSPARENT_PREFIXES = new Set(['subst', 'safesubst', 'msg', 'msgnw', 'raw']);

/**
 * Link targets in the order first met, each once. They are told apart by namespace, then by key:
 * a title the parser had cached comes with a key whose hash V8 keeps, where a key of namespace
 * and title joined would be a new string to hash for every link.
 */
class TargetList {
  readonly targets: LinkTarget[] = [];
  private readonly seen = new Map<number, Set<string>>();

  add(namespace: number, dbKey: string): void {
    let keys = this.seen.get(namespace);
    if (!keys) {
      keys = new Set();
      this.seen.set(namespace, keys);
    }
    if (keys.has(dbKey)) return;
    keys.add(dbKey);
    this.targets.push({ namespace, dbKey });
  }
}

class LinkCollector {
  readonly links = new TargetList();
  readonly templates = new TargetList();
  readonly categories = new Map<string, string | undefined>();
  readonly images = new Set<string>();
  readonly languageLinks = new Map<string, string>();
  readonly interwikiLinks = new Map<string, { prefix: string; title: string }>();
  readonly properties = new Map<string, string>();
  defaultSort: string | undefined;

  constructor(
    private readonly codec: TitleCodec,
    private readonly page: PageContext,
  ) {}

  /** Parses a link target cut from the page's text. */
  private parseTitle(input: string, options?: Parameters<TitleCodec['parseOrUndefined']>[1]): Title | undefined {
    return this.codec.parseOrUndefined(input, options);
  }

  private isSelf(title: Title): boolean {
    return title.interwiki === '' && title.namespace === this.page.namespace && title.dbKey === this.page.dbKey;
  }

  /** Records a link as MediaWiki's ParserOutput::addLink does. */
  addLink(title: Title): void {
    if (title.interwiki !== '') {
      this.addInterwiki(title);
      return;
    }
    const namespace = title.namespace === NS_MEDIA ? NS_FILE : title.namespace;
    if (namespace === NS_SPECIAL || title.dbKey === '' || this.isSelf(title)) return;
    this.links.add(namespace, title.dbKey);
  }

  addInterwiki(title: Title): void {
    if (title.dbKey === '' && title.fragment === '') return;
    this.interwikiLinks.set(`${title.interwiki}:${title.dbKey}`, { prefix: title.interwiki, title: title.dbKey });
  }

  addTemplate(title: Title): void {
    if (title.interwiki !== '' || title.namespace < 0 || title.dbKey === '' || this.isSelf(title)) return;
    this.templates.add(title.namespace, title.dbKey);
  }

  /** Handles one `[[target|...` occurrence. */
  addWikiLink(rawTarget: string, label: string | undefined, imageOnly = false): void {
    let target = rawTarget.trim();
    if (target === '' || target.startsWith('#')) return;
    const escaped = target.startsWith(':');
    if (target.startsWith('/') && this.codec.site.namespaces.find((n) => n.id === this.page.namespace)?.subpages) {
      target = this.page.dbKey + target.replace(/\/+$/, '');
    }
    const title = this.parseTitle(target, { decodePercent: target.includes('%') });
    if (!title) return;
    if (imageOnly && (escaped || title.interwiki !== '' || title.namespace !== NS_FILE)) return;
    if (title.interwiki !== '') {
      const entry = this.codec.interwiki(title.interwiki);
      const isTalk = this.page.namespace > 0 && this.page.namespace % 2 === 1;
      // MediaWiki reads a prefix of its interwiki map as a language link when it names a language.
      const isLanguage =
        entry !== undefined && (entry.language !== undefined || interwikiLanguageName(title.interwiki) !== undefined);
      if (!escaped && isLanguage && !isTalk) {
        if (!this.languageLinks.has(title.interwiki)) {
          this.languageLinks.set(title.interwiki, title.fragment ? `${title.text}#${title.fragment}` : title.text);
        }
        return;
      }
      this.addInterwiki(title);
      return;
    }
    if (!escaped && title.namespace === NS_CATEGORY) {
      if (title.dbKey === '') return;
      const sortKey = label === undefined ? undefined : label.replace(/\n/g, '');
      this.categories.set(title.dbKey, sortKey === '' ? undefined : sortKey);
      return;
    }
    if (!escaped && (title.namespace === NS_FILE || title.namespace === NS_MEDIA)) {
      if (title.dbKey !== '') this.images.add(title.dbKey);
      return;
    }
    this.addLink(title);
  }

  /** Handles one `{{name` occurrence. */
  addTransclusion(rawName: string): void {
    let name = rawName.trim();
    if (name === '') return;
    for (;;) {
      if (name.startsWith('#')) {
        const colon = name.indexOf(':');
        const fn = (colon < 0 ? name.slice(1) : name.slice(1, colon)).trim().toLowerCase();
        if (fn === 'invoke' && colon > 0) this.addModule(name.slice(colon + 1));
        return;
      }
      const colon = name.indexOf(':');
      const id = magicWordsOf(this.codec.site.language).idOf(colon < 0 ? name : name.slice(0, colon).trim());
      if (id === undefined) break;
      if (colon < 0) return; // a variable such as PAGENAME
      const argument = name.slice(colon + 1).trim();
      if (TRANSPARENT_PREFIXES.has(id)) {
        name = argument;
        continue;
      }
      if (id === 'defaultsort') this.defaultSort = argument;
      else if (id === 'displaytitle') this.properties.set('displaytitle', renderQuotes(argument));
      return;
    }
    const title = this.parseTitle(name, { defaultNamespace: NS_TEMPLATE });
    if (title) this.addTemplate(title);
  }

  private addModule(name: string): void {
    const module = this.codec.site.namespaces.find((n) => n.canonical === 'Module');
    const moduleName = name.trim();
    if (!module || moduleName === '') return;
    const title = this.parseTitle(`${module.name}:${moduleName}`);
    if (title && title.namespace === module.id) this.addTemplate(title);
  }

  scan(text: string): void {
    if (text.includes('{{')) {
      for (const m of text.matchAll(TEMPLATE)) this.addTransclusion(m[1]!);
    }
    if (text.includes('[[')) {
      let nextClose = -1;
      let nextOpen = -1;
      LINK.lastIndex = 0;
      for (let m = LINK.exec(text); m; m = LINK.exec(text)) {
        let label: string | undefined;
        let imageOnly = false;
        if (m[2] === '|') {
          // A piped link needs its closing brackets; the label is what comes before them.
          if (nextClose < LINK.lastIndex) nextClose = text.indexOf(']]', LINK.lastIndex);
          if (nextClose < 0) break;
          if (nextOpen < LINK.lastIndex) nextOpen = text.indexOf('[[', LINK.lastIndex);
          // A label holding another link is only valid for a file (a caption with links).
          imageOnly = nextOpen >= 0 && nextOpen < nextClose;
          label = text.slice(LINK.lastIndex, nextClose);
        }
        this.addWikiLink(m[1]!, label, imageOnly);
      }
    }
  }

  scanGallery(body: string): void {
    for (const line of body.split('\n')) {
      const bar = line.indexOf('|');
      const file = (bar < 0 ? line : line.slice(0, bar)).trim();
      if (file !== '') {
        const title = this.parseTitle(file, { defaultNamespace: NS_FILE });
        if (title && title.interwiki === '' && title.namespace === NS_FILE) this.images.add(title.dbKey);
      }
      if (bar >= 0) this.scan(line.slice(bar + 1));
    }
  }

  scanImagemap(body: string): void {
    const lines = body.split('\n');
    const first = lines.findIndex((l) => l.trim() !== '');
    if (first < 0) return;
    const head = lines[first]!;
    const bar = head.indexOf('|');
    const file = this.parseTitle((bar < 0 ? head : head.slice(0, bar)).trim(), {
      defaultNamespace: NS_FILE,
    });
    if (file && file.namespace === NS_FILE && file.interwiki === '') this.images.add(file.dbKey);
    this.scan(
      lines
        .slice(first)
        .join('\n')
        .slice(bar < 0 ? head.length : bar),
    );
  }
}

/** Reads the redirect target at the start of a page's text, and the text that follows it. */
export function parseRedirect(text: string, codec: TitleCodec): { target: Title; rest: string } | undefined {
  const after = magicWordsOf(codec.site.language).afterRedirectKeyword(text);
  if (after === undefined) return undefined;
  const m = REDIRECT_LINK.exec(after.replace(/^\s*:/, ''));
  if (!m) return undefined;
  let target = m[1]!;
  if (target.includes('%')) target = target.replace(/^:+/, '');
  const title = codec.parseOrUndefined(target, { decodePercent: target.includes('%') });
  if (!title || (title.dbKey === '' && title.interwiki === '')) return undefined;
  return { target: title, rest: after.replace(/^\s*:/, '').slice(m[0].length) };
}

/**
 * The text without template calls (`{{...}}`, nested ones included), in one pass. URLs in a
 * template's arguments are only links if the template shows them, and citation templates commonly
 * do not show them as written, so they are left out. Inside a call the scan goes from brace pair
 * to brace pair (`indexOf`), not character by character: most of an article's references are
 * template calls (the enwiki sample's import, which reads it on the main thread, took about 5 %
 * less time). An unclosed call runs to the end of the text.
 */
export function withoutTemplateCalls(text: string): string {
  let open = text.indexOf('{{');
  if (open < 0) return text;
  const kept: string[] = [];
  // The next `{{` and `}}` at or after `i`, looked up again once `i` has passed them (-1: none
  // left; `close` starts behind every position, so the first call inside a template looks it up).
  let close = -2;
  let depth = 0;
  let from = 0;
  let i = 0;
  for (;;) {
    if (open !== -1 && open < i) open = text.indexOf('{{', i);
    if (depth === 0) {
      if (open < 0) break;
      kept.push(text.slice(from, open), ' ');
      depth = 1;
      i = open + 2;
      continue;
    }
    if (close !== -1 && close < i) close = text.indexOf('}}', i);
    if (close < 0) break;
    if (open >= 0 && open < close) {
      depth++;
      i = open + 2;
    } else {
      depth--;
      i = close + 2;
      if (depth === 0) from = i;
    }
  }
  if (depth === 0) kept.push(text.slice(from));
  return kept.join('');
}

/**
 * The external links MediaWiki records: normalised (`normalizeLinkUrl`), each once, not those to the wiki's own server
 * (`$wgRegisterInternalExternals` is off by default), a protocol-relative server matching either protocol.
 */
function registeredExternalLinks(found: string[], server: string | undefined): string[] {
  const urls = [...new Set(found.map(normalizeLinkUrl))];
  if (!server) return urls;
  const lower = server.toLowerCase();
  const prefixes = lower.startsWith('//') ? [lower, `http:${lower}`, `https:${lower}`] : [lower];
  return urls.filter((url) => {
    const start = url.toLowerCase();
    return !prefixes.some(
      (p) => start.startsWith(p) && (start.length === p.length || '?/#'.includes(start[p.length]!)),
    );
  });
}

export function extractLinks(wikitext: string, page: PageContext, codec: TitleCodec): PageLinks {
  const collector = new LinkCollector(codec, page);
  const stripped = stripNonWikitext(wikitext);
  let text = stripped.text;
  let redirect: RedirectTarget | undefined;
  const redirectMatch = parseRedirect(text, codec);
  if (redirectMatch) {
    const { target } = redirectMatch;
    redirect = {
      namespace: target.interwiki === '' ? target.namespace : 0,
      dbKey: target.dbKey,
      fragment: target.fragment,
      interwiki: target.interwiki,
    };
    collector.addLink(target);
    text = redirectMatch.rest;
  }
  collector.scan(text);
  for (const gallery of stripped.galleries) collector.scanGallery(gallery);
  for (const map of stripped.imagemaps) collector.scanImagemap(map);
  for (const id of magicWordsOf(codec.site.language).switchesIn(text)) collector.properties.set(id, '');
  const defaultSort = collector.defaultSort?.trim();
  if (defaultSort) collector.properties.set('defaultsort', defaultSort);

  const result: PageLinks = {
    links: collector.links.targets,
    templates: collector.templates.targets,
    categories: [...collector.categories].map(([name, sortKey]) => ({
      name,
      sortKeyPrefix: sortKey ?? defaultSort ?? '',
    })),
    images: [...collector.images],
    externalLinks: registeredExternalLinks(findExternalLinks(withoutTemplateCalls(text)), codec.site.server),
    languageLinks: [...collector.languageLinks].map(([language, title]) => ({ language, title })),
    interwikiLinks: [...collector.interwikiLinks.values()],
    properties: collector.properties,
  };
  if (redirect) result.redirect = redirect;
  return result;
}
