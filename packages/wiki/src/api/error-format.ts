/**
 * Renders collected warnings and a request's errors in the shape `errorformat` asks for: `bc`
 * (MediaWiki's historic shape, always English) or `plaintext`/`wikitext`/`html`/`raw`/`none`
 * (arrays of errors and warnings in the error language).
 */
import { decodeHTML, decodeHTMLStrict } from 'entities';
import { isAllowedCodePoint } from '../site/html-entities.js';
import { localSpecialPageKey, specialPageExists } from '../site/mediawiki/special-page-aliases.js';
import { namespaceById, type SiteConfig } from '../site/site.js';
import type { Title } from '../site/title.js';
import { urlencodeTitle } from '../site/urls.js';
import {
  cleanOutputText,
  escapeHtmlQuotes,
  escapeHtmlText,
  needsOutputCleaning,
  withXmlTextOnly,
} from '../text/escape.js';
import { armorFrenchSpaces, serializerEscapes } from '../text/french-spaces.js';
import type { CommentFormatter, PageState } from './comment-format.js';
import type { ApiMessage } from './errors.js';
import type { StoredMessages } from './messages/catalogue.js';
import { linkFreeUrls } from './messages/free-links.js';
import {
  keepSemanticTags,
  type MessageParam,
  messageText,
  type RawParam,
  rawParams,
  renderMessage,
  stripMarkup,
} from './messages/render.js';
import type { CollectedWarning } from './request-state.js';
import { KeyedList, list, type ResultObject, type ResultValue, withContent } from './result/tree.js';

/**
 * A message's text as plain text: the character references its wikitext may hold (`&lt;` around a
 * bare URL) decoded, as MediaWiki's plain-text rendering does.
 */
function plainText(text: string): string {
  return cleanOutputText(uncleanedPlainText(text));
}

/** `plainText` before the answer's cleaning of its characters. */
function uncleanedPlainText(text: string): string {
  // Trimmed, as MediaWiki's plain texts are: a parameter left empty leaves no trailing space.
  const stripped = stripTags(stripMarkup(text)).trim();
  const decoded = stripped.includes('&') ? decodeHTML(stripped) : stripped;
  // Each run of spaces, tabs and line breaks one space, as in MediaWiki's plain texts (a value of
  // `a \n\tb` echoed in a message reads `a b`); a no-break space stays.
  return /[\t\n\r]| {2}/.test(decoded) ? decoded.replace(/[ \t\n\r]+/g, ' ') : decoded;
}

/**
 * Whether a value holds a character the answer's cleaning replaces (a multi-value's U+001F
 * separator echoed in a message). MediaWiki compares a new warning, not yet cleaned, with the
 * cleaned ones it holds, so such a warning is never found among them and is given again.
 */
export function holdsUncleanText(value: unknown): boolean {
  if (typeof value === 'string') return needsOutputCleaning(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsUncleanText);
  if (value instanceof KeyedList) return [...value.entries.values()].some(holdsUncleanText);
  return Object.values(value).some(holdsUncleanText);
}

/**
 * Removes what an HTML reader takes for tags: `<` and a letter (or `/` and a letter) up to the next
 * `>`, or to the end of the text when none follows (`A<B` leaves `A`), as MediaWiki's plain texts
 * lose them.
 */
function stripTags(text: string): string {
  return text.includes('<') ? text.replace(/<\/?[A-Za-z][^>]*(?:>|$)/g, '') : text;
}

/**
 * An html text's links to special pages (`[[Special:Preferences]]`, `[[Special:Preferences|text]]`)
 * as MediaWiki's parser makes them: to the page's local name under the article path, titled with
 * it, showing the link's text or its target as written. Other internal links stay as written.
 */
