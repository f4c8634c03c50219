/**
 * MediaWiki 1.39's script conversion between a language's variants (Chinese's simplified and
 * traditional script, Gan's, Tajik's Latin, Talysh's Cyrillic), as
 * `tools/mediawiki-language-variants.php` wrote it from a MediaWiki installation into
 * `language-variants.json`: each language's variants and, for the languages whose conversion is
 * done by replacement tables alone, each variant's tables. A text is converted as PHP's `strtr`
 * replaces: from the start, the longest table entry that matches at a position is replaced and
 * the scan goes on after it; where none matches one character is kept.
 *
 * Serbian's converter adds rules of its own around its tables, followed here: Roman numerals
 * standing as words (`XIV`) are not converted, and a text with more letters particular to the
 * wanted script (`ш`, `đ`, …) than to the other is left as it is. The languages whose converters
 * follow rules of their own (Kazakh, Kurdish, Crimean Tatar, Uzbek, Inuktitut, Tachelhit,
 * Balinese) are listed with their variants and convert nothing here. A wiki's own conversion
 * pages (`MediaWiki:Conversiontable/zh-hans`) are not read.
 */
import { readFileSync } from 'node:fs';

interface VariantsFile {
  languages: Record<string, { variants: string[]; tables?: Record<string, string[]>; rules?: 'serbian' }>;
  tables: Record<string, string>[];
}

/** A variant's replacements, with the longest key by its first UTF-16 unit. */
interface Table {
  entries: Map<string, string>;
  longest: Map<number, number>;
}

export interface LanguageConverter {
  language: string;
  /** The language's variants, the language itself first, in MediaWiki's order. */
  variants: readonly string[];
  /** Whether texts are converted (the languages converted by tables alone). */
  converts: boolean;
  /** `text` in `variant`'s script: MediaWiki's `translate`. */
  translate(text: string, variant: string): string;
  /**
   * An HTML text in `variant`'s script, its tags, character references and `<code>`, `<pre>` and
   * `<script>` elements left as they are but for a tag's `title` and `alt` attributes (not where
   * they hold a URL): MediaWiki's `autoConvert`.
   */
  autoConvert(html: string, variant: string): string;
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

/** PHP's `strtr` with an array: the longest match at each position, replaced text not searched again. */
function replaceLongest(text: string, table: Table): string {
  if (table.entries.size === 0) return text;
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const most = table.longest.get(text.charCodeAt(i));
    let matched = 0;
    if (most !== undefined) {
      for (let length = Math.min(most, text.length - i); length > 0; length--) {
        const to = table.entries.get(text.slice(i, i + length));
        if (to === undefined) continue;
        out += text.slice(copied, i) + to;
        matched = length;
        break;
      }
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

/** What `autoConvert` leaves as it is: code, pre and script elements, tags, character references. */
const KEPT_MARKUP =
  /<code>[\s\S]*?<\/code>|<script[^>]*>[\s\S]*?<\/script>|<pre[^>]*>[\s\S]*?<\/pre>|<[^>]*>|&[a-zA-Z#][a-z0-9]+;/g;

/** A tag's quoted `title` and `alt` values converted, those holding a URL (`://`) left as they are. */
function convertedAttributes(
  markup: string,
  variant: string,
  translate: (text: string, variant: string) => string,
): string {
  if (!markup.startsWith('<') || !/\s(?:title|alt)\s*=/i.test(markup)) return markup;
  return markup.replace(
    /(\s(?:title|alt)\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi,
    (whole, name: string, double: string | undefined, single: string | undefined) => {
      const value = double ?? single ?? '';
      if (value.includes('://')) return whole;
      const converted = value
        .split(/(&[a-zA-Z#][a-z0-9]+;)/)
        .map((part, i) => (i % 2 === 1 ? part : translate(part, variant)))
        .join('');
      return double === undefined ? `${name}'${converted}'` : `${name}"${converted}"`;
    },
  );
}

/** ASCII characters but letters, digits and `_`: what may stand around a Roman numeral (Serbian). */
const BREAK = '[\\x00-\\x2f\\x3a-\\x40\\x5b-\\x5e\\x60\\x7b-\\x7f]';
const ROMAN = '(?=[MDCLXVI])M{0,4}(?:C[DM]|D?C{0,3})(?:X[LC]|L?X{0,3})(?:I[VX]|V?I{0,3})';
const ROMAN_NUMERAL = new RegExp(`^${ROMAN}$|^${ROMAN}${BREAK}|${BREAK}${ROMAN}$|${BREAK}${ROMAN}${BREAK}`, 'g');

/** Serbian's `translate`: the text around Roman numerals (with the characters that bound them) converted. */
function serbianTranslate(text: string, translate: (part: string) => string): string {
  let out = '';
  let from = 0;
  for (const match of text.matchAll(ROMAN_NUMERAL)) {
    out += translate(text.slice(from, match.index)) + match[0];
    from = match.index + match[0].length;
  }
  return out + translate(text.slice(from));
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
  const translatePart = (text: string, variant: string): string => {
    if (isBlank(text)) return text;
    const table = tableOf(variant);
    return table === undefined ? text : replaceLongest(text, table);
  };
  const serbian = entry.rules === 'serbian';
  const translate = serbian
    ? (text: string, variant: string) => serbianTranslate(text, (part) => translatePart(part, variant))
    : translatePart;
  return {
    language,
    variants: entry.variants,
    converts: entry.tables !== undefined,
    translate,
    autoConvert: (html, variant) => {
      if (serbian && serbianInVariant(html, variant)) return html;
      const text = html.replaceAll('\0', '').replaceAll('\u0004', '');
      let out = '';
      let from = 0;
      for (const match of text.matchAll(KEPT_MARKUP)) {
        out += translate(text.slice(from, match.index), variant) + convertedAttributes(match[0], variant, translate);
        from = match.index + match[0].length;
      }
      return out + translate(text.slice(from), variant);
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
