/**
 * What the wiki knows about languages, from the ICU data of the runtime (CLDR names, autonyms,
 * writing directions, canonical BCP 47 tags), plus MediaWiki's own language codes where they are
 * not BCP 47 and the variants of the languages MediaWiki converts between scripts.
 */

/** Codes MediaWiki replaces when it makes a language of them (`be-x-old` is `be-tarask`'s). */
export const DEPRECATED_CODES: Readonly<Record<string, string>> = {
  als: 'gsw',
  'bat-smg': 'sgs',
  'be-x-old': 'be-tarask',
  'fiu-vro': 'vro',
  'roa-rup': 'rup',
  'zh-classical': 'lzh',
  'zh-min-nan': 'nan',
  'zh-yue': 'yue',
};

/** MediaWiki codes that are not BCP 47 tags, with the tag MediaWiki gives them. */
const NON_BCP47_CODES: Record<string, string> = {
  ...DEPRECATED_CODES,
  'de-formal': 'de-x-formal',
  'nl-informal': 'nl-x-informal',
  simple: 'en-simple',
  'sr-ec': 'sr-Cyrl',
  'sr-el': 'sr-Latn',
  'ike-cans': 'iu-Cans',
  'ike-latn': 'iu-Latn',
  'kk-arab': 'kk-Arab',
  'kk-cyrl': 'kk-Cyrl',
  'kk-latn': 'kk-Latn',
};

/** MediaWiki's script conversion: the variants of each language that has a converter. */
const VARIANTS: Record<string, readonly string[]> = {
  ban: ['ban', 'ban-bali'],
  crh: ['crh', 'crh-cyrl', 'crh-latn'],
  gan: ['gan', 'gan-hans', 'gan-hant'],
  iu: ['iu', 'ike-cans', 'ike-latn'],
  kk: ['kk', 'kk-cyrl', 'kk-latn', 'kk-arab', 'kk-kz', 'kk-tr', 'kk-cn'],
  ku: ['ku', 'ku-arab', 'ku-latn'],
  shi: ['shi', 'shi-tfng', 'shi-latn'],
  sr: ['sr', 'sr-ec', 'sr-el'],
  tg: ['tg', 'tg-latn'],
  uz: ['uz', 'uz-latn', 'uz-cyrl'],
  zh: ['zh', 'zh-hans', 'zh-hant', 'zh-cn', 'zh-hk', 'zh-mo', 'zh-my', 'zh-sg', 'zh-tw'],
};

/** The language a variant belongs to (`sr-ec` → `sr`). */
const VARIANT_OF = new Map(Object.entries(VARIANTS).flatMap(([base, vs]) => vs.map((v) => [v, base] as const)));

/** A MediaWiki language code as a BCP 47 tag with the customary casing (`sr-ec` → `sr-Cyrl`). */
export function bcp47(code: string): string {
  const mapped = NON_BCP47_CODES[code];
  if (mapped !== undefined) return mapped;
  return memo(canonical, code, () => {
    try {
      return Intl.getCanonicalLocales(code)[0] ?? code;
    } catch {
      return code;
    }
  });
}

/**
 * Answers of ICU by their question: making a `DisplayNames` costs about as much as a hundred
 * lookups, and the data never changes while the process runs. Requests may name any code, so each
 * map starts again when it is full.
 */
const MEMO_ENTRIES = 20_000;

function memo<T>(map: Map<string, T>, key: string, make: () => T): T {
  let value = map.get(key);
  if (value === undefined && !map.has(key)) {
    if (map.size >= MEMO_ENTRIES) map.clear();
    value = make();
    map.set(key, value);
  }
  return value as T;
}

const canonical = new Map<string, string>();
const directions = new Map<string, 'ltr' | 'rtl'>();
const namers = new Map<string, Intl.DisplayNames | null>();
const names = new Map<string, string | undefined>();
const ownData = new Map<string, boolean>();

function displayName(code: string, inLanguage: string): string | undefined {
  return memo(names, `${code}|${inLanguage}`, () => {
    const namer = memo(namers, inLanguage, () => {
      try {
        return new Intl.DisplayNames([bcp47(inLanguage), 'en'], { type: 'language', fallback: 'none' });
      } catch {
        return null;
      }
    });
    try {
      const tag = bcp47(code);
      const name = namer?.of(tag);
      return name === tag ? undefined : name;
    } catch {
      return undefined;
    }
  });
}

/** Whether ICU has data of the language itself (so its autonym is not an English fallback). */
function hasOwnData(code: string): boolean {
  return memo(ownData, code, () => {
    try {
      return Intl.DisplayNames.supportedLocalesOf([bcp47(code)]).length > 0;
    } catch {
      return false;
    }
  });
}

/** The language's name in itself, '' when ICU has no data in that language. */
export function autonym(code: string): string {
  return hasOwnData(code) ? (displayName(code, code) ?? '') : '';
}

/** The language's name in `inLanguage`; its autonym, then its code, when none is known. */
export function languageName(code: string, inLanguage: string): string {
  return displayName(code, inLanguage) ?? (autonym(code) || code);
}

export function direction(code: string): 'ltr' | 'rtl' {
  return memo(directions, code, () => scriptDirection(code));
}