function linkSpecialPages(html: string, site: SiteConfig | undefined): string {
  if (site === undefined || !html.includes('[[')) return html;
  const special = namespaceById(site, -1)?.name ?? 'Special';
  const prefixes = [...new Set(['Special', special])].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const link = new RegExp(`\\[\\[ *(?:${prefixes.join('|')}) *: *([^\\]|[]+?) *(?:\\|([^\\]]*))?\\]\\]`, 'gi');
  return html.replace(link, (whole, name: string, text: string | undefined) => {
    const dbKey = name.replace(/ /g, '_');
    if (!specialPageExists(dbKey, site.language)) return whole;
    const target = `${special}:${localSpecialPageKey(dbKey, site)}`;
    const href = site.articlePath.replace('$1', urlencodeTitle(target));
    const shown = text ?? whole.slice(2, -2);
    return `<a href="${href}" title="${target.replace(/_/g, ' ')}">${shown}</a>`;
  });
}

/**
 * An html text whose `<var>`, `<kbd>`, `<samp>` or `<code>` tags are left open closed at its end,
 * after the line break that ends the parser's paragraph, as MediaWiki's tidied output has them (a
 * message with `<var>$2<var>` ends `<var>x<var>.\n</var></var>`).
 */
function closeOpenTags(html: string): string {
  if (!html.includes('<')) return html;
  const open: string[] = [];
  for (const [, closing, name] of html.matchAll(/<(\/?)(var|kbd|samp|code)>/g)) {
    if (closing === '') open.push(name);
    else if (open.at(-1) === name) open.pop();
  }
  return open.length === 0
    ? html
    : `${html}\n${open
        .reverse()
        .map((name) => `</${name}>`)
        .join('')}`;
}

/** A message's `<nowiki>` sections, escaped for HTML, shown as their text. */
function unwrapNowiki(escaped: string): string {
  return escaped.includes('&lt;nowiki&gt;')
    ? escaped.replace(/&lt;nowiki&gt;([\s\S]*?)&lt;\/nowiki&gt;/g, '$1')
    : escaped;
}

/** French spacing (`&#160;` before `!`, `?`, `:`…) outside a message's `<nowiki>` sections, escaped for HTML. */
function armorOutsideNowiki(escaped: string): string {
  if (!escaped.includes('&lt;nowiki&gt;')) return armorFrenchSpaces(escaped, '&#160;');
  return escaped
    .split(/(&lt;nowiki&gt;[\s\S]*?&lt;\/nowiki&gt;)/)
    .map((part, i) => (i % 2 === 0 ? armorFrenchSpaces(part, '&#160;') : part))
    .join('');
}

/** An internal link in a message's text escaped for HTML: `[[target]]` or `[[target|text]]`. */
const INTERNAL_LINK = /\[\[([^\]|[{}]+)(?:\|([^\]]*))?\]\]/g;

/** Attributes MediaWiki's sanitizer keeps on the inline tags below, as a message writes them. */
const KEPT_ATTRIBUTE = /^\s*(dir|lang|class|title)="([^"<>]*)"/;

/** An inline tag's attributes as the sanitizer writes them: the kept ones, each ` name="value"`. */
function keptAttributes(written: string): string {
  let rest = written;
  let out = '';
  while (rest.trim() !== '') {
    const match = KEPT_ATTRIBUTE.exec(rest);
    if (!match) return out;
    out += ` ${match[1]}="${match[2]}"`;
    rest = rest.slice(match[0].length);
  }
  return out;
}

/**
 * Inline tags a message may hold that MediaWiki's parser keeps as HTML (`<em>` around a reason,
 * `<strong>` around a namespace's name, `<span dir="ltr">` around a key in a right-to-left
 * language), with their `dir`, `lang`, `class` and `title` attributes, in a text escaped for HTML.
 */
