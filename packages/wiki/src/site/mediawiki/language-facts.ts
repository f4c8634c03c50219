/**
 * MediaWiki 1.39's facts of each language it has (with the reference wiki's extensions), as
 * `tools/mediawiki-language-facts.php` wrote them from a MediaWiki installation into
 * `language-facts.json`: magic words and their synonyms, special page aliases, namespace names
 * and aliases, the user namespaces' names by gender, fallbacks, writing direction, link trail,
 * main page title and ellipsis. A language the file
 * does not have is read as English, as MediaWiki reads it. The file is read when a language is
 * first asked for.
 */
import { readFileSync } from 'node:fs';
import { MORE_GRAMMAR_IN_CODE } from './grammar-in-code.js';

/** The kinds of names a date format writes (PHP's `sprintfDate` codes). */
export type DateNameKind = 'F' | 'M' | 'xg' | 'D' | 'l';

/** The kinds of month names of the other calendars (`sprintfDate`'s `xiF`, `xmF`, `xjF`, `xjx`). */
export type CalendarMonthKind = 'xi' | 'xm' | 'xj' | 'xjx';

/** A magic word with its synonyms, the content language's first and English's last. */
export interface MagicWord {
  name: string;
  aliases: readonly string[];
  caseSensitive: boolean;
}

export interface LanguageFacts {
  code: string;
  /** The fallback languages, nearest first (English not among them unless the file names it). */
  fallback: readonly string[];
  rtl: boolean;
  /** The characters a link prefix is made of, in a PHP character class, for a language with one (Arabic). */
  linkPrefixCharset?: string;
  /** The link trail as a PHP regular expression (`/^([a-z]+)(.*)$/sD`). */
  linkTrail: string;
  /** Namespace names by id, with underscores; the project talk name holds `$1` for the project's. */
  namespaces: Readonly<Record<number, string>>;
  /** Other names of namespaces (gendered forms, old names, `Image`), with underscores. */
  namespaceAliases: Readonly<Record<string, number>>;
  /** The user namespaces' names for a user of each gender (`Benutzerin`), with underscores. */
  genderNamespaces: Readonly<Record<number, { male: string; female: string }>>;
  mainPage: string;
  /** The `ellipsis` message (`…`; `...` in English and Russian), which cut texts end or start with. */
  ellipsis: string;
  /** The default date preference's format of a time and date, in PHP's `sprintfDate` codes. */
  dateFormat: string;
  /** The default date preference's format of a date alone (`j. F Y`). */
  dateOnlyFormat: string;
  /** The default date preference's format of a time alone (`H:i`). */
  timeFormat: string;
  /**
   * `{{PLURAL:}}`'s rules in CLDR's syntax (`n % 10 = 1 and n % 100 != 11`), in the order MediaWiki
   * numbers the forms; a language without rules of its own has its fallbacks'.
   */
  pluralRules: readonly string[];
  /** The names `dateFormat` writes: months (F), short months (M), genitive months (xg), weekdays (D, l). */
  dateNames: Readonly<Record<DateNameKind, readonly string[]>>;
  /**
   * `{{GRAMMAR:}}` rules by case, where MediaWiki has them as data: [pattern, replacement] pairs
   * tried in order, or the name of the case an alias stands for.
   */
  grammar?: Readonly<Record<string, string | readonly (readonly [pattern: string, replacement: string])[]>>;
  /**
   * The month names of the other calendars `{{#time:}}` writes: the Iranian (`xi`, 12), the Hijri
   * (`xm`, 12) and the Hebrew (`xj`, 14: Tishrei first, Adar I and II last; `xjx` their genitives).
   */
  calendarMonths: Readonly<Record<CalendarMonthKind, readonly string[]>>;
  /** Every magic word, in the order siteinfo lists them. */
  magicWords: readonly MagicWord[];
  /** Every special page's canonical name with its aliases, the local name first, in siteinfo's order. */
  specialPageAliases: readonly (readonly [canonical: string, aliases: readonly string[]])[];
}

/** A list of synonyms against English's: the ones before English's (a leading 0/1 a case flag), or all. */
type Entry = readonly (string | number)[] | { all: readonly (string | number)[] };
/** Names in order (indexes into English's, or names) where not English's, and the entries. */
type ListSet = readonly [order: readonly (number | string)[] | null, entries: Readonly<Record<string, Entry>>];

interface FactsFile {
  englishMagicWords: Record<string, readonly (string | number)[]>;
  englishSpecialPageAliases: Record<string, readonly string[]>;
  magicWordSets: readonly ListSet[];
  specialPageAliasSets: readonly ListSet[];
  calendarMonthSets: readonly LanguageFacts['calendarMonths'][];
  languages: Record<
    string,
    Omit<LanguageFacts, 'code' | 'magicWords' | 'specialPageAliases' | 'calendarMonths'> & {
      magicWords: number;
      specialPageAliases: number;
      calendarMonths: number;
    }
  >;
}

/** Resolved languages: those the file has (at most its 493), never codes a request made up. */
const resolved = new Map<string, LanguageFacts>();

let file: FactsFile | undefined;
let forget: NodeJS.Timeout | undefined;

