/**
 * MediaWiki 1.39's script conversion between a language's variants (Chinese's simplified and
 * traditional script, Serbian's, Kazakh's, ...), as `tools/mediawiki-language-variants.php` wrote
 * it from a MediaWiki installation into `language-variants.json`: each language's variants and,
 * for the languages converted by replacement tables, each variant's tables; for Kazakh and
 * Crimean Tatar, their converters' regular expressions and exception words. A table converts a
 * text as PHP's `strtr` replaces: from the start, the longest table entry that matches at a
 * position is replaced and the scan goes on after it; where none matches one character is kept.
 *
 * Serbian's converter adds rules of its own around its tables, followed here: Roman numerals
 * standing as words (`XIV`) are not converted, and a text with more letters particular to the
 * wanted script (`ш`, `đ`, …) than to the other is left as it is. Inuktitut and Tachelhit lowercase
 * Latin letters before their table to their own script; Uzbek's, Kazakh's and Crimean Tatar's rules
 * are in `variant-rules.ts`. Balinese (ICU's transliterator in MediaWiki) is listed with its
 * variants and converts nothing here. A wiki's own conversion pages
 * (`MediaWiki:Conversiontable/zh-hans`) are not read.
 */
import { readFileSync } from 'node:fs';
import { escapeHtmlQuotes } from '../../text/escape.js';
import { decodeCharReferences } from '../html-entities.js';
import {
  type CrimeanRules,
  convertBetween,
  crimeanTranslator,
  kazakhTranslator,
  type PhpReplacement,
  uzbekBeforeTable,
} from './variant-rules.js';

interface VariantsFile {
  languages: Record<
    string,
    {
      variants: string[];
      tables?: Record<string, string[]>;
      rules?: 'serbian' | 'uzbek' | 'kazakh' | 'lowercase' | 'crimean';
      patterns?: Record<string, PhpReplacement[]>;
      exceptions?: Record<string, Record<string, string>>;
      /** The variant whose conversion first lowercases Latin letters by the `lowercase` table. */
      lowercased?: string;
      keepsUserTitles?: boolean;
      markup: MarkupFile;
    }
  >;
  tables: Record<string, string>[];
  /** Every language MediaWiki defines, by its code, in its own words (what the `N` flag shows). */
  autonyms: Record<string, string>;
}

/** What a converter's `-{…}-` markup reads, as the file has it. */
interface MarkupFile {
  /** The flags a rule may name (a converter's own names for them too) and the flag each stands for. */
  flags: Record<string, string>;
  /** The variants whose manual rules convert one way (`unidirectional`) or not at all (`disable`). */
  manualLevels: Record<string, 'unidirectional' | 'disable'>;
  fallbacks: Record<string, string | string[]>;
  names: Record<string, string>;
  descriptionSeparators: [string, string];
  /** The PCRE pattern that splits a rule's text between its variants. */
  separatorPattern: string;
  /** Other codes (lowercased) of variants: BCP 47's, deprecated ones. */
  aliases: Record<string, string>;
}

/** A variant's replacements, with the longest key by its first UTF-16 unit. */
interface Table {
  entries: Map<string, string>;
  longest: Map<number, number>;
}

/**
 * What the page's manual rules (`-{A|…}-`, `-{H|…}-`, `-{-|…}-`) changed in a variant's table:
 * a pair added, or (null) a key taken out.
 */
export interface ManualTable {
  entries: Map<string, string | null>;
  longest: Map<number, number>;
}

/** What a converter's `-{…}-` markup reads (see converter-markup.ts). */
export interface ConverterMarkup {
  /** The flag a rule's flag text stands for (`A`, `S`, a variant), undefined for none. */
  flag(text: string): string | undefined;
  /** How a variant takes manual rules: both ways (the default), one way, or not at all. */
  manualLevel(variant: string): 'bidirectional' | 'unidirectional' | 'disable';
  /** A variant's fallbacks as the converter has them: a list, or a single code (the main one by default). */
  fallbacks(variant: string): string | readonly string[];
  /** A variant's name (the `D` flag, and whether a rule names a variant); undefined where there is none. */
  name(code: string): string | undefined;
  /** A language's name for the `N` flag: the converter's own names, else any language's own name. */
  languageName(code: string): string | undefined;
  descriptionSeparators: readonly [code: string, variant: string];
  /** A rule's text split where a variant's part begins (at a `;` followed by a variant and `:`). */
  splitChoices(rules: string): string[];
  /** The variant a code names (any case, BCP 47's or a deprecated code), undefined for none. */
  validateVariant(code: string): string | undefined;
}

