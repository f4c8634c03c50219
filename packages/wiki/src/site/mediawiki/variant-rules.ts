/**
 * The script conversions of the languages whose converters in MediaWiki 1.39 add rules of their
 * own to (or use instead of) replacement tables: Uzbek's Cyrillic `е`, Kazakh's conversion
 * between its Cyrillic, Latin and Arabic scripts and Crimean Tatar's between Latin and Cyrillic,
 * the latter two by the converters' lists of regular expressions (and Crimean Tatar's exception
 * words) that `tools/mediawiki-language-variants.php` writes into `language-variants.json`.
 * Each list is applied as PHP's `preg_replace` applies it: pattern after pattern over the whole
 * text, every match replaced.
 */

/** A PHP regular expression (`/…/flags`) and its replacement, as the converter lists them. */
export type PhpReplacement = [pattern: string, replacement: string];

interface Replacement {
  pattern: RegExp;
  replace: (match: string, ...groups: unknown[]) => string;
  /** A text every match starts with (`кок` of `\bкок\b`): a text without it has no match. */
  needle?: string;
}

/**
 * The literal text a case-sensitive pattern's every match starts with (after a word boundary),
 * where it has one: none for a pattern with an alternative at its top level.
 */
function requiredPrefix(body: string): string | undefined {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return undefined;
  }
  const run = /^(?:\\b)?([^\\[\](){}.*+?^$|]*)([?*+{]?)/u.exec(body);
  const literal = run?.[2] ? run[1]?.slice(0, -1) : run?.[1];
  return literal ? literal : undefined;
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

/** A word character as PHP's Unicode patterns read `\w`: a letter, a number or `_`. */
const WORD = '[\\p{L}\\p{N}_]';

/** What PHP's Unicode patterns mean by these escapes, written for JavaScript's Unicode mode. */
const UNICODE_ESCAPES: Record<string, string> = {
  b: `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`,
  B: `(?:(?<=${WORD})(?=${WORD})|(?<!${WORD})(?!${WORD}))`,
  w: WORD,
  W: '[^\\p{L}\\p{N}_]',
  d: '\\p{Nd}',
  D: '\\P{Nd}',
};

/**
 * A PCRE pattern as JavaScript reads it: an escaped character without a meaning (`\,`) written
 * plain, `$` outside a character class matching, as PCRE's does, at the end and before a final
 * line break, and in a Unicode pattern (`/u`, which in PHP reads classes by Unicode's properties)
 * `\b`, `\w`, `\d` and their opposites by Unicode's letters and numbers.
 */
function javascriptSource(body: string, unicode: boolean): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === '\\') {
      const next = body[i + 1] ?? '';
      i++;
      if (unicode && next in UNICODE_ESCAPES) {
        if (!inClass) out += UNICODE_ESCAPES[next];
        else if (next === 'w') out += '\\p{L}\\p{N}_';
        else if (next === 'd') out += '\\p{Nd}';
        else throw new Error(`\\${next} in a character class is not read here: ${body}`);
      } else {
        out += /[\p{L}\p{N}]/u.test(next) || JS_SYNTAX.has(next) ? c + next : next;
      }
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
  const unicode = flags.includes('u');
  const caseless = flags.includes('i');
  const body = pattern.slice(1, end);
  const needle = caseless ? undefined : requiredPrefix(body);
  const js = `g${unicode ? 'u' : ''}${caseless ? 'i' : ''}`;
  return { pattern: new RegExp(javascriptSource(body, unicode), js), replace: replacer(replacement), needle };
}

/** A list of replacements applied in turn. */
export function replacementList(pairs: readonly PhpReplacement[]): (text: string) => string {
  const list = pairs.map(compiled);
  return (text) => {
    let out = text;
    for (const { pattern, replace, needle } of list) {
      if (needle === undefined || out.includes(needle)) out = out.replace(pattern, replace);
    }
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

/**
 * Crimean Tatar's Roman numerals (with the ASCII characters but letters, digits and `_` around
 * them), which its conversion to Cyrillic leaves as they are; a letter followed by `.` is an
 * initial, not a numeral.
 */
const CRIMEAN_ROMAN_SOURCE = '(?=[MDCLXVI](?:[^.]|$))M{0,4}(?:C[DM]|D?C{0,3})(?:X[LC]|L?X{0,3})(?:I[VX]|V?I{0,3})';
const CRIMEAN_BREAK = '[^\\w\\x80-\\uffff]';
const CRIMEAN_ROMAN = new RegExp(
  javascriptSource(
    `^${CRIMEAN_ROMAN_SOURCE}$|^(?:${CRIMEAN_ROMAN_SOURCE}${CRIMEAN_BREAK})+|(?:${CRIMEAN_BREAK}${CRIMEAN_ROMAN_SOURCE})+$|${CRIMEAN_BREAK}(?:${CRIMEAN_ROMAN_SOURCE}${CRIMEAN_BREAK})+`,
    false,
  ),
  'g',
);

export interface CrimeanRules {
  /** Whole words and phrases replaced first (as PHP's `strtr`), for each of the two scripts. */
  exceptions: Record<'crh-latn' | 'crh-cyrl', (text: string) => string>;
  /** The converter's patterns to each script, and those that clean up Cyrillic after the table. */
  patterns: Record<'crh-latn' | 'crh-cyrl' | 'cleanup', readonly PhpReplacement[]>;
  /** The variant's table (MediaWiki's `translate` of its tables). */
  table: (text: string, variant: string) => string;
}

/**
 * Crimean Tatar's `translate`: exceptions, then patterns, then the table, then quotation marks
 * (`«»` to `"` in Latin, `“”` to `«»` in Cyrillic) and, in Cyrillic, the clean-up patterns; to
 * Cyrillic, Roman numerals are left out of the conversion.
 */
export function crimeanTranslator(rules: CrimeanRules): (text: string, variant: string) => string {
  const toLatin = replacementList(rules.patterns['crh-latn']);
  const toCyrillic = replacementList(rules.patterns['crh-cyrl']);
  const cleanUp = replacementList(rules.patterns.cleanup);
  const latin = (text: string) =>
    text === '' ? text : rules.table(toLatin(rules.exceptions['crh-latn'](text)), 'crh-latn').replace(/[«»]/g, '"');
  const cyrillic = (text: string) =>
    text === ''
      ? text
      : cleanUp(
          rules
            .table(toCyrillic(rules.exceptions['crh-cyrl'](text)), 'crh-cyrl')
            .replace(/[“”]/g, (quote) => (quote === '“' ? '«' : '»')),
        );
  return (text, variant) => {
    if (variant === 'crh-latn') return latin(text);
    if (variant === 'crh-cyrl') return convertBetween(text, CRIMEAN_ROMAN, cyrillic);
    return text;
  };
}