function keepInlineTags(escaped: string): string {
  return escaped.includes('&lt;')
    ? escaped
        .replace(
          /&lt;(em|strong|b|i|u|s|small|big|sub|sup|span|bdi|abbr|cite|q|dfn|mark)((?:\s[^&]*?)?)&gt;/g,
          (_, name: string, attributes: string) => `<${name}${keptAttributes(attributes)}>`,
        )
        .replace(/&lt;(\/(?:em|strong|b|i|u|s|small|big|sub|sup|span|bdi|abbr|cite|q|dfn|mark))&gt;/g, '<$1>')
        .replace(/&lt;br ?\/?&gt;/g, '<br />')
    : escaped;
}

const PLAIN_SLOT = /\u{F0009}\d+\u{F000A}/gu;

/**
 * A plain-text parameter (a string, even of digits, or each name of a list) replaced by a slot that
 * the message's parsing leaves alone, its text kept in `plain` under the slot, as MediaWiki parses
 * such a message with `$2` in its place (so ` »$2` takes French spacing whatever the value); number
 * parameters stay as they are, since `{{PLURAL:}}` reads them.
 */
function plainSlot(param: MessageParam, plain: Map<string, string>): MessageParam {
  const slot = (text: string) => {
    const key = `\u{F0009}${plain.size}\u{F000A}`;
    plain.set(key, text);
    return key;
  };
  if (typeof param === 'string') return slot(param);
  if (typeof param === 'object' && 'list' in param) return { ...param, list: param.list.map(slot) };
  return param;
}

/** A character reference: numeric (`&#124;`, `&#x7C;`) or named (`&rlm;`). */
const REFERENCE = /&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z0-9]+);/g;

/** Whether HTML may hold the character a numeric reference names, as MediaWiki's sanitizer checks it. */
function validReference(reference: string): boolean {
  const digits = reference.slice(2, -1);
  return isAllowedCodePoint(
    digits[0] === 'x' || digits[0] === 'X' ? Number.parseInt(digits.slice(1), 16) : Number(digits),
  );
}

/**
 * A reference as MediaWiki's sanitizer writes it in parsed text: a valid numeric one as written
 * (a parameter's `&#124;` as MediaWiki escapes wikitext), `&lt;` `&gt;` `&amp;` `&quot;` as
 * written, another known name as the numeric references of its characters (`&rlm;` → `&#8207;`),
 * an unknown name escaped; undefined for a numeric one HTML may not hold.
 */
function normalizedReference(reference: string): string | undefined {
  if (reference[1] === '#') return validReference(reference) ? reference : undefined;
  if (['&lt;', '&gt;', '&amp;', '&quot;'].includes(reference)) return reference;
  const decoded = decodeHTMLStrict(reference);
  if (decoded === reference) return `&amp;${reference.slice(1)}`;
  return [...decoded].map((c) => `&#${c.codePointAt(0)};`).join('');
}

/**
 * A message's text escaped for HTML between tags, its character references written as MediaWiki's
 * parser writes them (which its HTML serializer leaves as they are).
 */
function escapeMessageText(text: string): string {
  if (!text.includes('&')) return escapeHtmlText(text);
  let out = '';
  let last = 0;
  for (const match of text.matchAll(REFERENCE)) {
    const written = normalizedReference(match[0]);
    if (written === undefined) continue;
    out += escapeHtmlText(text.slice(last, match.index)) + written;
    last = match.index + match[0].length;
  }
  return out + escapeHtmlText(text.slice(last));
}

/** A raw parameter with its texts cleaned as every string of an answer is. */
function cleanRaw(param: RawParam): RawParam {
  if (typeof param === 'string') return cleanOutputText(param);
  if (typeof param === 'number') return param;
  if (param instanceof KeyedList) {
    const cleaned = new KeyedList(param.element, param.mode);
    for (const [key, value] of param.entries) cleaned.set(key, cleanRaw(value as RawParam) as ResultValue);
    return cleaned;
  }
  const out: { [key: string]: RawParam | RawParam[] } = {};
  for (const [key, value] of Object.entries(param))
    out[key] = Array.isArray(value) ? value.map(cleanRaw) : cleanRaw(value);
  return out;
}

