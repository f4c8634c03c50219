/**
 * Edit summaries and log reasons as HTML, the way MediaWiki shows them in `parsedcomment` and
 * `parsedreason`: the text escaped (character references kept), line breaks as spaces,
 * `/* section *\/` autocomments as a link to that section of the page the comment belongs to, and
 * `[[wiki links]]` as links (red links to missing pages, `mw-redirect` on redirects, interwiki links
 * to the other wiki, link trails). Bare and bracketed URLs stay text, as MediaWiki leaves them in comments.
 *
 * `format` takes a whole batch so that the existence of every linked page is looked up at once.
 */
import { decodeCharReferences } from '../site/html-entities.js';
import { languageFacts, linkTrailPattern } from '../site/mediawiki/language-facts.js';
import { localSpecialPageKey, specialPageExists } from '../site/mediawiki/special-page-aliases.js';
import type { SiteConfig } from '../site/site.js';
import { NS_MAIN, NS_SPECIAL, type Title, type TitleCodec } from '../site/title.js';
import { interwikiLinkUrl, urlencodeTitle } from '../site/urls.js';
import type { WikiStore } from '../store/database.js';
import { escapeAttribute, escapeHtmlQuotes } from '../text/escape.js';
import { type MessageCatalogue, readerTexts } from './messages/catalogue.js';
import type { ModuleContext } from './module.js';

export interface CommentToFormat {
  comment: string;
  /** The page the comment is about: autocomments link to its sections, `[[/Sub]]` resolves under it. */
  title?: Pick<Title, 'namespace' | 'dbKey'>;
}

/** Text of a link to a missing page's tooltip, by language. */
const RED_LINK_TITLES: Record<string, string> = {
  de: '$1 (Seite nicht vorhanden)',
  en: '$1 (page does not exist)',
};

const LINK = /\[\[\s*(:?)([^\]|[{}<>]+)(?:\|((?:\][^\]]|[^\]])*))?\]\]/g;
const AUTOCOMMENT = /\/\*\s*(.*?)\s*\*\//g;

/** MediaWiki's escaping of comment text: character references decoded, then HTML-escaped. */
function escapeAllowingEntities(text: string): string {
  return escapeHtmlQuotes(decodeCharReferences(text));
}

/** A section name as a URL fragment (MediaWiki's `html5` fragment mode). */
function fragmentForUrl(section: string): string {
  return section.replace(/[ \t\n]+/g, '_').replace(/%([0-9a-fA-F]{2})/g, '%25$1');
}

/** How an existing linked page is shown: redirects get MediaWiki's `mw-redirect` class. */
export type PageState = 'page' | 'redirect';

interface LinkTarget {
  title: Title;
  text: string;
}

export class CommentFormatter {
  private readonly redLinkTitle: string;
  private readonly linkTrail: RegExp;
  /** A section link's arrow and direction mark: `→` and U+200E, `←` and U+200F for a right-to-left language. */
  private readonly arrow: string;

  /**
   * `language`: the language of the missing pages' tooltips, `messages` the store's catalogue,
   * whose text of them (`red-link-title`) is taken where it has that language's; link trails are
   * the content language's.
   */
  constructor(
    private readonly store: WikiStore,
    readonly codec: TitleCodec,
    private readonly site: SiteConfig,
    language = site.language,
    messages?: MessageCatalogue,
  ) {
    this.redLinkTitle =
      readerTexts(messages, language)?.get('red-link-title') ?? RED_LINK_TITLES[language] ?? RED_LINK_TITLES.en;
    this.linkTrail = linkTrailPattern(site.language);
    this.arrow = languageFacts(language).rtl ? '←\u200f' : '→\u200e';
  }

