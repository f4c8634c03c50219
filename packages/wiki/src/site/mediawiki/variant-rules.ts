/**
 * The script conversions of the languages whose converters in MediaWiki 1.39 add rules of their
 * own to (or use instead of) replacement tables: Uzbek's Cyrillic `е` and Kazakh's conversion
 * between its Cyrillic, Latin and Arabic scripts, the latter by the converter's lists of regular
 * expressions that `tools/mediawiki-language-variants.php` writes into `language-variants.json`.
 * Each list is applied as PHP's `preg_replace` applies it: pattern after pattern over the whole
 * text, every match replaced.
 */

/** A PHP regular expression (`/…/flags`) and its replacement, as the converter lists them. */
export type PhpReplacement = [pattern: string, replacement: string];

interface Replacement {
  pattern: RegExp;
  replace: (match: string, ...groups: unknown[]) => string;
}

/** `text` with the parts between the matches of `kept` (a global pattern) converted, the matches as they are. */
export function convertBetween(text: string, kept: RegExp, convert: (part: string) => string): string {
  let out = '';
  let from = 0;
  for (const match of text.matchAll(kept)) {
    out += convert(text.slice(from, match.index)) + match[0];
    from = match.index + match[0].length;
  }
  return out + convert(text.slice(from));
}

/** Characters a pattern may escape that JavaScript's Unicode mode takes only where they have a meaning. */
const JS_SYNTAX = new Set('^$\\.*+?()[]{}|/-');

/**
 * A PCRE pattern as JavaScript reads it: an escaped character without a meaning (`\,`) written
 * plain, and `$` outside a character class matching, as PCRE's does, at the end and before a
 * final line break.
 */
function javascriptSource(body: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === '\\') {
      const next = body[i + 1] ?? '';
      out += /[\p{L}\p{N}]/u.test(next) || JS_SYNTAX.has(next) ? c + next : next;
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
      if (body[i + 1] === '^') out += body[++i];
      if (body[i + 1] === ']') out += `\\${body[++i]}`;
    } else {
      out += c === '$' ? '(?=\\n?$)' : c;
    }
  }
  return out;
}

/** PHP's replacement text (`$1`, `${1}`, `\1`, `$0` for the whole match) as a function of a match. */
function replacer(replacement: string): Replacement['replace'] {
  const parts = replacement.split(/\$\{(\d{1,2})\}|\$(\d{1,2})|\\(\d{1,2})/);
  return (match, ...groups) => {
    let out = '';
    for (let i = 0; i < parts.length; i += 4) {
      out += parts[i] ?? '';
      const number = parts[i + 1] ?? parts[i + 2] ?? parts[i + 3];
      if (number === undefined) continue;
      const index = Number(number);
      const value = index === 0 ? match : groups[index - 1];
      out += typeof value === 'string' ? value : '';
    }
    return out;
  };
}

function compiled([pattern, replacement]: PhpReplacement): Replacement {
  const end = pattern.lastIndexOf('/');
  if (!pattern.startsWith('/') || end <= 0) throw new Error(`not a PHP pattern: ${pattern}`);
  const flags = pattern.slice(end + 1);
  if (/[^ui]/.test(flags)) throw new Error(`a PHP pattern's flags not read here: ${pattern}`);
  const js = `g${flags.includes('u') ? 'u' : ''}${flags.includes('i') ? 'i' : ''}`;
  return { pattern: new RegExp(javascriptSource(pattern.slice(1, end)), js), replace: replacer(replacement) };
}

/** A list of replacements applied in turn. */
export function replacementList(pairs: readonly PhpReplacement[]): (text: string) => string {
  const list = pairs.map(compiled);
  return (text) => {
    let out = text;
    for (const { pattern, replace } of list) out = out.replace(pattern, replace);
    return out;
  };
}