export interface LanguageConverter {
  language: string;
  /** The language's variants, the language itself first, in MediaWiki's order. */
  variants: readonly string[];
  /** Whether texts are converted (the languages whose conversion this service has). */
  converts: boolean;
  /**
   * Whether titles in the User and User talk namespaces are left as given when a title is looked
   * up in the other variants (MediaWiki's `LanguageConverterSpecific`: Serbian, Kazakh, ...).
   */
  keepsUserTitles: boolean;
  /** `text` in `variant`'s script: MediaWiki's `translate`. */
  translate(text: string, variant: string): string;
  /**
   * An HTML text in `variant`'s script, its tags, character references and `<code>`, `<pre>` and
   * `<script>` elements left as they are but for a tag's `title` and `alt` attributes (not where
   * they hold a URL): MediaWiki's `autoConvert`.
   */
  autoConvert(html: string, variant: string): string;
  /** Whether a text is in `variant`'s script already, so that it is left as it is (Serbian's guess). */
  guessVariant(text: string, variant: string): boolean;
  markup: ConverterMarkup;
  /**
   * `run`'s result, the conversions within it made with `manual`'s changes to the variants'
   * tables, and a tag's `title` and `alt` converted by `attribute` (their markup read).
   */
  withManualTables<T>(
    manual: ReadonlyMap<string, ManualTable>,
    attribute: (text: string, variant: string) => string,
    run: () => T,
  ): T;
}

let file: VariantsFile | undefined;
const converters = new Map<string, LanguageConverter | null>();

function variantsFile(): VariantsFile {
  file ??= JSON.parse(readFileSync(new URL('./language-variants.json', import.meta.url), 'utf8')) as VariantsFile;
  return file;
}

/** Tables merged, the first one's entry winning where two have the same key. */
function mergedTable(parts: readonly Record<string, string>[]): Table {
  const entries = new Map<string, string>();
  for (const part of [...parts].reverse()) {
    for (const [from, to] of Object.entries(part)) if (from !== '') entries.set(from, to);
  }
  const longest = new Map<number, number>();
  for (const from of entries.keys()) {
    const first = from.charCodeAt(0);
    if ((longest.get(first) ?? 0) < from.length) longest.set(first, from.length);
  }
  return { entries, longest };
}

const EMPTY_TABLE: Table = { entries: new Map(), longest: new Map() };

/**
 * PHP's `strtr` with an array: the longest match at each position, replaced text not searched
 * again; with `manual`, the table as the page's manual rules changed it (their pairs winning).
 */
function replaceLongest(text: string, table: Table, manual?: ManualTable): string {
  if (table.entries.size === 0 && (manual === undefined || manual.entries.size === 0)) return text;
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const unit = text.charCodeAt(i);
    const most = Math.max(table.longest.get(unit) ?? 0, manual?.longest.get(unit) ?? 0);
    let matched = 0;
    for (let length = Math.min(most, text.length - i); length > 0; length--) {
      const key = text.slice(i, i + length);
      const changed = manual?.entries.get(key);
      const to = changed === undefined ? table.entries.get(key) : changed;
      if (to === undefined || to === null) continue;
      out += text.slice(copied, i) + to;
      matched = length;
      break;
    }
    if (matched > 0) {
      i += matched;
      copied = i;
    } else {
      i++;
    }
  }
  return out + text.slice(copied);
}

/**
 * Text a converter leaves as it is, as MediaWiki's does a `<nowiki>` element's (a strip marker
 * then): held between these two characters until the conversion is done.
 */