  async format(comments: readonly CommentToFormat[]): Promise<string[]> {
    const escaped = comments.map((c) => escapeAllowingEntities(c.comment).replace(/\n/g, ' '));
    const targets = new Map<string, Title>();
    for (const [i, text] of escaped.entries()) {
      for (const match of text.matchAll(LINK)) {
        const target = this.linkTarget(match[2], comments[i].title);
        if (target && target.title.interwiki === '' && target.title.namespace >= 0) {
          targets.set(`${target.title.namespace}:${target.title.dbKey}`, target.title);
        }
      }
    }
    const existing = await this.existingPages([...targets.values()]);
    return escaped.map((text, i) => this.formatOne(text, comments[i].title, existing));
  }

  private formatOne(text: string, page: CommentToFormat['title'], existing: ReadonlyMap<string, PageState>): string {
    let closing = '';
    const withSections = page
      ? text.replace(AUTOCOMMENT, (_match, section: string, offset: number, whole: string) => {
          const after = offset + _match.length < whole.length;
          const sectionTarget = section.replace(/\[\[:?|\]\]/g, '');
          const pageTitle = this.codec.make(page.namespace, page.dbKey);
          const href = `${this.localUrl(pageTitle)}#${escapeAttribute(fragmentForUrl(decodeHtml(sectionTarget)))}`;
          const tooltip = escapeAttribute(this.codec.prefixedText(pageTitle));
          let auto = `<a href="${href}" title="${tooltip}">${this.arrow}${section}</a>`;
          // MediaWiki 1.39's `autocomment-prefix` before it is empty; `colon-separator` after it.
          if (after) auto += ': ';
          closing += '</span>';
          // Brackets in it link nothing (MediaWiki writes them as references, T406664).
          return `<span dir="auto"><span class="autocomment">${auto}</span>`
            .replace(/\[/g, '&#91;')
            .replace(/\]/g, '&#93;');
        })
      : text;
    return this.formatLinks(withSections, page, existing) + closing;
  }

  private formatLinks(text: string, page: CommentToFormat['title'], existing: ReadonlyMap<string, PageState>): string {
    let out = '';
    let last = 0;
    for (const match of text.matchAll(LINK)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      const target = this.linkTarget(match[2], page);
      if (!target) continue;
      out += text.slice(last, start);
      // An empty label (`[[Target|]]`) shows the target as written, as one without a label does.
      let label = match[3] || target.text;
      const trail = this.linkTrail.exec(text.slice(end));
      const trailLength = trail ? trail[1].length : 0;
      if (trail) label += trail[1];
      out += this.link(target.title, label, existing);
      last = end + trailLength;
    }
    return out + text.slice(last);
  }

  /**
   * A link to `title` showing `label` (HTML): red to a missing page, `mw-redirect` on a redirect.
   * `extraClass` is added to the link's classes; with `redirectNoFollow`, a redirect is linked with
   * `redirect=no`; with `noRedirect`, any page is (a red link too).
   */
  link(
    title: Title,
    label: string,
    existing: ReadonlyMap<string, PageState>,
    options: { extraClass?: string; redirectNoFollow?: boolean; noRedirect?: boolean } = {},
  ): string {
    const classes = (...names: string[]) => {
      const all = [...names, options.extraClass ?? ''].filter((n) => n !== '');
      return all.length > 0 ? ` class="${all.join(' ')}"` : '';
    };
    const prefixed = escapeAttribute(this.codec.prefixedText(title));
    if (title.interwiki !== '') {
      const url = interwikiLinkUrl(this.codec, title) ?? '';
      return `<a href="${escapeAttribute(url)}" class="extiw" title="${prefixed}">${label}</a>`;
    }
    const fragment = title.fragment ? `#${escapeAttribute(fragmentForUrl(title.fragment))}` : '';
    if (title.namespace === NS_SPECIAL) {
      // A special page is linked by its local name (an alias names the same page); one that does
      // not exist is a red link to its own address, as there is nothing to create.
      if (!specialPageExists(title.dbKey, this.codec.site.language)) {
        const tooltip = escapeAttribute(this.redLinkTitle.replace('$1', this.codec.prefixedText(title)));
        return `<a href="${this.localUrl(title)}${fragment}"${classes('new')} title="${tooltip}">${label}</a>`;
      }
      const local = { ...title, dbKey: localSpecialPageKey(title.dbKey, this.codec.site) };
      const tooltip = escapeAttribute(this.codec.prefixedText(local));
      return `<a href="${this.localUrl(local)}${fragment}"${classes()} title="${tooltip}">${label}</a>`;
    }
    const state = existing.get(`${title.namespace}:${title.dbKey}`);
    if (state !== undefined) {
      const cls = classes(state === 'redirect' ? 'mw-redirect' : '');
      const href =
        (state === 'redirect' && options.redirectNoFollow) || (state !== undefined && options.noRedirect)
          ? `${this.site.scriptPath}/index.php?title=${escapeAttribute(urlencodeTitle(this.codec.prefixedDbKey(title)))}&amp;redirect=no`
          : this.localUrl(title);
      return `<a href="${href}${fragment}"${cls} title="${prefixed}">${label}</a>`;
    }
    const key = escapeAttribute(urlencodeTitle(this.codec.prefixedDbKey(title)));
    const tooltip = escapeAttribute(this.redLinkTitle.replace('$1', this.codec.prefixedText(title)));
    const query = options.noRedirect ? '&amp;redirect=no' : '';
    return `<a href="${this.site.scriptPath}/index.php?title=${key}${query}&amp;action=edit&amp;redlink=1"${classes('new')} title="${tooltip}">${label}</a>`;
  }