/** Uzbek: before the table to Cyrillic, `ye` and an `e` after a consonant are `е` (else `э`). */
export function uzbekBeforeTable(text: string, variant: string): string {
  if (variant !== 'uz-cyrl') return text;
  return text
    .replaceAll('ye', 'е')
    .replaceAll('Ye', 'Е')
    .replaceAll('YE', 'Е')
    .replace(/([BVGDJZYKLMNPRSTFXCWQʻ‘H])E/gu, '$1Е')
    .replace(/([bvgdjzyklmnprstfxcwqʻ‘h])e/giu, '$1е');
}

/** Kazakh's alphabets. */
const KAZAKH_CYRILLIC = 'АӘБВГҒДЕЁЖЗИЙКҚЛМНҢОӨПРСТУҰҮФХҺЦЧШЩЪЫІЬЭЮЯаәбвгғдеёжзийкқлмнңоөпрстуұүфхһцчшщъыіьэюя';
const KAZAKH_LATIN = 'AÄBCÇDEÉFGĞHIİÏJKLMNÑOÖPQRSŞTUÜVWXYÝZaäbcçdeéfgğhıiïjklmnñoöpqrsştuüvwxyýz';
/** Vowels that make a word front-vowelled, and letters whose words never take the hamza. */
const KAZAKH_FRONT = /[әөүіӘӨҮІ]/u;
const KAZAKH_NO_HAMZA = /[еэгғкқЕЭГҒКҚ]/u;
const HIGH_HAMZA = '\u0674';

type KazakhScript = 'cyrl' | 'latn' | 'arab';

const KAZAKH_SCRIPTS: Record<string, KazakhScript> = {
  'kk-cyrl': 'cyrl',
  'kk-kz': 'cyrl',
  'kk-latn': 'latn',
  'kk-tr': 'latn',
  'kk-arab': 'arab',
  'kk-cn': 'arab',
};

/** The characters each script's conversion reads (the rest passes unchanged after a `$1`-like variable). */
const KAZAKH_SOURCE: Record<KazakhScript, string> = {
  cyrl: `${KAZAKH_LATIN}ʺʹ#0123456789`,
  latn: `${KAZAKH_CYRILLIC}№0123456789`,
  arab: `${KAZAKH_CYRILLIC},;?%*№0123456789`,
};

function classOf(characters: string): string {
  return characters.replace(/[\\\][^-]/g, '\\$&');
}

/** A word of the Arabic conversion: what PHP's byte-wise split on blanks, `-`, `.`, `:` and backspace (`\b` in a class) leaves. */
const KAZAKH_WORD_BREAKS = /[\b\t\n\v\f\r \-.:]+/g;
const KAZAKH_CYRILLIC_RUN = new RegExp(`[${KAZAKH_CYRILLIC}]+`, 'gu');

/** A front-vowelled word written in Arabic script starts each run of letters with a high hamza. */
function withHamza(text: string): string {
  return convertBetween(text, KAZAKH_WORD_BREAKS, (word) =>
    KAZAKH_FRONT.test(word) && !KAZAKH_NO_HAMZA.test(word)
      ? word.replace(KAZAKH_CYRILLIC_RUN, `${HIGH_HAMZA}$&`)
      : word,
  );
}

/**
 * Kazakh's `translate`: the text cut where a variable (`$1`) and the characters after it that the
 * conversion does not read stand (those kept as they are), each piece converted by the list of the
 * wanted script; to Arabic script, front-vowelled words get the high hamza first.
 */
export function kazakhTranslator(
  patterns: Readonly<Record<KazakhScript, readonly PhpReplacement[]>>,
): (text: string, variant: string) => string {
  const lists = new Map<KazakhScript, (text: string) => string>();
  const splits = new Map<KazakhScript, RegExp>();
  return (text, variant) => {
    const script = KAZAKH_SCRIPTS[variant];
    if (script === undefined) return text;
    let list = lists.get(script);
    let split = splits.get(script);
    if (list === undefined || split === undefined) {
      list = replacementList(patterns[script]);
      split = new RegExp(`\\$[0-9][^${classOf(KAZAKH_SOURCE[script])}]+`, 'gu');
      lists.set(script, list);
      splits.set(script, split);
    }
    return convertBetween(text, split, script === 'arab' ? (piece) => list(withHamza(piece)) : list);
  };
}