export const UNCONVERTED_START = '\ue003';
export const UNCONVERTED_END = '\ue004';

/** PCRE's `\s` outside Unicode mode: ASCII white space only (not the ideographic space). */
const PCRE_SPACE = '[ \\t\\n\\v\\f\\r]';

/**
 * A tag as MediaWiki's converter reads one: `<`, text without `>` or `=` around attributes
 * `name=value` (each taken whole, as its pattern's atomic groups take them), then `>`. Its
 * groups are numbered from `n`.
 */
export function tagPattern(n: number): string {
  const value = `(?:"[^"]*"|'[^']*'|[^'">${PCRE_SPACE.slice(1, -1)}]*)`;
  return `<(?=([^>=]*))\\${n}(?=((?:[^>=]*=${PCRE_SPACE}*${value})*))\\${n + 1}(?=([^>=]*))\\${n + 2}>`;
}

/**
 * What `autoConvert` leaves as it is: code, pre and script elements, tags (a `<` that opens none
 * leaves the rest of the text as it is), character references, unconverted text, and what
 * precedes a first `>` before any `<` (the end of a tag the text stands in).
 */
const KEPT_MARKUP = new RegExp(
  `<code>[\\s\\S]*?<\\/code>|<script[^>]*>[\\s\\S]*?<\\/script>|<pre[^>]*>[\\s\\S]*?<\\/pre>|${tagPattern(1)}|<[\\s\\S]*|&[a-zA-Z#][a-z0-9]+;|${UNCONVERTED_START}[^${UNCONVERTED_END}]*${UNCONVERTED_END}|^[^<>]*>`,
  'g',
);

/** An attribute as MediaWiki's sanitizer reads a tag's: its name, then a value quoted or alone. */
const TAG_ATTRIBUTE =
  /([^\t\n\f\r />=]|=)[^\t\n\f\r />=]*([\t\n\f\r ]*=[\t\n\f\r ]*(?:"([^"]*)(?:"|$)|'([^']*)(?:'|$)|((?:(?![\t\n\f\r ]|>)[\s\S])*)))?/gu;
const ATTRIBUTE_NAME = /^[:_\p{L}\p{N}][:_.\-\p{L}\p{N}]*$/u;

/** A tag's attributes as MediaWiki's `decodeTagAttributes` reads them: the last of a name winning. */
function tagAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const m of text.matchAll(TAG_ATTRIBUTE)) {
    const name = m[0].slice(0, m[0].length - (m[2]?.length ?? 0)).toLowerCase();
    if (!ATTRIBUTE_NAME.test(name)) continue;
    const value = (m[5] ?? m[4] ?? m[3] ?? '')
      .replace(/[\t\r\n ]+/g, ' ')
      .replace(/^[ \t\n\r\0\v]+|[ \t\n\r\0\v]+$/g, '');
    attributes.delete(name);
    attributes.set(name, decodeCharReferences(value));
  }
  return attributes;
}

/**
 * A tag whose `title` or `alt` value (not one holding a URL after its first character) another
 * variant writes otherwise, written again as MediaWiki's `Html::expandAttributes` writes it:
 * every attribute double-quoted, its value escaped, a self-closing tag's ` /` kept.
 */
function convertedAttributes(
  markup: string,
  variant: string,
  convert: (text: string, variant: string) => string,
): string {
  if (!markup.startsWith('<') || !/\s(?:title|alt)\s*=/i.test(markup)) return markup;
  const element = /^(<[^>\s]*)\s([^>]*)([\s\S]*)$/.exec(markup);
  if (element === null) return markup;
  const [, opening, inside, rest] = element as unknown as [string, string, string, string];
  const attributes = tagAttributes(inside);
  let changed = false;
  for (const name of ['title', 'alt']) {
    const value = attributes.get(name);
    if (value === undefined || value.indexOf('://') > 0) continue;
    const converted = convert(value, variant);
    if (converted === value) continue;
    attributes.set(name, converted);
    changed = true;
  }
  if (!changed) return markup;
  let out = opening;
  for (const [name, value] of attributes) {
    out += ` ${name}="${escapeHtmlQuotes(value).replaceAll('\n', '&#10;').replaceAll('\r', '&#13;').replaceAll('\t', '&#9;')}"`;
  }
  return out + (inside.endsWith('/') ? ' /' : '') + rest;
}

