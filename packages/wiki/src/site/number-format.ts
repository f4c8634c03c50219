/**
 * A number as MediaWiki writes it in a language (`Language::formatNum`): the integer part grouped
 * by threes (Indian languages: three, then twos), not at all below the language's minimum, the
 * fraction digits as many as the number has; the separators are the language's own where
 * MediaWiki sets them, else those of its ICU locale, whose digits it writes unless MediaWiki names
 * others for ASCII ones; a minus as U+2212.
 */
import type { NumberSymbols } from '../text/plural-rules.js';
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

/** `value` written as MediaWiki writes numbers in `language` (a MediaWiki language code). */
export function formatNumberIn(value: number, language: string): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '\u2212∞';
  const code = language.toLowerCase();
  const facts = NUMBER_FORMATS[code] ?? {};
  const locale = localeSymbols(code);
  const plain = Math.abs(value).toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  const [integer = '0', fraction] = plain.split('.');
  const minimum = facts.minimumGroupingDigits ?? 0;
  const groups =
    minimum > 0 && integer.length < minimum + 3
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
  return value < 0 || Object.is(value, -0) ? `\u2212${written}` : written;
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