function scriptDirection(code: string): 'ltr' | 'rtl' {
  try {
    const locale = new Intl.Locale(bcp47(code)) as Intl.Locale & {
      getTextInfo?: () => { direction: string };
      textInfo?: { direction: string };
    };
    const info = locale.getTextInfo?.() ?? locale.textInfo;
    return info?.direction === 'rtl' ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

/**
 * The codes whose messages stand in for a missing one, nearest first: the parent codes of a
 * regional or formal code (`de-at` → `de`) and the language a script variant belongs to. English,
 * the last resort of every language, is not listed.
 */
export function fallbacks(code: string): string[] {
  const chain: string[] = [];
  const base = VARIANT_OF.get(code);
  if (base !== undefined && base !== code) chain.push(base);
  const parts = code.split('-');
  for (let n = parts.length - 1; n > 0; n--) {
    const parent = parts.slice(0, n).join('-');
    if (!chain.includes(parent)) chain.push(parent);
  }
  return chain.filter((c) => c !== 'en');
}

/** The variants of the language (the language alone when it has no converter). */
export function variants(code: string): string[] {
  return [...(VARIANTS[code] ?? [code])];
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** The two- and three-letter candidates for a language code, in order: aa, aaa, aab, …, aaz, ab, aba, … */
const CANDIDATES = 26 * 26 * 27;

function candidateAt(index: number): string {
  const pair = Math.floor(index / 27);
  const third = index % 27;
  const two = `${LETTERS[Math.floor(pair / 26)]}${LETTERS[pair % 26]}`;
  return third === 0 ? two : `${two}${LETTERS[third - 1]}`;
}

/** The index of the first candidate at or after `code` in order (CANDIDATES when none is). */
function firstCandidateFrom(code: string): number {
  let low = 0;
  let high = CANDIDATES;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (candidateAt(middle) < code) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Per candidate: 0 not looked up yet, 1 a known code, 2 not one. */
const candidateKnown = new Uint8Array(CANDIDATES);
let englishNames: Intl.DisplayNames | undefined;

function isKnownCandidate(index: number): boolean {
  if (candidateKnown[index] === 0) {
    englishNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    const candidate = candidateAt(index);
    const name = englishNames.of(candidate);
    const known = name !== undefined && name !== candidate && Intl.getCanonicalLocales(candidate)[0] === candidate;
    candidateKnown[index] = known ? 1 : 2;
  }
  return candidateKnown[index] === 1;
}

const VARIANT_CODES = [...VARIANT_OF.keys()].sort();

/**
 * Whether the wiki knows `code` (lower case, as MediaWiki's codes are): one of the codes
 * `knownLanguageCodes` lists, or a regional or script form CLDR names in its own words
 * (`de-at`, Austrian German; not `ab-cd`, which it only describes as Abkhazian (Congo)).
 */
export function isKnownLanguageCode(code: string): boolean {
  if (VARIANT_OF.has(code)) return true;
  if (/^[a-z]{2,3}$/.test(code)) {
    const index = firstCandidateFrom(code);
    return candidateAt(index) === code && isKnownCandidate(index);
  }
  if (!/^[a-z]{2,3}-[a-z]{2,4}$/.test(code)) return false;
  englishNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const name = englishNames.of(code);
  return name !== undefined && !name.includes('(');
}

/**
 * Every language code the wiki knows, in order, from `from` on: the two- and three-letter codes
 * ICU names (in their canonical form) and the variant codes. ICU is asked about each of the 18,252
 * candidates once per process, when a caller gets that far (about 1.5 s for all of them): a caller
 * that stops early (a request out of its work budget) leaves the rest for the next one.
 */
export function* knownLanguageCodes(from = ''): Generator<string> {
  let index = firstCandidateFrom(from);
  let variant = VARIANT_CODES.findIndex((code) => code >= from);
  if (variant === -1) variant = VARIANT_CODES.length;
  for (;;) {
    while (index < CANDIDATES && !isKnownCandidate(index)) index++;
    const candidate = index < CANDIDATES ? candidateAt(index) : undefined;
    const variantCode = VARIANT_CODES[variant];
    if (candidate === undefined && variantCode === undefined) return;
    if (variantCode === undefined || (candidate !== undefined && candidate <= variantCode)) {
      if (candidate === variantCode) variant++;
      index++;
      yield candidate as string;
    } else {
      variant++;
      yield variantCode;
    }
  }
}

/**
 * The language an interwiki prefix names, in itself (`español`), where the map does not say: for
 * prefixes that are two-letter codes of a language the runtime names. A prefix naming one links
 * the page's version in that language (a language link), as MediaWiki reads such prefixes.
 */
export function interwikiLanguageName(prefix: string): string | undefined {
  if (!/^[a-z]{2}$/.test(prefix)) return undefined;
  if (!prefixLanguageNames.has(prefix)) {
    let name: string | undefined;
    try {
      name = new Intl.DisplayNames([prefix], { type: 'language', fallback: 'none' }).of(prefix);
    } catch {
      name = undefined;
    }
    prefixLanguageNames.set(prefix, name && name !== prefix ? name : undefined);
  }
  return prefixLanguageNames.get(prefix);
}

/** Each two-letter prefix's name, asked of the runtime once (at most 676 entries). */
const prefixLanguageNames = new Map<string, string | undefined>();
