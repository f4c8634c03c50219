import { formatNumberIn } from '../../site/number-format.js';
import { withXmlTextOnly } from '../../text/escape.js';
import { KeyedList, type ResultValue } from '../result/tree.js';
import { QQX, qqxText, readerTexts, type StoredMessages } from './catalogue.js';
import { GERMAN_MESSAGES } from './de.js';
import { ENGLISH_MESSAGES } from './en.js';
import { transformMessageSync } from './transform.js';

/** A parameter of a message: text, a number (formatted for the language), or a list of names. */
export type MessageParam =
  | string
  | number
  /**
   * Names joined as the language writes a list (`a, b and c`), or with commas only (`comma`);
   * quoted names are parameter names (`<var>` in raw parameters).
   */
  | {
      list: readonly string[];
      quoted?: boolean;
      type?: 'text' | 'comma';
      /** The items are numbers (namespace ids): `raw` parameters give them as numbers. */
      numeric?: boolean;
      /**
       * The items' keys in `raw` parameters, when not 0, 1, ...: MediaWiki lists unrecognized
       * parameters under their positions among the request's parameters.
       */
      positions?: readonly number[];
    }
  | { raw: number }
  /** A number formatted for the language, which raw parameters mark as one (`{num: 255}`). */
  | { num: number }
  /**
   * Another message's text in the same language (`action-deletedhistory` in a permission error),
   * with its own parameters (an error that wraps the reason it was given).
   */
  | { message: string; params?: readonly MessageParam[] };

const CATALOGUES: Record<string, Record<string, string>> = { en: ENGLISH_MESSAGES, de: GERMAN_MESSAGES };

/** The languages we have texts for; any other language falls back to English. */
export function messageLanguage(code: string): 'en' | 'de' {
  return code === 'de' || code.startsWith('de-') ? 'de' : 'en';
}

/**
 * A name in a text: English marks it as MediaWiki's texts do (`<var>`, shown as quotes in plain
 * text, see `stripMarkup`); German quotes it.
 */
function quote(text: string, lang: 'en' | 'de'): string {
  return lang === 'de' ? `„${text}“` : `<var>${text}</var>`;
}

const SEMANTIC_TAGS = /<\/?(?:var|kbd|samp|code)>/g;

/**
 * A message's wikitext as plain text, as MediaWiki's error formatter makes it: the tags that mark
 * names and values (`<var>`, `<kbd>`, `<samp>`, `<code>`) become double quotes.
 */
export function stripMarkup(text: string): string {
  return text.includes('<') ? text.replace(SEMANTIC_TAGS, '"') : text;
}

/** Those tags kept as HTML in a text escaped for HTML. */
export function keepSemanticTags(escaped: string): string {
  return escaped.includes('&lt;') ? escaped.replace(/&lt;(\/?(?:var|kbd|samp|code))&gt;/g, '<$1>') : escaped;
}

/** Joins names as the language writes a list: `<var>a</var>, <var>b</var> and <var>c</var>`. */
export function formatList(items: readonly string[], lang: 'en' | 'de', quoted: boolean): string {
  const parts = quoted ? items.map((item) => quote(item, lang)) : [...items];
  return joinList(parts, ', ', lang === 'de' ? ' und ' : ' and ', false);
}

/** Items joined by `comma`, the last one by `and` unless the list is joined by commas only. */
function joinList(items: readonly string[], comma: string, and: string, commaOnly: boolean): string {
  if (commaOnly || items.length <= 1) return items.join(comma);
  return `${items.slice(0, -1).join(comma)}${and}${items[items.length - 1]}`;
}

/** A list parameter's items as MediaWiki's own texts hold them: parameter names as `<var>`. */
function listItems(param: { list: readonly string[]; quoted?: boolean }): string[] {
  return param.quoted ? param.list.map((item) => `<var>${item}</var>`) : [...param.list];
}

function paramText(param: MessageParam, lang: 'en' | 'de'): string {
  if (typeof param === 'string') return param;
  if (typeof param === 'number') return formatNumberIn(param, lang);
  if ('raw' in param) return String(param.raw);
  if ('num' in param) return formatNumberIn(param.num, lang);
  if ('message' in param) return renderMessage(param.message, param.params ?? [], lang);
  if (param.type === 'comma') return param.list.join(', ');
  return formatList(param.list, lang, param.quoted ?? false);
}

function paramCount(param: MessageParam | undefined): number {
  if (param === undefined) return 0;
  if (typeof param === 'number') return param;
  if (typeof param === 'string') return Number(param);
  if ('raw' in param) return param.raw;
  if ('num' in param) return param.num;
  if ('message' in param) return 0;
  return param.list.length;
}

/** The text of message `key` in `language`: the stored catalogue's, else the service's own wording. */
export function renderMessage(
  key: string,
  params: readonly MessageParam[],
  language: string,
  stored?: StoredMessages,
): string {
  // A parameter may hold what XML cannot carry (a multi-value's leading U+001F): MediaWiki's
  // clean-up of texts shows it as U+FFFD.
  return withXmlTextOnly(messageText(key, params, language, stored));
}

