import { GERMAN_MESSAGES } from './de.js';
import { ENGLISH_MESSAGES } from './en.js';

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
  if (parts.length <= 1) return parts.join('');
  const and = lang === 'de' ? ' und ' : ' and ';
  return `${parts.slice(0, -1).join(', ')}${and}${parts[parts.length - 1]}`;
}

function formatNumber(value: number, lang: 'en' | 'de'): string {
  return value.toLocaleString(lang === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 20 });
}

function paramText(param: MessageParam, lang: 'en' | 'de'): string {
  if (typeof param === 'string') return param;
  if (typeof param === 'number') return formatNumber(param, lang);
  if ('raw' in param) return String(param.raw);
  if ('num' in param) return formatNumber(param.num, lang);
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

/** The text of message `key` in `language` (English when we have no text in that language). */
export function renderMessage(key: string, params: readonly MessageParam[], language: string): string {
  const lang = messageLanguage(language);
  const template = CATALOGUES[lang][key] ?? ENGLISH_MESSAGES[key];
  if (template === undefined) return key;
  return template
    .replace(/\{\{PLURAL:\$(\d+)\|([^|}]*)\|([^}]*)\}\}/g, (_, n: string, one: string, many: string) =>
      paramCount(params[Number(n) - 1]) === 1 ? one : many,
    )
    .replace(/\$(\d+)/g, (whole, n: string) => {
      const param = params[Number(n) - 1];
      return param === undefined ? whole : paramText(param, lang);
    });
}

/** A parameter as `errorformat=raw` reports it (MediaWiki's serialised message parameters). */
export type RawParam = string | number | { [key: string]: RawParam | RawParam[] };

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
    return { list: items, type: param.type ?? 'text' };
  });
}