  private localUrl(title: Pick<Title, 'namespace' | 'dbKey' | 'interwiki'>): string {
    return escapeAttribute(this.site.articlePath.replace('$1', urlencodeTitle(this.codec.prefixedDbKey(title))));
  }

  /** The title a link names (relative subpage links resolved under `page`), or undefined when invalid. */
  private linkTarget(raw: string, page: CommentToFormat['title']): LinkTarget | undefined {
    let target = decodeHtml(raw).trim();
    const text = target.replace(/^:/, '');
    if (target.startsWith('/') && page && this.codec.site.namespaces.find((n) => n.id === page.namespace)?.subpages) {
      target = `${this.codec.prefixedText({ ...page, interwiki: '' })}${target.replace(/\/$/, '')}`;
    } else if (target.startsWith('#') && page) {
      target = `${this.codec.prefixedText({ ...page, interwiki: '' })}${target}`;
    }
    const parsed = this.codec.parse(target.replace(/^:/, ''));
    if (!parsed.ok) return undefined;
    if (parsed.title.dbKey === '' && parsed.title.interwiki === '' && parsed.title.namespace === NS_MAIN)
      return undefined;
    return { title: parsed.title, text: escapeAllowingEntities(text) };
  }

  /** Which of `titles` exist, keyed `namespace:dbKey`, looked up in batches. */
  async existingPages(titles: readonly Title[]): Promise<Map<string, PageState>> {
    const found = new Map<string, PageState>();
    for (let i = 0; i < titles.length; i += 200) {
      const batch = titles.slice(i, i + 200);
      const rows = await this.store.db
        .selectFrom('page')
        .select(['page_namespace', 'page_title', 'page_is_redirect'])
        .where((eb) =>
          eb.or(batch.map((t) => eb.and([eb('page_namespace', '=', t.namespace), eb('page_title', '=', t.dbKey)]))),
        )
        .execute();
      for (const row of rows) {
        found.set(`${row.page_namespace}:${row.page_title}`, row.page_is_redirect ? 'redirect' : 'page');
      }
    }
    return found;
  }
}

/** Undoes the escaping of `escapeAllowingEntities` (link targets are matched on the escaped text). */
function decodeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#039;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The formatter for a module's `parsedcomment`: format all comments of the answer in one call,
 * `await commentFormatterFor(ctx).format(rows.map((r) => ({ comment: r.comment, title: r.title })))`.
 */
export function commentFormatterFor(
  ctx: Pick<ModuleContext, 'store' | 'titles' | 'site'> & { messages?: MessageCatalogue },
): CommentFormatter {
  return new CommentFormatter(ctx.store, ctx.titles, ctx.site, ctx.site.language, ctx.messages);
}
