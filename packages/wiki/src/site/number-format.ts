/**
 * A number as MediaWiki writes it in a language (`Language::formatNum`): the integer part grouped
 * by threes (Indian languages: three, then twos), not at all below the language's minimum, the
 * fraction digits as many as the number has; the separators are the language's own where
 * MediaWiki sets them, else those of its ICU locale, whose digits it writes unless MediaWiki names
 * others for ASCII ones; a minus as U+2212.
 */

import { isPhpNumeric, phpNumberString } from '../text/php-strings.js';
import type { NumberSymbols } from '../text/plural-rules.js';
import { languageClassOf } from './mediawiki/language-facts.js';
import { NUMBER_FORMATS } from './mediawiki/number-formats.js';

interface LocaleSymbols {
  group: string;
  decimal: string;
  /** The locale's digits for 0 to 9. */
  digits: readonly string[];
}

/** Symbols by language code; the codes come from requests (`uselang`), so the map is kept small. */
const symbolsByLocale = new Map<string, LocaleSymbols>();
const MAX_REMEMBERED = 500;

/** The runtime's number format for a code, its first part, or English where ICU takes neither for a tag (`x`). */
function numberFormatFor(language: string): Intl.NumberFormat {
  for (const code of [language, language.split('-')[0] ?? '']) {
    try {
      return new Intl.NumberFormat(code);
    } catch {
      // Not a language tag: the next candidate.
    }
  }
  return new Intl.NumberFormat('en');
}

function localeSymbols(language: string): LocaleSymbols {
  const known = symbolsByLocale.get(language);
  if (known) return known;
  const format = numberFormatFor(language);
  const parts = format.formatToParts(1234567.5);
  const digitsOf = new Intl.NumberFormat(format.resolvedOptions().locale, {
    numberingSystem: format.resolvedOptions().numberingSystem,
    useGrouping: false,
  }).format(1234567890);
  const chars = [...digitsOf];
  const symbols: LocaleSymbols = {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    // `1234567890` written in the locale's digits: the last is its zero.
    digits: [chars[9], ...chars.slice(0, 9)].map((c) => c ?? ''),
  };
  if (symbolsByLocale.size >= MAX_REMEMBERED) symbolsByLocale.clear();
  symbolsByLocale.set(language, symbols);
  return symbols;
}

/** The integer part's digits in groups (threes; `indian`: the last three, then twos). */
function groupsOf(digits: string, indian: boolean): string[] {
  if (digits.length <= 3) return [digits];
  const rest = digits.slice(0, -3);
  const size = indian ? 2 : 3;
  const groups: string[] = [];
  for (let end = rest.length; end > 0; end -= size) groups.unshift(rest.slice(Math.max(0, end - size), end));
  return [...groups, digits.slice(-3)];
}

/**
 * Whether MediaWiki writes numbers in the language without separators (its Khmer and Burmese
 * classes: `formatNum` is `formatNumNoSeparators` there).
 */
function writesNoSeparators(language: string): boolean {
  const languageClass = languageClassOf(language);
  return languageClass === 'km' || languageClass === 'my';
}

/** `value` written as MediaWiki writes numbers in `language` (a MediaWiki language code). */
export function formatNumberIn(value: number, language: string): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '\u2212∞';
  if (writesNoSeparators(language)) {
    return withLanguageDigits(phpNumberString(value), language);
  }
  const plain = Math.abs(value).toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  const [integer = '0', fraction] = plain.split('.');
  return writtenNumber(integer, fraction, value < 0 || Object.is(value, -0), language);
}

/** A number's integer digits (grouped here) and fraction digits written in `language`. */
function writtenNumber(integer: string, fraction: string | undefined, negative: boolean, language: string): string {
  const code = language.toLowerCase();
  const facts = NUMBER_FORMATS[code] ?? {};
  const locale = localeSymbols(code);
  const minimum = facts.minimumGroupingDigits ?? 0;
  const groups =
    integer === ''
      ? []
      : minimum > 0 && integer.length < minimum + 3
        ? [integer]
        : groupsOf(integer, facts.groupingPattern === '#,##,##0.###');
  // The locale's digits; MediaWiki's own replace ASCII ones only.
  const factDigits = facts.digits === undefined ? undefined : [...facts.digits];
  const digitsOf = (text: string) =>
    text.replace(/[0-9]/g, (d) => {
      const local = locale.digits[Number(d)] as string;
      return factDigits !== undefined && /^[0-9]$/.test(local) ? (factDigits[Number(d)] as string) : local;
    });
  let written = groups.map(digitsOf).join(facts.separators?.[','] ?? locale.group);
  if (fraction !== undefined) written += `${facts.separators?.['.'] ?? locale.decimal}${digitsOf(fraction)}`;
  return negative ? `\u2212${written}` : written;
}

/** A number in text, as MediaWiki's `formatNum` finds them in a text that is no number. */
const NUMBER_IN_TEXT = /(?:-(?=[\d.]))?(?:\d+|(?=\.\d))(?:\.\d*)?(?:[Ee][-+]?\d+)?/g;
const DECIMAL_STRING = /^(-?)(\d*)(?:\.(\d*))?$/;

