/**
 * The variables and parser functions of MediaWiki 1.39 with ParserFunctions, as they expand when
 * a page is read for templates: page variables of the page being read, site variables, dates of
 * the request, case and URL functions, `#if` and its kin, `#expr`, `#time`, `#switch`…
 */

import { formatDatePattern } from '../../site/date-format.js';
import { decodeCharReferences } from '../../site/html-entities.js';
import { bcp47 } from '../../site/languages.js';
import { convertGrammar, languageFacts } from '../../site/mediawiki/language-facts.js';
import { NUMBER_FORMATS } from '../../site/mediawiki/number-formats.js';
import { localSpecialPageKey } from '../../site/mediawiki/special-page-aliases.js';
import {
  formatNumberIn,
  formatNumberNoSeparators,
  formatNumberText,
  numberSymbols,
  parseFormattedNumber,
} from '../../site/number-format.js';
import type { Title, TitleCodec } from '../../site/title.js';
import { NS_FILE, NS_MEDIA, NS_SPECIAL, subjectNamespace, talkNamespace } from '../../site/title.js';
import { MEDIAWIKI_VERSION } from '../../site/version.js';
import { escapeWikiText } from '../../text/escape-wikitext.js';
import { isPhpNumeric, phpUrlencode } from '../../text/php-strings.js';
import { pluralCount, pluralFormIndex } from '../../text/plural-rules.js';
import { toMwTimestamp } from '../../text/timestamps.js';
import { magicWordsOf } from '../magic-words.js';
import { renderQuotes } from '../quotes.js';
import { callCondition } from './conditions.js';
import type { Expander, Frame, FunctionValue } from './expand.js';
import { dateName, dateTtl, formatDate } from './time.js';
import type { PPPart } from './tree.js';

/** `wfUrlencode`: percent-encoding that keeps the characters readable in a wiki URL. */
export function wikiUrlencode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%(3B|40|24|21|2A|28|29|2C|2F|7E|3A)/g, (_m, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
}

const spaced = (s: string) => s.replace(/_/g, ' ');
/** A namespace name in a URL (`Kategorie_Diskussion`). */
const nsUrl = (s: string) => wikiUrlencode(s.replace(/ /g, '_'));

