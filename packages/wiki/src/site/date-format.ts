/**
 * Dates as MediaWiki shows them to a reader (the language's default date preference, written by
 * `formatDatePattern`; German's `22:26, 21. Nov. 2026`), and the two styles this service's own
 * texts know (German's and English's). Used where the API answers with formatted dates
 * (`blockedtimestampformatted`). Times are in UTC, the reference wiki's zone.
 */
import type { DateNameKind } from './mediawiki/language-facts.js';

/**
 * The formats known here: German's (day with a full stop, the month abbreviated), English's, and
 * `qqx`'s (English's, with the month's message key: `21 (november) 2026`).
 */
export type DateStyle = 'de' | 'en' | 'qqx';

/**
 * The style a language writes dates in: its own where known here, else the first known one of its
 * fallback chain (Low German, Bavarian, Pennsylvania German write German's), else English's.
 */
export function dateStyleOf(language: string, fallbacks: readonly string[] = []): DateStyle {
  for (const code of [language, ...fallbacks]) {
    if (code === 'de' || code.startsWith('de-')) return 'de';
    if (code === 'en' || code.startsWith('en-')) return 'en';
    if (code === 'qqx') return 'qqx';
  }
  return 'en';
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The Thai solar year: the Gregorian plus 543, but from 1912 to 1940, when the Thai year began on
 * the first of April, one less in January to March (as MediaWiki counts it).
 */
export function thaiYear(year: number, month: number): number {
  return year >= 1912 && year <= 1940 && month <= 3 ? year + 542 : year + 543;
}

/**
 * A 14-digit MediaWiki timestamp written in a PHP `sprintfDate` format (a language's default,
 * `H:i, j xg Y`), as MediaWiki writes it: the codes the languages' formats use (`d j n Y H G i s`
 * numbers, written with `digits` where the language has its own; `F M xg D l` names, given by
 * `name`; `xk` before `Y` the Thai solar year), `\x` and `"…"` literal, any other character as it is.
 */
export function formatDatePattern(
  mw: string,
  pattern: string,
  name: (kind: DateNameKind, index: number) => string,
  digits?: string,
): string {
  const year = Number(mw.slice(0, 4));
  const month = Number(mw.slice(4, 6));
  const day = Number(mw.slice(6, 8));
  const hour = Number(mw.slice(8, 10));
  const minute = Number(mw.slice(10, 12));
  const second = Number(mw.slice(12, 14));
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const num = (text: string) => (digits ? text.replace(/[0-9]/g, (d) => digits[Number(d)]) : text);
  let thai = false;
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    const next = pattern[i + 1];
    if (c === '\\' || c === '"') {
      const end = c === '"' && next !== undefined ? pattern.indexOf('"', i + 1) : -1;
      if (c === '\\' && next !== undefined) out += pattern[++i];
      else if (end !== -1) {
        out += pattern.slice(i + 1, end);
        i = end;
      } else out += c;
      continue;
    }
    if (c === 'x' && (next === 'g' || next === 'k')) {
      if (next === 'g') out += name('xg', month - 1);
      else thai = true;
      i++;
      continue;
    }
    switch (c) {
      case 'd':
        out += num(pad2(day));
        break;
      case 'j':
        out += num(String(day));
        break;
      case 'n':
        out += num(String(month));
        break;
      case 'Y':
        out += num(String(thai ? thaiYear(year, month) : year));
        thai = false;
        break;
      case 'H':
        out += num(pad2(hour));
        break;
      case 'G':
        out += num(String(hour));
        break;
      case 'i':
        out += num(pad2(minute));
        break;
      case 's':
        out += num(pad2(second));
        break;
      case 'F':
      case 'M':
        out += name(c, month - 1);
        break;
      case 'D':
      case 'l':
        out += name(c, weekday);
        break;
      default:
        out += c;
    }
  }
  return out;
}