/** The text of a message as `renderMessage` makes it, before what XML cannot carry is replaced. */
export function messageText(
  key: string,
  params: readonly MessageParam[],
  language: string,
  stored?: StoredMessages,
): string {
  // A plain number is put in as written, as MediaWiki puts in a scalar parameter (the
  // parameter validator's numbers are its number parameters, written in the language's digits).
  if (!key.startsWith('paramvalidator-') && params.some((p) => typeof p === 'number'))
    params = params.map((p) => (typeof p === 'number' ? String(p) : p));
  if (language === QQX) return qqxMessage(key, params);
  const texts = readerTexts(stored?.catalogue, language, stored?.fallbacks?.(language));
  const storedTemplate = texts?.get(key);
  if (stored !== undefined && texts !== undefined && storedTemplate !== undefined) {
    return renderStored(storedTemplate, params, language, stored, texts);
  }
  const lang = messageLanguage(language);
  const template = CATALOGUES[lang][key] ?? ENGLISH_MESSAGES[key];
  // A key no catalogue holds shows as itself in MediaWiki's marks for a missing message.
  if (template === undefined) return `⧼${key}⧽`;
  return template
    .replace(/\{\{PLURAL:\$(\d+)\|([^|}]*)\|([^}]*)\}\}/g, (_, n: string, one: string, many: string) =>
      paramCount(params[Number(n) - 1]) === 1 ? one : many,
    )
    .replace(/\$(\d+)/g, (whole, n: string) => {
      const param = params[Number(n) - 1];
      return param === undefined ? whole : paramText(param, lang);
    });
}

/** A message in the pseudo-language `qqx`: `(key: a, b)`, lists joined by the separators' keys. */
function qqxMessage(key: string, params: readonly MessageParam[]): string {
  return qqxText(key, params.map(qqxParam));
}

function qqxParam(param: MessageParam): string {
  if (typeof param === 'string') return param;
  if (typeof param === 'number') return formatNumberIn(param, 'en');
  if ('raw' in param) return String(param.raw);
  if ('num' in param) return formatNumberIn(param.num, 'en');
  if ('message' in param) return qqxMessage(param.message, param.params ?? []);
  return joinList(listItems(param), '(comma-separator)', '(and)(word-separator)', param.type === 'comma');
}

const PARAM_OPEN = '\u{F0003}';
const PARAM_CLOSE = '\u{F0004}';

/**
 * A stored text rendered as MediaWiki renders its messages: the parameters put in for `$N`, then
 * `{{PLURAL:}}`, `{{GENDER:}}`, `{{GRAMMAR:}}`, `{{int:}}` and the site's magic words expanded.
 * A parameter that holds braces or bars is put in after the expansion, so that it is never read
 * as a call.
 */
function renderStored(
  template: string,
  params: readonly MessageParam[],
  language: string,
  stored: StoredMessages,
  texts: ReadonlyMap<string, string>,
): string {
  const late: string[] = [];
  const substituted = template.replace(/\$(\d+)/g, (whole, n: string) => {
    const param = params[Number(n) - 1];
    if (param === undefined) return whole;
    const text = storedParamText(param, language, stored, texts);
    if (!/[{}|]/.test(text)) return text;
    late.push(text);
    return `${PARAM_OPEN}${late.length - 1}${PARAM_CLOSE}`;
  });
  const expanded = transformMessageSync(substituted, {
    siteName: stored.siteName,
    server: stored.server,
    scriptPath: stored.scriptPath,
    language,
    contentLanguage: stored.contentLanguage,
    page: { fullTitle: 'API', text: 'API', namespace: '' },
    readerName: stored.readerName,
    gender: stored.gender,
    message: (key) => texts.get(key),
  });
  if (late.length === 0) return expanded;
  return expanded.replace(new RegExp(`${PARAM_OPEN}(\\d+)${PARAM_CLOSE}`, 'gu'), (_, i: string) => late[Number(i)]);
}

/** A parameter as MediaWiki puts it into its own texts: names as `<var>`, lists joined by the language's separators. */
function storedParamText(
  param: MessageParam,
  language: string,
  stored: StoredMessages,
  texts: ReadonlyMap<string, string>,
): string {
  if (typeof param === 'string') return param;
  if (typeof param === 'number') return formatNumberIn(param, language);
  if ('raw' in param) return String(param.raw);
  if ('num' in param) return formatNumberIn(param.num, language);
  if ('message' in param) return renderMessage(param.message, param.params ?? [], language, stored);
  const and = `${texts.get('and') ?? ' and'}${texts.get('word-separator') ?? ' '}`;
  return joinList(listItems(param), texts.get('comma-separator') ?? ', ', and, param.type === 'comma');
}

/** A parameter as `errorformat=raw` reports it (MediaWiki's serialised message parameters). */
export type RawParam = string | number | KeyedList | { [key: string]: RawParam | RawParam[] };

/**
 * Parameters as `errorformat=raw` reports them: the parameter validator's messages (`paramvalidator-*`)
 * mark names and values as plain text and numbers as numbers; lists carry their type, parameter
 * names in them as `<var>`; a message parameter gives its key and parameters.
 */
export function rawParams(key: string, params: readonly MessageParam[]): RawParam[] {
  const validator = key.startsWith('paramvalidator-');
  return params.map((param): RawParam => {
    if (typeof param === 'string') return validator ? { plaintext: param } : param;
    if (typeof param === 'number') return validator ? { num: param } : param;
    if ('raw' in param) return validator ? { num: param.raw } : param.raw;
    if ('num' in param) return { num: param.num };
    if ('message' in param)
      return { message: { key: param.message, params: rawParams(param.message, param.params ?? []) } };
    const items: RawParam[] = param.list.map((item) =>
      param.quoted ? `<var>${item}</var>` : validator ? { plaintext: param.numeric ? Number(item) : item } : item,
    );
    const { positions } = param;
    if (positions === undefined) return { list: items, type: param.type ?? 'text' };
    const keyed = new KeyedList('_v', 'default');
    for (const [i, item] of items.entries()) keyed.set(positions[i] as number, item as ResultValue);
    return { list: keyed, type: param.type ?? 'text' };
  });
}