/**
 * The file, parsed when a language is first asked for and kept while languages keep being asked
 * for (requests' `uselang`), then let go a minute after the last: a process needs few languages,
 * and the whole file parsed holds some megabytes.
 */
function factsFile(): FactsFile {
  file ??= JSON.parse(readFileSync(new URL('./language-facts.json', import.meta.url), 'utf8')) as FactsFile;
  if (forget) clearTimeout(forget);
  forget = setTimeout(() => {
    file = undefined;
  }, 60_000);
  forget.unref();
  return file;
}

/**
 * Each list of a set in full, in its order: the language's own part, then English's list. With
 * `caseFlag`, lists start with MediaWiki's case flag (0 or 1), the language's where it has one.
 */
function expand(
  set: ListSet,
  english: Record<string, readonly (string | number)[]>,
  caseFlag: boolean,
): [name: string, list: (string | number)[]][] {
  const [order, entries] = set;
  const englishNames = Object.keys(english);
  const names = order ? order.map((n) => (typeof n === 'number' ? englishNames[n] : n)) : englishNames;
  return names.map((name) => {
    const entry = entries[name];
    if (entry !== undefined && !Array.isArray(entry)) return [name, [...(entry as { all: (string | number)[] }).all]];
    const own = (entry as readonly (string | number)[] | undefined) ?? [];
    const theirs = english[name] ?? [];
    if (!caseFlag) return [name, [...own, ...theirs]];
    const ownCase = typeof own[0] === 'number';
    return [name, [ownCase ? own[0] : theirs[0], ...own.slice(ownCase ? 1 : 0), ...theirs.slice(1)]];
  });
}

/** Whether MediaWiki defines the language: its list of names has the code (in any case: `EN` too). */
export function isDefinedLanguage(code: string): boolean {
  return Object.hasOwn(factsFile().languages, code.toLowerCase());
}

/** The facts of a language; English's for a language MediaWiki does not have. */
export function languageFacts(code: string): LanguageFacts {
  const known = resolved.get(code);
  if (known) return known;
  const data = factsFile();
  // A code the file lacks is read as English (the file always has it), and not remembered.
  if (data.languages[code] === undefined) return languageFacts('en');
  const stored = data.languages[code];
  const facts: LanguageFacts = {
    ...stored,
    code,
    calendarMonths: data.calendarMonthSets[stored.calendarMonths] as LanguageFacts['calendarMonths'],
    magicWords: expand(data.magicWordSets[stored.magicWords], data.englishMagicWords, true).map(([name, list]) => ({
      name,
      caseSensitive: list[0] === 1,
      aliases: list.slice(1) as string[],
    })),
    specialPageAliases: expand(
      data.specialPageAliasSets[stored.specialPageAliases],
      data.englishSpecialPageAliases,
      false,
    ).map(([name, list]) => [name, list as string[]] as const),
  };
  resolved.set(code, facts);
  return facts;
}

/**
 * The languages MediaWiki 1.39 has a class of its own for. A language without one is served by
 * the class of its nearest fallback that has one (Egyptian Arabic by Arabic's), else by the base.
 */
const LANGUAGE_CLASSES: ReadonlySet<string> = new Set([
  'ar',
  'az',
  'be-tarask',
  'bs',
  'cu',
  'dsb',
  'en',
  'fi',
  'ga',
  'gan',
  'hsb',
  'hu',
  'hy',
  'ja',
  'kaa',
  'kk',
  'kk-cyrl',
  'km',
  'ksh',
  'la',
  'ml',
  'my',
  'os',
  'qqx',
  'sl',
  'tr',
  'tyv',
  'wa',
  'yue',
  'zh',
  'zh-hans',
]);

const classes = new Map<string, string | undefined>();

/**
 * The language whose MediaWiki class serves `code` (`ar` for `arz`, `fi` for `krl`); undefined
 * for the base class.
 */
export function languageClassOf(code: string): string | undefined {
  if (LANGUAGE_CLASSES.has(code)) return code;
  if (classes.has(code)) return classes.get(code);
  let found: string | undefined;
  for (const fallback of languageFacts(code).fallback) {
    if (fallback === 'en') break;
    if (LANGUAGE_CLASSES.has(fallback)) {
      found = fallback;
      break;
    }
  }
  if (classes.size > 1000) classes.clear();
  classes.set(code, found);
  return found;
}

/**
 * Whether the language sets its words apart (MediaWiki's `hasWordBreaks`): not Chinese's and
 * Cantonese's classes (and Gan's, which is Chinese's), whose words abut, so that a search term is
 * found inside longer words too.
 */
export function hasWordBreaks(language: string): boolean {
  const languageClass = languageClassOf(language);
  return !(languageClass === 'zh' || languageClass === 'zh-hans' || languageClass === 'gan' || languageClass === 'yue');
}

const linkTrails = new Map<string, RegExp>();

/**
 * A language's link trail as a JavaScript expression matching the letters that extend a link's
 * text when they follow it (`[[Haus]]es`): the PHP expression's first group, anchored at the start.
 */