/**
 * Whether `text` is found in `lines` as a whole line where it is first found, as MediaWiki checks a
 * module's warnings in the `bc` format for the one it is adding.
 */
function isLineOf(text: string, lines: string): boolean {
  const at = lines.indexOf(text);
  if (at === -1 || (at > 0 && lines[at - 1] !== '\n')) return false;
  const end = at + text.length;
  return end === lines.length || lines[end] === '\n';
}

/**
 * The wiki's pages that html texts of messages link, made links as MediaWiki's parser makes them
 * (blue, red to a missing page, `mw-redirect` on a redirect): their existence is looked up first,
 * for all texts of an answer at once.
 */
export class MessagePageLinks {
  private readonly found = new Map<string, PageState | 'missing'>();

  constructor(private readonly links: CommentFormatter) {}

  /** Looks up the pages these message texts (wikitext) link, beyond those looked up before. */
  async lookUp(texts: readonly string[]): Promise<void> {
    const wanted = new Map<string, Title>();
    for (const text of texts) {
      if (!text.includes('[[')) continue;
      for (const match of escapeMessageText(text).matchAll(INTERNAL_LINK)) {
        const title = this.target(match[1]);
        if (title === undefined) continue;
        const key = `${title.namespace}:${title.dbKey}`;
        if (!this.found.has(key)) wanted.set(key, title);
      }
    }
    if (wanted.size === 0) return;
    const existing = await this.links.existingPages([...wanted.values()]);
    for (const key of wanted.keys()) this.found.set(key, existing.get(key) ?? 'missing');
  }

  /** The internal links of an html text whose pages were looked up, as links. */
  link(html: string): string {
    if (this.found.size === 0 || !html.includes('[[')) return html;
    return html.replace(INTERNAL_LINK, (whole, target: string, label: string | undefined) => {
      const title = this.target(target);
      const state = title && this.found.get(`${title.namespace}:${title.dbKey}`);
      if (title === undefined || state === undefined) return whole;
      const existing = new Map<string, PageState>();
      if (state !== 'missing') existing.set(`${title.namespace}:${title.dbKey}`, state);
      return this.links.link(title, label ?? target.trim().replace(/^:/, ''), existing);
    });
  }

  /** A local page a link names (special pages, other wikis and invalid titles aside). */
  private target(escaped: string): Title | undefined {
    const title = this.links.codec.parseOrUndefined(decodeHTML(escaped).trim().replace(/^:/, ''));
    return title && title.interwiki === '' && title.namespace >= 0 && title.dbKey !== '' ? title : undefined;
  }
}

export type ErrorFormat = 'bc' | 'html' | 'none' | 'plaintext' | 'raw' | 'wikitext';

export class ErrorFormatter {
  constructor(
    readonly format: ErrorFormat,
    /** Language of texts: always `en` for `bc`. */
    readonly language: string,
    /** The store's message catalogue, when it has one: texts come from it where it holds them. */
    readonly stored?: StoredMessages,
    /** The site, whose special pages html texts link (`[[Special:Preferences]]`). */
    readonly site?: SiteConfig,
    /** Links to the wiki's pages in html texts, blue or red (`lookUpLinks` first). */
    private readonly pageLinks?: MessagePageLinks,
  ) {}

  private render(message: ApiMessage, language = this.language): string {
    return renderMessage(message.key, message.params, language, this.stored);
  }

  /**
   * Looks up the pages that the html texts of these messages link (`[[User:Admin|Admin]]`, a
   * group's page), so that they are made as MediaWiki makes them. Other formats need nothing.
   */
  async lookUpLinks(messages: readonly ApiMessage[]): Promise<void> {
    if (this.format !== 'html' || this.pageLinks === undefined || messages.length === 0) return;
    await this.pageLinks.lookUp(messages.map((message) => this.render(message)));
  }