/** The integer digits of a double as PHP's formatter writes them: 17 significant digits at most. */
function integerDigits(written: string): string {
  const value = Number(written);
  if (value < 1e21) return value.toString().padStart(written.length, '0');
  const [mantissa = '', exponent = '0'] = value.toPrecision(17).split('e+');
  const digits = mantissa.replace('.', '');
  return digits.padEnd(Number(exponent) + 1, '0');
}

/** A numeric string as `formatNum` writes it: plain decimals digit for digit, other forms as a double. */
function formatNumeric(number: string, language: string): string {
  const decimal = DECIMAL_STRING.exec(number);
  if (decimal) {
    const [, sign = '', integer = '', fraction] = decimal;
    return writtenNumber(integer === '' ? '' : integerDigits(integer), fraction, sign !== '', language);
  }
  const facts = NUMBER_FORMATS[language.toLowerCase()];
  if (facts?.minimumGroupingDigits !== undefined) {
    // A language with a grouping minimum keeps such a form as written, only its separators and
    // digits its own (`1,5E+3`).
    return [...number]
      .map((c) => (c === ',' || c === '.' ? (facts.separators?.[c] ?? c) : c))
      .join('')
      .replace(/[0-9]/g, (d) => (facts.digits === undefined ? d : ([...facts.digits][Number(d)] as string)));
  }
  const value = Number(number.trim());
  if (Number.isNaN(value)) return number;
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '\u2212∞';
  // An exponent, a plus sign or white space: the double, with three decimals at most.
  const plain = Math.abs(value).toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 3 });
  const [integer = '0', fraction] = plain.split('.');
  return writtenNumber(integer, fraction, value < 0 && plain !== '0', language);
}

/**
 * `{{formatnum:}}` (MediaWiki's `Language::formatNum`) of a text: a number PHP reads (`is_numeric`)
 * written whole, PHP's names of the special doubles as the language names them (`nan`, the
 * `formatnum-nan` message's text), and in any other text each number where it stands.
 */
export function formatNumberText(text: string, language: string, nan: string): string {
  if (writesNoSeparators(language)) return formatNumberNoSeparators(text, language, nan);
  const special = specialNumber(text, nan);
  if (special !== undefined) return special;
  if (isPhpNumeric(text)) return formatNumeric(text, language);
  return text.replace(NUMBER_IN_TEXT, (n) => (n === '' ? n : formatNumeric(n, language)));
}

function specialNumber(text: string, nan: string): string | undefined {
  if (text === 'NAN') return nan;
  if (text === 'INF') return '∞';
  if (text === '-INF') return '\u2212∞';
  return undefined;
}

/** MediaWiki's digits of the language for ASCII ones, and minus signs (`formatNumNoSeparators`). */
function withLanguageDigits(text: string, language: string): string {
  const digits = NUMBER_FORMATS[language.toLowerCase()]?.digits;
  const written = digits === undefined ? text : text.replace(/[0-9]/g, (d) => [...digits][Number(d)] as string);
  return written.replaceAll('-', '\u2212');
}

/** `{{formatnum:…|NOSEP}}`: the language's digits, no separators added or changed. */
export function formatNumberNoSeparators(text: string, language: string, nan: string): string {
  const special = specialNumber(text, nan);
  if (special !== undefined) return special;
  if (isPhpNumeric(text)) return withLanguageDigits(text, language);
  return text.replace(NUMBER_IN_TEXT, (n) => withLanguageDigits(n, language));
}

/**
 * `{{formatnum:…|R}}` (MediaWiki's `parseFormattedNumber`): the language's digits and separators
 * read back to ASCII ones, the group separators dropped; its name for "not a number" and `∞` read
 * as PHP's `NAN` and `INF`.
 */
export function parseFormattedNumber(text: string, language: string, nan: string): string {
  if (text === nan) return 'NAN';
  const normalized = text.replaceAll('\u2212', '-');
  if (normalized === '∞') return 'INF';
  if (normalized === '-∞') return '-INF';
  const facts = NUMBER_FORMATS[language.toLowerCase()] ?? {};
  const back = new Map<string, string>();
  for (const [i, d] of [...(facts.digits ?? '')].entries()) back.set(d, String(i));
  const separators = new Map<string, string>();
  for (const [from, to] of Object.entries(facts.separators ?? {})) separators.set(to, from);
  const readDigits = back.size === 0 ? normalized : [...normalized].map((c) => back.get(c) ?? c).join('');
  const readSeparators =
    separators.size === 0 ? readDigits : [...readDigits].map((c) => separators.get(c) ?? c).join('');
  return readSeparators.replaceAll(',', '');
}

const symbols = new Map<string, NumberSymbols>();

/** The separators and digits a language writes numbers with (as formatNumberIn writes them). */
export function numberSymbols(language: string): NumberSymbols {
  let found = symbols.get(language);
  if (!found) {
    const digits = [...'0123456789'].map((d) => formatNumberIn(Number(d), language));
    const sample = formatNumberIn(1234567.5, language);
    const native = [...sample].filter((c) => !digits.includes(c));
    // `1,234,567.5`: the first character that is no digit groups, the last one marks the fraction.
    found = { group: native[0] ?? ',', decimal: native.at(-1) ?? '.', digits };
    if (symbols.size >= 500) symbols.clear();
    symbols.set(language, found);
  }
  return found;
}