/** ASCII characters but letters, digits and `_`: what may stand around a Roman numeral (Serbian). */
const BREAK = '[\\x00-\\x2f\\x3a-\\x40\\x5b-\\x5e\\x60\\x7b-\\x7f]';
const ROMAN = '(?=[MDCLXVI])M{0,4}(?:C[DM]|D?C{0,3})(?:X[LC]|L?X{0,3})(?:I[VX]|V?I{0,3})';
const ROMAN_NUMERAL = new RegExp(`^${ROMAN}$|^${ROMAN}${BREAK}|${BREAK}${ROMAN}$|${BREAK}${ROMAN}${BREAK}`, 'g');

/** Serbian's `translate`: the text around Roman numerals (with the characters that bound them) converted. */
function serbianTranslate(text: string, translate: (part: string) => string): string {
  return convertBetween(text, ROMAN_NUMERAL, translate);
}

const SERBIAN_CYRILLIC = /[шђчћжШЂЧЋЖ]/g;
const SERBIAN_LATIN = /[šđčćžŠĐČĆŽ]/g;

/** Serbian's `guessVariant`: whether a text is mostly in the wanted script already. */
function serbianInVariant(text: string, variant: string): boolean {
  const cyrillic = text.match(SERBIAN_CYRILLIC)?.length ?? 0;
  const latin = text.match(SERBIAN_LATIN)?.length ?? 0;
  if (variant === 'sr-ec') return cyrillic > latin;
  if (variant === 'sr-el') return latin > cyrillic;
  return false;
}

/** PHP's `trim` set: a text of only these is not converted. */
const PHP_BLANK = new Set([' ', '\t', '\n', '\r', '\0', '\v']);

function isBlank(text: string): boolean {
  for (const c of text) if (!PHP_BLANK.has(c)) return false;
  return true;
}