  /**
   * A message as HTML, as MediaWiki parses it. Text between tags: quotes stay as they are; bare URLs
   * become links; spaces before `!`, `?`, `:`… no-break ones (French spacing); nowiki sections show
   * as their text. The parameter validator's messages take the request's values as plain text,
   * which MediaWiki puts in after parsing, escaped with both quotes: none of that touches them.
   */
  private html(message: ApiMessage): string {
    const plain = message.key.startsWith('paramvalidator-') ? new Map<string, string>() : undefined;
    const params = plain === undefined ? message.params : message.params.map((p) => plainSlot(p, plain));
    const rendered = renderMessage(message.key, params, this.language, this.stored);
    let html = linkFreeUrls(keepInlineTags(keepSemanticTags(escapeMessageText(rendered))));
    html = linkSpecialPages(html, this.site);
    if (this.pageLinks !== undefined) html = this.pageLinks.link(html);
    html = serializerEscapes(closeOpenTags(unwrapNowiki(armorOutsideNowiki(html))));
    return plain === undefined || plain.size === 0
      ? html
      : html.replace(PLAIN_SLOT, (slot) =>
          // Put in after the serializer: a no-break space stays a character, U+0338 is escaped as
          // MediaWiki escapes it in plain-text parameters.
          escapeHtmlQuotes(withXmlTextOnly(plain.get(slot) ?? slot)).replaceAll('\u0338', '&#x338;'),
        );
  }

  /** The `docref` text for an error answer. */
  docref(apiUrl: string): string {
    const docref = renderMessage('api-usage-docref', [apiUrl], this.language, this.stored);
    return `${docref} ${renderMessage('api-usage-mailinglist-ref', [], this.language, this.stored)}`;
  }

  private entry(message: ApiMessage, module: string): ResultObject {
    const entry: ResultObject = { code: message.code };
    switch (this.format) {
      case 'plaintext':
        entry.text = plainText(this.render(message));
        break;
      case 'wikitext':
        entry.text = cleanOutputText(this.render(message));
        break;
      case 'html':
        entry.html = this.html(message);
        break;
      case 'raw':
        entry.key = message.key;
        entry.params = list('param', rawParams(message.key, message.params).map(cleanRaw));
        break;
      default:
        break;
    }
    if (message.data && Object.keys(message.data).length > 0) entry.data = { ...message.data };
    entry.module = module;
    // The text is the entry's content: `*` in formatversion 1, the element's text in XML.
    if ('text' in entry) return withContent(entry, 'text');
    if ('html' in entry) return withContent(entry, 'html');
    return entry;
  }

  /**
   * A message inside a module's answer (a failed login's `reason`): English text for `bc`, an
   * object shaped like an error entry otherwise.
   */
  formatMessage(message: ApiMessage): string | ResultObject {
    if (this.format === 'bc') return plainText(this.render(message, 'en'));
    const { module: _module, ...entry } = this.entry(message, '');
    return entry;
  }

  /**
   * One reason of a status inside a module's answer (`intestactions`' details): an entry shaped as
   * an error is, without its module; for `bc` its code and English plain text.
   */
  statusEntry(message: ApiMessage): ResultObject {
    if (this.format !== 'bc') return this.formatMessage(message) as ResultObject;
    const entry: ResultObject = {
      code: message.code,
      text: plainText(renderMessage(message.key, message.params, 'en')),
    };
    if (message.data && Object.keys(message.data).length > 0) entry.data = { ...message.data };
    return withContent(entry, 'text');
  }

  /**
   * An error of a status a module reports as data (list=users' `cancreateerror`): for `bc` the
   * message's key, parameters and code with its type, else an entry shaped as an error is.
   */
  statusError(message: ApiMessage): ResultObject {
    if (this.format !== 'bc') return this.formatMessage(message) as ResultObject;
    const params = list('param', rawParams(message.key, message.params).map(cleanRaw));
    return { message: message.key, params, code: message.code, type: 'error' };
  }