/** The page variables of a title (`pagename` → its text), escaped as MediaWiki gives them. */
function pageVariable(id: string, title: Title, expander: Expander): string | undefined {
  const titles = expander.host.titles;
  const nsName = (ns: number) => titles.namespaceName(ns);
  const prefixed = (t: Title) => titles.prefixedText(t);
  const prefixedKey = (t: Title) => titles.prefixedDbKey(t);
  const talk = () => titles.talkPage(title);
  const subject = () => titles.subjectPage(title);
  const slash = title.text.lastIndexOf('/');
  const subpages = title.namespace !== 0;
  const pick: Record<string, () => string> = {
    pagename: () => escapeWikiText(title.text),
    pagenamee: () => escapeWikiText(wikiUrlencode(title.dbKey)),
    fullpagename: () => escapeWikiText(prefixed(title)),
    fullpagenamee: () => escapeWikiText(wikiUrlencode(prefixedKey(title))),
    namespace: () => spaced(nsName(title.namespace)),
    namespacee: () => nsUrl(nsName(title.namespace)),
    namespacenumber: () => String(title.namespace),
    talkspace: () => spaced(nsName(talkNamespace(title.namespace))),
    talkspacee: () => nsUrl(nsName(talkNamespace(title.namespace))),
    subjectspace: () => spaced(nsName(subjectNamespace(title.namespace))),
    subjectspacee: () => nsUrl(nsName(subjectNamespace(title.namespace))),
    talkpagename: () => {
      const t = talk();
      return t ? escapeWikiText(prefixed(t)) : '';
    },
    talkpagenamee: () => {
      const t = talk();
      return t ? escapeWikiText(wikiUrlencode(prefixedKey(t))) : '';
    },
    subjectpagename: () => escapeWikiText(prefixed(subject())),
    subjectpagenamee: () => escapeWikiText(wikiUrlencode(prefixedKey(subject()))),
    basepagename: () => escapeWikiText(subpages && slash > 0 ? title.text.slice(0, slash) : title.text),
    basepagenamee: () =>
      escapeWikiText(wikiUrlencode(subpages && slash > 0 ? title.dbKey.slice(0, slash) : title.dbKey)),
    rootpagename: () => escapeWikiText(subpages ? (title.text.split('/')[0] as string) : title.text),
    rootpagenamee: () => escapeWikiText(wikiUrlencode(subpages ? (title.dbKey.split('/')[0] as string) : title.dbKey)),
    subpagename: () => escapeWikiText(subpages && slash > 0 ? title.text.slice(slash + 1) : title.text),
    subpagenamee: () =>
      escapeWikiText(wikiUrlencode(subpages && slash > 0 ? title.dbKey.slice(slash + 1) : title.dbKey)),
  };
  return pick[id]?.();
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The ISO 8601 week number of a date. */
function isoWeek(date: Date): number {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  return Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
}

/**
 * The date words of the request's time (the wiki's time zone is UTC), as MediaWiki writes them in
 * the page's language: numbers in its digits, months and weekdays by its names, the time in its
 * time format.
 */
function dateVariable(id: string, now: Date, language: string): string | undefined {
  const word = id.replace(/^(current|local)/, '');
  if (word === id) return undefined;
  const month = now.getUTCMonth();
  const digits = (text: string) => formatNumberNoSeparators(text, language, 'NaN');
  switch (word) {
    case 'year':
      return digits(String(now.getUTCFullYear()).padStart(4, '0'));
    case 'month':
      return digits(pad2(month + 1));
    case 'month1':
      return digits(String(month + 1));
    case 'monthname':
      return dateName(language, 'F', month);
    case 'monthnamegen':
      return dateName(language, 'xg', month);
    case 'monthabbrev':
      return dateName(language, 'M', month);
    case 'day':
      return digits(String(now.getUTCDate()));
    case 'day2':
      return digits(pad2(now.getUTCDate()));
    case 'dayname':
      return dateName(language, 'l', now.getUTCDay());
    case 'dow':
      return formatNumberIn(now.getUTCDay(), language);
    case 'week':
      return formatNumberIn(isoWeek(now), language);
    case 'hour':
      return digits(pad2(now.getUTCHours()));
    case 'time':
      return formatDatePattern(
        toMwTimestamp(now),
        languageFacts(language).timeFormat,
        (kind, index) => dateName(language, kind, index),
        NUMBER_FORMATS[language.toLowerCase()]?.digits,
      );
    case 'timestamp':
      return toMwTimestamp(now);
    default:
      return undefined;
  }
}

/** The statistics words and the count each gives. */
const COUNTS: Readonly<Record<string, string>> = {
  numberofpages: 'pages',
  numberofarticles: 'articles',
  numberoffiles: 'images',
  numberofusers: 'users',
  numberofactiveusers: 'activeusers',
  numberofedits: 'edits',
  numberofadmins: 'admins',
};

/** A variable (`{{PAGENAME}}`, `{{CURRENTYEAR}}`, `{{!}}`); undefined when `name` is none. */
export async function expandVariable(name: string, expander: Expander, _frame: Frame): Promise<string | undefined> {
  const id = magicWordsOf(expander.host.titles.site.language).idOf(name);
  if (id === undefined) return undefined;
  const host = expander.host;
  const fixed: Record<string, () => string> = {
    '!': () => '|',
    '=': () => '=',
    sitename: () => host.site.siteName,
    server: () => host.server,
    servername: () => host.server.replace(/^[a-z]+:\/\//, '').replace(/:\d+$/, ''),
    scriptpath: () => host.site.scriptPath,
    stylepath: () => `${host.site.scriptPath}/skins`,
    articlepath: () => host.site.articlePath,
    contentlanguage: () => host.site.language,
    directionmark: () => '\u200e',
    // The release the server presents itself as (siteinfo's generator).
    currentversion: () => MEDIAWIKI_VERSION,
  };
  if (fixed[id] !== undefined) return fixed[id]();
  if (id === 'pageid') return host.pageId === undefined ? '' : String(host.pageId);
  if (id === 'revisionid') return host.revisionId === undefined ? '' : String(host.revisionId);
  const count = COUNTS[id];
  if (count !== undefined) {
    const value = await host.siteCount?.(count);
    return value === undefined
      ? undefined
      : formatNumberText(String(value), host.site.language, await notANumber(expander));
  }
  return pageVariable(id, host.page, expander) ?? dateVariable(id, host.now, host.titles.site.language);
}

/** What a parser function is given: its first argument (after the colon), its other arguments, the frame. */
export interface FunctionCall {
  first: string;
  parts: readonly PPPart[];
  frame: Frame;
  expander: Expander;
}

/** The other arguments expanded and trimmed, as functions with plain arguments receive them. */
async function plainArgs(call: FunctionCall): Promise<string[]> {
  const out = [call.first];
  for (const part of call.parts) out.push((await call.expander.expandPart(part, call.frame)).trim());
  return out;
}

/** Functions whose name is written with `#` (`{{#if:}}`). */
const HASH_FUNCTIONS = new Set(
  `if ifeq switch ifexist ifexpr iferror time timel expr rel2abs titleparts special speciale tag formatdate language`.split(
    ' ',
  ),
);

type PlainFunction = (
  args: string[],
  call: FunctionCall,
) => FunctionValue | undefined | Promise<FunctionValue | undefined>;

const PAGE_FUNCTIONS =
  `pagename pagenamee fullpagename fullpagenamee namespace namespacee namespacenumber talkspace talkspacee subjectspace subjectspacee talkpagename talkpagenamee subjectpagename subjectpagenamee basepagename basepagenamee rootpagename rootpagenamee subpagename subpagenamee`.split(
    ' ',
  );

function firstLower(s: string): string {
  const c = s.codePointAt(0);
  if (c === undefined) return s;
  const ch = String.fromCodePoint(c);
  return ch.toLowerCase() + s.slice(ch.length);
}

/** The wiki's name for a number that is none (`formatnum-nan`), as `{{formatnum:NAN}}` shows it. */
async function notANumber(expander: Expander): Promise<string> {
  return (await expander.host.message('formatnum-nan')) ?? 'NaN';
}

function pad(args: string[], left: boolean): string {
  const [text = '', lengthText = '0', padding = '0'] = args;
  const length = Math.min(Number.parseInt(lengthText, 10) || 0, 500);
  const chars = [...text];
  if (padding === '' || chars.length >= length) return text;
  const padChars = [...padding];
  let fill = '';
  for (let i = 0; fill.length < length - chars.length && i < length; i++) fill += padChars[i % padChars.length];
  return left ? fill + text : text + fill;
}

/**
 * `fullurl:`, `localurl:`, `canonicalurl:`: the page's address, with the query given; a title
 * that cannot be read as written is read again URL-decoded (it may come encoded), `Media:` is the
 * file's page, and an interwiki title is the other wiki's address (whatever the kind).
 */
function url(kind: 'full' | 'local' | 'canonical', args: string[], call: FunctionCall): string | undefined {
  const host = call.expander.host;
  const written = args[0] ?? '';
  let title = host.titles.parseOrUndefined(written);
  if (title === undefined) {
    const decoded = urlDecoded(written);
    title = decoded === undefined ? undefined : host.titles.parseOrUndefined(decoded);
  }
  if (title === undefined) return undefined;
  const query = args[1] ?? '';
  const fragment = title.fragment === '' ? '' : `#${wikiUrlencode(title.fragment.replace(/ /g, '_'))}`;
  if (title.interwiki !== '') {
    const entry = host.titles.interwiki(title.interwiki);
    if (entry === undefined) return undefined;
    const address = entry.url.replace('$1', wikiUrlencode(title.dbKey));
    return (query === '' ? address : `${address}${address.includes('?') ? '&' : '?'}${query}`) + fragment;
  }
  const namespace = title.namespace === NS_MEDIA ? NS_FILE : title.namespace;
  const key = wikiUrlencode(host.titles.prefixedDbKey(host.titles.make(namespace, title.dbKey)));
  const path =
    query === '' ? host.site.articlePath.replace('$1', key) : `${host.site.scriptPath}/index.php?title=${key}&${query}`;
  return (kind === 'local' ? '' : host.server) + path + fragment;
}

/** PHP's `urldecode`: `+` a space, `%XX` a byte; undefined where the bytes are no UTF-8. */
function urlDecoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * A namespace's name (`ns:`): by number (empty for a number that names none) or by any of its
 * names (the main namespace's is empty); undefined for a name that is none, which makes the call a
 * template.
 */
function namespaceOf(text: string, call: FunctionCall): string | undefined {
  return namespaceNameOf(call.expander.host.titles, text);
}

/** `{{ns:}}`'s reading of its argument, also for the messages allmessages renders. */
export function namespaceNameOf(titles: TitleCodec, text: string): string | undefined {
  const number = Number.parseInt(text, 10);
  if (number || text === '0') return titles.isKnownNamespace(number) ? titles.namespaceName(number) : '';
  // The main namespace's name is empty, and the empty name is one of its names.
  if (text === '') return titles.namespaceName(0);
  const id = titles.namespaceId(text.replace(/ /g, '_'));
  return id === undefined ? undefined : titles.namespaceName(id);
}

/** `{{PLURAL:}}` in the wiki's language. */
function plural(args: string[], language: string): string {
  const [count = '', ...forms] = args;
  const n = pluralCount(count, numberSymbols(language));
  const plain: string[] = [];
  for (const form of forms) {
    const explicit = /^\s*(\d+)=(.*)$/s.exec(form);
    if (explicit) {
      if (Number(explicit[1]) === n) return explicit[2] as string;
    } else plain.push(form);
  }
  if (plain.length === 0) return '';
  return plain[pluralFormIndex(n, languageFacts(language).pluralRules, plain.length)] as string;
}

function titleparts(args: string[], call: FunctionCall): string {
  const [text = '', countText = '', offsetText = ''] = args;
  const title = call.expander.host.titles.parseOrUndefined(text);
  if (title === undefined) return text;
  const bits = call.expander.host.titles.prefixedText(title).split('/');
  const count = Number.parseInt(countText, 10) || 0;
  let offset = Number.parseInt(offsetText, 10) || 0;
  if (offset > 0) offset--;
  const from = offset < 0 ? Math.max(bits.length + offset, 0) : offset;
  let slice = bits.slice(from);
  if (count > 0) slice = slice.slice(0, count);
  else if (count < 0) slice = slice.slice(0, count);
  return slice.join('/');
}

async function rel2abs(args: string[], call: FunctionCall): Promise<string> {
  const host = call.expander.host;
  let to = (args[0] ?? '').replace(/[ /]+$/, '');
  const from = args[1] || host.titles.prefixedText(host.page);
  if (to === '' || to === '.') return from;
  const relative = to.startsWith('/') || to.startsWith('./') || to.startsWith('../') || to === '..';
  to = `/${relative ? from : ''}/${to}/`.replace(/\/(\.\/)+/g, '/').replace(/\/{2,}/g, '/');
  const path = to.replace(/^\/+|\/+$/g, '');
  const levels: string[] = [];
  for (const level of path.split('/')) {
    if (level !== '..') levels.push(level);
    else if (levels.pop() === undefined) {
      const message = await call.expander.message('pfunc_rel2abs_invalid_depth', [path]);
      return `<strong class="error">${message}</strong>`;
    }
  }
  return levels.join('/');
}

function special(args: string[], call: FunctionCall, encoded: boolean): string {
  const titles = call.expander.host.titles;
  const key = localSpecialPageKey((args[0] ?? '').trim().replace(/ /g, '_'), titles.site);
  const title = titles.make(NS_SPECIAL, key.charAt(0).toUpperCase() + key.slice(1));
  return encoded ? wikiUrlencode(titles.prefixedDbKey(title)) : titles.prefixedText(title);
}

function anchorEncode(text: string): string {
  const plain = text
    .replace(/\[\[(?:[^|\]]*\|)?([^\]]*)\]\]/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/ /g, '_');
  return plain
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' })[c] as string)
    .replace(/[{}[\]|]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const PLAIN_FUNCTIONS: Readonly<Record<string, PlainFunction>> = {
  // The code lowercased; a code the wiki cannot name gives its BCP 47 form.
  language: ([code = '', inLanguage = ''], call) => {
    const lower = code.toLowerCase();
    const target = inLanguage.toLowerCase();
    const name = call.expander.host.languageName?.(lower, target === '' ? undefined : target) ?? '';
    return name === '' ? bcp47(lower) : name;
  },
  lc: ([s = '']) => s.toLowerCase(),
  uc: ([s = '']) => s.toUpperCase(),
  lcfirst: ([s = '']) => firstLower(s),
  // The wiki's `ucfirst`, as titles get it (`{{ucfirst:ß}}` is `SS` unless the wiki overrides it).
  ucfirst: ([s = ''], call) => call.expander.host.titles.upperFirst(s),
  urlencode: ([s = '', kind = '']) => {
    const k = kind.toUpperCase();
    if (k === 'WIKI') return wikiUrlencode(s.replace(/ /g, '_'));
    if (k === 'PATH')
      return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    return phpUrlencode(s);
  },
  anchorencode: ([s = '']) => anchorEncode(s),
  fullurl: (args, call) => url('full', args, call),
  localurl: (args, call) => url('local', args, call),
  canonicalurl: (args, call) => url('canonical', args, call),
  fullurle: (args, call) => escapeUrlHtml(url('full', args, call)),
  localurle: (args, call) => escapeUrlHtml(url('local', args, call)),
  canonicalurle: (args, call) => escapeUrlHtml(url('canonical', args, call)),
  ns: ([s = ''], call) => {
    const name = namespaceOf(s, call);
    return name === undefined ? undefined : spaced(name);
  },
  nse: ([s = ''], call) => {
    const name = namespaceOf(s, call);
    return name === undefined ? undefined : nsUrl(name);
  },
  padleft: (args) => pad(args, true),
  padright: (args) => pad(args, false),
  formatnum: async ([s = '', option = ''], call) => {
    // In the page's language (the wiki's): its digits and separators, its name for "not a number".
    const language = call.expander.host.site.language;
    const nan = await notANumber(call.expander);
    const suffix = magicWordsOf(language).idOf(option.trim());
    if (suffix === 'rawsuffix') return parseFormattedNumber(s, language, nan);
    // Formatting text that is not a number is allowed, and tracked.
    if (s !== '' && !isPhpNumeric(s) && !['NAN', 'INF', '-INF'].includes(s))
      call.expander.track('nonnumeric-formatnum');
    return suffix === 'nocommafysuffix'
      ? formatNumberNoSeparators(s, language, nan)
      : formatNumberText(s, language, nan);
  },
  plural: (args, call) => plural(args, call.expander.host.site.language),
  grammar: ([grammaticalCase = '', word = ''], call) =>
    convertGrammar(word, grammaticalCase.trim(), call.expander.host.site.language),
  gender: ([, ...forms]) => forms[2] ?? forms[0] ?? '',
  bidi: ([s = '']) => embedBidi(s),
  int: async ([key = '', ...params], call) => {
    const text = await call.expander.host.message(firstLower(key.trim()));
    if (text === undefined) return `⧼${key.trim()}⧽`;
    return { wikitext: text.replace(/\$(\d+)/g, (whole, n: string) => params[Number(n) - 1] ?? whole) };
  },
  titleparts: (args, call) => titleparts(args, call),
  rel2abs: (args, call) => rel2abs(args, call),
  special: (args, call) => special(args, call, false),
  speciale: (args, call) => special(args, call, true),
  defaultsort: ([key = '', flag = ''], call) => defaultSort(key, flag, call),
  displaytitle: ([text = '', flag = ''], call) => displayTitle(text, flag, call),
  formatdate: ([date = '']) => date,
};

/** Whether a flag is `noreplace` or `noerror` in any of its names (DEFAULTSORT's and DISPLAYTITLE's share them). */
function flagOf(flag: string, language: string): 'noreplace' | 'noerror' | undefined {
  const id = magicWordsOf(language).idOf(flag.trim());
  if (id?.endsWith('_noreplace')) return 'noreplace';
  return id?.endsWith('_noerror') ? 'noerror' : undefined;
}

/**
 * Sets a page property the way `DEFAULTSORT` and `DISPLAYTITLE` do: unless one is set and the flag
 * is `noreplace`. Replacing another value without a flag gives the error `message` (both values
 * escaped), else nothing.
 */
async function setProperty(
  name: string,
  value: string,
  shown: string,
  flag: string,
  call: FunctionCall,
  message: string,
): Promise<string> {
  const properties = call.expander.pageProperties;
  const old = properties.get(name);
  const given = flagOf(flag, call.expander.host.titles.site.language);
  if (old === undefined || given !== 'noreplace') properties.set(name, value);
  if (old === undefined || old === value || given !== undefined) return '';
  const text = await call.expander.message(message, [escapeWikiText(old), escapeWikiText(shown)]);
  return `<span class="error">${text}</span>`;
}

/** `{{DEFAULTSORT:key}}` sets the page's sort key (the `defaultsort` property). */
function defaultSort(key: string, flag: string, call: FunctionCall): Promise<string> | string {
  if (key === '') return '';
  return setProperty('defaultsort', key, key, flag, call, 'duplicate-defaultsort');
}

/**
 * `{{DISPLAYTITLE:text}}` sets the title shown (the `displaytitle` property) when the text, without
 * its tags, names the page itself (display titles are restricted, as MediaWiki's default is);
 * otherwise it is ignored and the page tracked as having an ignored display title. Its quotes are
 * made bold and italic first, as MediaWiki does; its tags are not sanitised.
 */
function displayTitle(written: string, flag: string, call: FunctionCall): Promise<string> | string {
  const { host } = call.expander;
  const text = renderQuotes(written);
  const named = host.titles.parseOrUndefined(decodeCharReferences(text.replace(/<[^>]*>/g, '')));
  const same =
    named !== undefined &&
    named.interwiki === '' &&
    named.fragment === '' &&
    named.namespace === host.page.namespace &&
    named.dbKey === host.page.dbKey;
  if (!same) {
    call.expander.track('restricted-displaytitle-ignored');
    return '';
  }
  return setProperty('displaytitle', text, decodeCharReferences(text), flag, call, 'duplicate-displaytitle');
}

/** `{{bidi:}}`: the text embedded in the direction of its first strong character (LRE or RLE … PDF). */
function embedBidi(text: string): string {
  const strong = /[\p{L}]/u.exec(text)?.[0];
  if (strong === undefined) return text;
  const rtl = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(strong);
  return `${rtl ? '\u202B' : '\u202A'}${text}\u202C`;
}

function escapeUrlHtml(text: string | undefined): string | undefined {
  return text?.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `{{#tag:name|content|attr=value}}`: the tag as written (read for templates, any name is kept). */
async function tag(call: FunctionCall): Promise<string> {
  const name = call.first.toLowerCase().trim();
  const [content, ...rest] = call.parts;
  let attrs = '';
  for (const part of rest) {
    if (typeof part.name === 'number') continue;
    const attrName = (await call.expander.expand(part.name, call.frame)).trim();
    let value = (await call.expander.expand(part.value, call.frame)).trim();
    const quoted = /^(?:["'](.+)["']|""|'')$/s.exec(value);
    if (quoted) value = quoted[1] ?? '';
    attrs += ` ${escapeUrlHtml(attrName)}="${escapeUrlHtml(value)}"`;
  }
  if (content === undefined) return `<${name}${attrs}/>`;
  const inner = await call.expander.expandPart(content, call.frame);
  return `<${name}${attrs}>${inner}</${name}>`;
}

/**
 * A parser function's value (`{{lc:X}}`, `{{#if:…}}`), or undefined when `name` names none (the
 * call is then a template) or the function declines its arguments.
 */
export async function callParserFunction(
  name: string,
  first: string,
  parts: readonly PPPart[],
  frame: Frame,
  expander: Expander,
): Promise<FunctionValue | undefined> {
  const hash = name.startsWith('#');
  const magicWords = magicWordsOf(expander.host.titles.site.language);
  // Some functions have the `#` in their names (`#language`), the others take it as a mark.
  const id = (hash ? magicWords.idOf(name) : undefined) ?? magicWords.idOf(hash ? name.slice(1) : name);
  if (id === undefined || HASH_FUNCTIONS.has(id) !== hash) return undefined;
  const call: FunctionCall = { first, parts, frame, expander };
  const condition = await callCondition(id, call);
  if (condition !== undefined) return condition;
  if (id === 'tag') return tag(call);
  if (id === 'time' || id === 'timel') {
    const [format = '', date = '', language = ''] = await plainArgs(call);
    return timeFunction(format, date, language, expander);
  }
  if (PAGE_FUNCTIONS.includes(id)) {
    const title = expander.host.titles.parseOrUndefined(first);
    return title === undefined ? '' : pageVariable(id, title, expander);
  }
  const fn = PLAIN_FUNCTIONS[id];
  return fn === undefined ? undefined : fn(await plainArgs(call), call);
}

/**
 * `{{#time:format|date|language}}`: in the page's language, or in the one named when it is a
 * language code (a code MediaWiki has no names for writes English's).
 */
/** What MediaWiki takes for a language code it may have files for. */
const VALID_BUILT_IN_CODE = /^[a-z0-9-]{2,}$/;

async function timeFunction(format: string, date: string, language: string, expander: Expander): Promise<string> {
  const given = date.trim();
  // Without a date the text shows the current time, and holds until the next change it shows.
  if (given === '') expander.limitTtl(dateTtl(format, expander.host.now));
  const when = given === '' ? expander.host.now : parseDate(given, expander.host.now);
  if (when === undefined) return `<strong class="error">${await expander.message('pfunc_time_error')}</strong>`;
  const code = language.trim();
  return formatDate(format, when, VALID_BUILT_IN_CODE.test(code) ? code : expander.host.titles.site.language);
}

function parseDate(text: string, now: Date): Date | undefined {
  if (/^now$/i.test(text)) return now;
  if (/^@-?\d+$/.test(text)) return new Date(Number(text.slice(1)) * 1000);
  if (/^\d{4}$/.test(text))
    return new Date(
      Date.UTC(
        now.getUTCFullYear(),
        now.getUTCMonth(),
        now.getUTCDate(),
        Number(text.slice(0, 2)),
        Number(text.slice(2)),
      ),
    );
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?Z?$/.exec(text);
  if (iso) {
    const [, y, m, d, h = '0', min = '0', s = '0'] = iso;
    return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), Number(h), Number(min), Number(s)));
  }
  const parsed = Date.parse(`${text} UTC`);
  return Number.isNaN(parsed) ? undefined : new Date(parsed);
}