function converterOf(language: string): LanguageConverter | null {
  const data = variantsFile();
  const entry = data.languages[language];
  if (entry === undefined) return null;
  const tables = new Map<string, Table>();
  const tableOf = (variant: string): Table | undefined => {
    const ids = entry.tables?.[variant];
    if (ids === undefined) return undefined;
    let table = tables.get(variant);
    if (table === undefined) {
      table = mergedTable(ids.map((id) => data.tables[Number(id)] as Record<string, string>));
      tables.set(variant, table);
    }
    return table;
  };
  /** The tables as the page's manual rules changed them, while a conversion with them runs. */
  let manual: ReadonlyMap<string, ManualTable> | undefined;
  /** How a `title` or `alt` attribute is converted (with its markup, while a conversion with it runs). */
  let convertAttribute: ((text: string, variant: string) => string) | undefined;
  const translatePart = (text: string, variant: string): string => {
    if (isBlank(text)) return text;
    const table = tableOf(variant);
    const changed = manual?.get(variant);
    if (table === undefined && changed === undefined) return text;
    return replaceLongest(text, table ?? EMPTY_TABLE, changed);
  };
  const serbian = entry.rules === 'serbian';
  let translate = translatePart;
  if (serbian) translate = (text, variant) => serbianTranslate(text, (part) => translatePart(part, variant));
  else if (entry.rules === 'uzbek')
    translate = (text, variant) => translatePart(uzbekBeforeTable(text, variant), variant);
  else if (entry.rules === 'kazakh' && entry.patterns !== undefined) {
    // Its tables are empty but for what manual rules add, which convert first.
    const kazakh = kazakhTranslator(entry.patterns as Record<'cyrl' | 'latn' | 'arab', PhpReplacement[]>);
    translate = (text, variant) => kazakh(translatePart(text, variant), variant);
  } else if (entry.rules === 'lowercase') {
    const lowercase = tableOf('lowercase');
    translate = (text, variant) =>
      translatePart(
        variant === entry.lowercased && lowercase !== undefined && !isBlank(text)
          ? replaceLongest(text, lowercase)
          : text,
        variant,
      );
  } else if (entry.rules === 'crimean' && entry.patterns !== undefined && entry.exceptions !== undefined) {
    const exceptions = entry.exceptions;
    const strtr = (variant: 'crh-latn' | 'crh-cyrl') => {
      const table = mergedTable([exceptions[variant] ?? {}]);
      return (text: string) => replaceLongest(text, table);
    };
    translate = crimeanTranslator({
      exceptions: { 'crh-latn': strtr('crh-latn'), 'crh-cyrl': strtr('crh-cyrl') },
      patterns: entry.patterns as CrimeanRules['patterns'],
      table: translatePart,
    });
  }
  const guessVariant = (text: string, variant: string): boolean => serbian && serbianInVariant(text, variant);
  const autoConvert = (html: string, variant: string): string => {
    if (guessVariant(html, variant)) return html;
    // As MediaWiki: the text between markup translated at once, its pieces kept apart by NULs.
    const text = html.replaceAll('\0', '').replaceAll('\u0004', '');
    const pieces: string[] = [];
    const kept: string[] = [];
    let from = 0;
    for (const match of text.matchAll(KEPT_MARKUP)) {
      pieces.push(text.slice(from, match.index));
      kept.push(convertedAttributes(match[0], variant, convertAttribute ?? autoConvert));
      from = match.index + match[0].length;
    }
    pieces.push(text.slice(from));
    const translated = translate(`${pieces.join('\0')}\0`, variant).split('\0');
    let out = '';
    for (let i = 0; i < pieces.length; i++) out += (translated[i] ?? '') + (kept[i] ?? '');
    return out;
  };
  return {
    language,
    variants: entry.variants,
    converts: entry.tables !== undefined || entry.patterns !== undefined,
    keepsUserTitles: entry.keepsUserTitles === true,
    translate,
    autoConvert,
    guessVariant,
    markup: converterMarkup(entry.variants, entry.markup, data.autonyms),
    withManualTables(tables, attribute, run) {
      const before = [manual, convertAttribute] as const;
      manual = tables;
      convertAttribute = attribute;
      try {
        return run();
      } finally {
        [manual, convertAttribute] = before;
      }
    },
  };
}

function converterMarkup(
  variants: readonly string[],
  facts: MarkupFile,
  autonyms: Record<string, string>,
): ConverterMarkup {
  const body = facts.separatorPattern.slice(1, facts.separatorPattern.lastIndexOf('/'));
  const separator = new RegExp(body.replaceAll('\\s', PCRE_SPACE).replace(/\$\)$/, '(?=\\n?$))'));
  const known = new Set(variants);
  const main = variants[0] as string;
  return {
    flag: (text) => (Object.hasOwn(facts.flags, text) ? facts.flags[text] : undefined),
    manualLevel: (variant) => facts.manualLevels[variant] ?? 'bidirectional',
    fallbacks: (variant) => facts.fallbacks[variant] ?? main,
    name: (code) => (Object.hasOwn(facts.names, code) ? facts.names[code] : undefined),
    languageName: (code) => {
      if (Object.hasOwn(facts.names, code)) return facts.names[code];
      return Object.hasOwn(autonyms, code) ? autonyms[code] : undefined;
    },
    descriptionSeparators: facts.descriptionSeparators,
    splitChoices: (rules) => rules.split(separator),
    validateVariant(code) {
      const lower = code.toLowerCase();
      if (known.has(lower)) return lower;
      return Object.hasOwn(facts.aliases, lower) ? facts.aliases[lower] : undefined;
    },
  };
}

/** The converter of a language with variants (`zh`, `sr`, …); undefined for a language without. */
export function languageConverter(language: string): LanguageConverter | undefined {
  let converter = converters.get(language);
  if (converter === undefined) {
    // Only codes the file has are remembered: a made-up code costs a lookup, not memory.
    converter = variantsFile().languages[language] === undefined ? null : converterOf(language);
    if (converter !== null) converters.set(language, converter);
  }
  return converter ?? undefined;
}