  /**
   * Why a title of the page set is invalid: for `bc` the English text as the title parser words
   * it, markup and all (`<nowiki>~~~</nowiki>`); otherwise an entry shaped as an error is.
   */
  invalidTitleReason(message: ApiMessage): string | ResultObject {
    if (this.format === 'bc') return cleanOutputText(renderMessage(message.key, message.params, 'en'));
    return this.formatMessage(message);
  }

  /**
   * Whether a message's entry holds a character the answer's cleaning replaces, in this format:
   * in its raw parameters, its text or its data.
   */
  private enteredUnclean(message: ApiMessage): boolean {
    if (holdsUncleanText(message.data)) return true;
    switch (this.format) {
      case 'raw':
        return holdsUncleanText(rawParams(message.key, message.params));
      case 'plaintext':
      case 'wikitext':
      case 'html':
        return needsOutputCleaning(messageText(message.key, message.params, this.language, this.stored));
      default:
        return false;
    }
  }

  /** The `warnings` value: keyed by module name for `bc`, a list otherwise. */
  warnings(warnings: readonly CollectedWarning[]): ResultObject | ResultObject[] | undefined {
    if (warnings.length === 0) return undefined;
    if (this.format !== 'bc') {
      // An entry equal to one given before is left out, as MediaWiki does: without texts (`none`)
      // two warnings of one code and module are one. One whose texts the answer cleans is never
      // equal to one given before.
      const seen = new Set<string>();
      const entries: ResultObject[] = [];
      for (const w of warnings) {
        const entry = this.entry(w.message, w.module);
        const key = JSON.stringify(entry);
        if (seen.has(key) && !this.enteredUnclean(w.message)) continue;
        seen.add(key);
        entries.push(entry);
      }
      return list('warning', entries);
    }
    const byModule: ResultObject = {};
    for (const w of warnings) {
      const name = w.module.includes('+') ? w.module.slice(w.module.lastIndexOf('+') + 1) : w.module;
      const uncleaned = uncleanedPlainText(this.render(w.message, 'en'));
      const existing = byModule[name] as ResultObject | undefined;
      if (existing) {
        // A text that is a line of the module's warnings already is left out, as MediaWiki does
        // (one the answer cleans is never found in them).
        if (isLineOf(uncleaned, existing.warnings as string)) continue;
        existing.warnings = `${existing.warnings as string}\n${cleanOutputText(uncleaned)}`;
      } else byModule[name] = withContent({ warnings: cleanOutputText(uncleaned) }, 'warnings');
    }
    // MediaWiki puts each module's entry on top when its first warning comes: the latest first.
    const onTop: ResultObject = {};
    for (const name of Object.keys(byModule).reverse()) onTop[name] = byModule[name];
    return onTop;
  }

  /**
   * Writes the error part of the answer (`error` for `bc`, `errors` + `docref` otherwise), with
   * the warnings given before the error after it, as MediaWiki orders them.
   */
  writeErrors(
    result: ResultObject,
    messages: readonly ApiMessage[],
    module: string,
    apiUrl: string,
    warnings?: ResultObject | ResultObject[],
    /** The warnings were there before the error was written (an action's error, printed again after its printer failed). */
    warningsFirst = false,
  ): void {
    if (this.format === 'bc') {
      const first = messages[0];
      const error: ResultObject = {
        code: first.code,
        info: plainText(this.render(first, 'en')),
        ...(first.data ?? {}),
        docref: this.docref(apiUrl),
      };
      if (warnings && warningsFirst) result.warnings = warnings;
      result.error = withContent(error, 'docref');
      if (warnings && !warningsFirst) result.warnings = warnings;
      return;
    }
    if (warnings && warningsFirst) result.warnings = warnings;
    result.errors = list(
      'error',
      messages.map((m) => this.entry(m, module)),
    );
    if (warnings && !warningsFirst) result.warnings = warnings;
    result.docref = this.docref(apiUrl);
    withContent(result, 'docref');
  }
}