export function linkTrailPattern(language: string): RegExp {
  let pattern = linkTrails.get(language);
  if (!pattern) {
    const php = languageFacts(language).linkTrail;
    const close = php.lastIndexOf(')(.*)$/');
    const flags = php.slice(php.lastIndexOf('/') + 1);
    const unicode = flags.includes('u');
    const group = php
      .slice(php.indexOf('^(') + 2, close)
      .replace(/\\'/g, "'")
      .replace(/\\x\{([0-9A-Fa-f]+)\}/g, (_, hex: string) => (unicode ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`));
    pattern = new RegExp(`^(${group})`, unicode ? 'u' : '');
    linkTrails.set(language, pattern);
  }
  return pattern;
}

/**
 * Finnish's cases as MediaWiki 1.39 forms them: a word ending in an ASCII consonant gets an `i`
 * (`Commons`, `Commonsi`) and the ending by vowel harmony: back (`-sta`) when an `a`, `o` or `u`
 * comes after the last byte of `ä`, `ö` or `y` in the word's UTF-8 (PHP reads it byte by byte,
 * so a letter such as `ý`, which shares `ä`'s first byte, counts as front) and the word does not
 * end in `wiki`, else front (`-stä`).
 */
function finnishGrammar(word: string, grammaticalCase: string): string {
  const bytes = Buffer.from(word, 'utf8').toString('latin1');
  const back = /[aouAOU][^\xc3\xa4\xb6yY]*$/.test(bytes) && !/wiki$/i.test(word);
  const stem = /[bcdfghj-np-tvwxz]$/i.test(word) ? `${word}i` : word;
  switch (grammaticalCase) {
    case 'genitive':
      return `${stem}n`;
    case 'elative':
      return stem + (back ? 'sta' : 'stä');
    case 'partitive':
      return stem + (back ? 'a' : 'ä');
    case 'illative':
      // The last letter doubled.
      return `${stem}${[...stem].at(-1) ?? ''}n`;
    case 'inessive':
      return stem + (back ? 'ssa' : 'ssä');
    default:
      return stem;
  }
}

/**
 * Languages whose cases MediaWiki forms in code by putting words before or after the word: by case,
 * [before, after]; a case not named gives the word unchanged, or nothing at all in Hungarian.
 */
const AFFIXED_CASES: Readonly<
  Record<string, { cases: Record<string, [string, string]>; otherwise: 'word' | 'empty' }>
> = {
  bs: { cases: { instrumental: ['s ', ''], lokativ: ['o ', ''] }, otherwise: 'word' },
  // Lower Sorbian's instrumental takes its locative's preposition too (`wo z …`), as MediaWiki's does.
  dsb: { cases: { instrumental: ['wo z ', ''], lokatiw: ['wo ', ''] }, otherwise: 'word' },
  hsb: { cases: { instrumental: ['z ', ''], lokatiw: ['wo ', ''] }, otherwise: 'word' },
  hu: { cases: { rol: ['', 'ról'], ba: ['', 'ba'], k: ['', 'k'] }, otherwise: 'empty' },
  kaa: { cases: {}, otherwise: 'word' },
  sl: { cases: { mestnik: ['o ', ''], orodnik: ['z ', ''] }, otherwise: 'word' },
};

/** Grammar MediaWiki writes in code for a language (its class), used by the languages falling back to it as well. */
const GRAMMAR_IN_CODE: Readonly<Record<string, (word: string, grammaticalCase: string, language: string) => string>> = {
  fi: finnishGrammar,
  ...MORE_GRAMMAR_IN_CODE,
  ...Object.fromEntries(
    Object.entries(AFFIXED_CASES).map(([code, { cases, otherwise }]) => [
      code,
      (word: string, grammaticalCase: string) => {
        const affixes = Object.hasOwn(cases, grammaticalCase) ? cases[grammaticalCase] : undefined;
        if (affixes) return affixes[0] + word + affixes[1];
        return otherwise === 'word' ? word : '';
      },
    ]),
  ),
};

/**
 * A word in a grammatical case (`{{GRAMMAR:genitive|Википедия}}`), as MediaWiki's rules for the
 * language give it: the rules MediaWiki writes in its language's class (Finnish, Hungarian,
 * Slovenian, ...; for the languages that class serves too, such as Karelian); else the first rule whose pattern
 * matches is applied (to each match); a word no rule matches, or a language without such rules,
 * stays as it is.
 */
export function convertGrammar(word: string, grammaticalCase: string, language: string): string {
  const languageClass = languageClassOf(language);
  const inCode = languageClass === undefined ? undefined : GRAMMAR_IN_CODE[languageClass];
  if (inCode) return inCode(word, grammaticalCase, language);
  const rules = languageFacts(language).grammar;
  if (rules === undefined) return word;
  let forms = rules[grammaticalCase];
  if (typeof forms === 'string') forms = rules[forms];
  if (forms === undefined || typeof forms === 'string') return word;
  for (const [pattern, replacement] of forms) {
    const expression = new RegExp(pattern, 'gu');
    if (expression.test(word)) {
      expression.lastIndex = 0;
      return word.replace(expression, replacement);
    }
  }
  return word;
}
