/**
 * `{{#time:}}`'s formats (MediaWiki's `Language::sprintfDate`: PHP's date letters and its own `x`
 * codes) for a date in UTC, in a language: its names of months and weekdays, its digits.
 */

import { thaiYear } from '../../site/date-format.js';
import { type DateNameKind, languageFacts } from '../../site/mediawiki/language-facts.js';
import { formatNumberNoSeparators } from '../../site/number-format.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `Date.UTC` for any year (`Date.UTC` reads years 0 to 99 as 1900 to 1999). */
function utc(year: number, month: number, day: number): number {
  const date = new Date(Date.UTC(2000, month, day));
  date.setUTCFullYear(year + date.getUTCFullYear() - 2000);
  return date.getTime();
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function dayOfYear(d: Date): number {
  return Math.floor(
    (utc(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - utc(d.getUTCFullYear(), 0, 1)) / 86_400_000,
  );
}

/** The name of a month (0-11) or weekday (0 Sunday) in the language, as its messages give it. */
export function dateName(language: string, kind: DateNameKind, index: number): string {
  return languageFacts(language).dateNames[kind][index] ?? '';
}

const WEEKDAYS_EN = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date in another calendar: year, month (MediaWiki's numbering) and day. */
interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The runtime's calendars (ICU's) that give the dates MediaWiki's own conversions give. */
const CALENDARS = {
  // The Iranian (Jalali) calendar; the tabular Islamic calendar MediaWiki calls Hijri; the Hebrew.
  xi: new Intl.DateTimeFormat('en-u-ca-persian', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }),
  xm: new Intl.DateTimeFormat('en-u-ca-islamic-civil', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }),
  xj: new Intl.DateTimeFormat('en-u-ca-hebrew', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }),
} as const;

/** Hebrew months as MediaWiki numbers them: from Tishrei, Adar 6 in a common year, Adar I and II 13 and 14. */
const HEBREW_MONTHS: Readonly<Record<string, number>> = {
  Tishri: 1,
  Heshvan: 2,
  Kislev: 3,
  Tevet: 4,
  Shevat: 5,
  Adar: 6,
  Nisan: 7,
  Iyar: 8,
  Sivan: 9,
  Tamuz: 10,
  Av: 11,
  Elul: 12,
  'Adar I': 13,
  'Adar II': 14,
};

function calendarDate(calendar: keyof typeof CALENDARS, date: Date): CalendarDate {
  const parts: Record<string, string> = {};
  for (const part of CALENDARS[calendar].formatToParts(date)) parts[part.type] = part.value;
  const year = Number.parseInt(parts.year ?? parts.relatedYear ?? '0', 10);
  const month = calendar === 'xj' ? (HEBREW_MONTHS[parts.month ?? ''] ?? 0) : Number.parseInt(parts.month ?? '0', 10);
  return { year, month, day: Number.parseInt(parts.day ?? '0', 10) };
}

/** The days of the Iranian months as MediaWiki counts them (`xit`, `xiz`: the last month always 29). */
const IRANIAN_MONTH_DAYS = [31, 31, 31, 31, 31, 31, 30, 30, 30, 30, 30, 29];

/** The days of the Hebrew month a date is in: the days until the calendar's month changes, counted. */
function hebrewMonthDays(date: Date): number {
  const { month, day } = calendarDate('xj', date);
  let last = day;
  for (let time = date.getTime() + 86_400_000; ; time += 86_400_000) {
    const next = calendarDate('xj', new Date(time));
    if (next.month !== month) return last;
    last = next.day;
  }
}

/** What the codes of the other calendars write (`xiY`, `xmF`, `xjx`, …). */
function otherCalendarValue(code: string, d: Date, language: string): { num: string } | { text: string } | undefined {
  const calendar = code.slice(0, 2);
  if (calendar !== 'xi' && calendar !== 'xm' && calendar !== 'xj') return undefined;
  const date = calendarDate(calendar, d);
  const months = languageFacts(language).calendarMonths;
  switch (code.slice(2)) {
    case 'Y':
      return { num: String(date.year) };
    case 'n':
      return { num: String(date.month) };
    case 'j':
      return { num: String(date.day) };
    case 'F':
      return { text: months[calendar][date.month - 1] ?? '' };
    case 'x':
      return calendar === 'xj' ? { text: months.xjx[date.month - 1] ?? '' } : undefined;
    case 'y':
      return calendar === 'xi' ? { num: String(date.year).slice(-2) } : undefined;
    case 't':
      if (calendar === 'xi') return { num: String(IRANIAN_MONTH_DAYS[date.month - 1]) };
      return calendar === 'xj' ? { num: String(hebrewMonthDays(d)) } : undefined;
    case 'z':
      return calendar === 'xi'
        ? { num: String(IRANIAN_MONTH_DAYS.slice(0, date.month - 1).reduce((a, b) => a + b, 0) + date.day - 1) }
        : undefined;
    default:
      return undefined;
  }
}

/**
 * What a code writes of a date: a number (which the language writes in its digits) or a text.
 * Undefined for a code that writes nothing of the date.
 */
function dateValue(code: string, d: Date, language: string): { num: string } | { text: string } | undefined {
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  const hours = d.getUTCHours();
  switch (code) {
    case 'Y':
      return { num: pad(year, 4) };
    case 'y':
      return { num: pad(year % 100) };
    case 'xkY':
      return { num: String(thaiYear(year, month + 1)) };
    case 'xtY':
      return { text: japaneseEraYear(year, month + 1, d.getUTCDate()) };
    case 'xoY':
      // The Minguo year.
      return { num: String(year - 1911) };
    case 'L':
      return { num: isLeap(year) ? '1' : '0' };
    case 'n':
      return { num: String(month + 1) };
    case 'm':
      return { num: pad(month + 1) };
    case 'M':
    case 'F':
    case 'xg':
      return { text: dateName(language, code, month) };
    case 't':
      return { num: String(new Date(utc(year, month + 1, 0)).getUTCDate()) };
    case 'j':
      return { num: String(d.getUTCDate()) };
    case 'd':
      return { num: pad(d.getUTCDate()) };
    case 'z':
      return { num: String(dayOfYear(d)) };
    case 'D':
    case 'l':
      return { text: dateName(language, code, d.getUTCDay()) };
    case 'N':
      return { num: String(d.getUTCDay() || 7) };
    case 'w':
      return { num: String(d.getUTCDay()) };
    case 'a':
      return { text: hours < 12 ? 'am' : 'pm' };
    case 'A':
      return { text: hours < 12 ? 'AM' : 'PM' };
    case 'g':
      return { num: String(hours % 12 || 12) };
    case 'h':
      return { num: pad(hours % 12 || 12) };
    case 'G':
      return { num: String(hours) };
    case 'H':
      return { num: pad(hours) };
    case 'i':
      return { num: pad(d.getUTCMinutes()) };
    case 's':
      return { num: pad(d.getUTCSeconds()) };
    case 'W':
      return { num: pad(isoWeek(d)) };
    case 'o':
      return { num: String(isoWeekYear(d)) };
    case 'U':
      return { num: String(Math.floor(d.getTime() / 1000)) };
    case 'I':
    case 'Z':
      return { num: '0' };
    case 'c':
      return { text: `${d.toISOString().slice(0, 19)}+00:00` };
    case 'r':
      // RFC 2822, in English whatever the language.
      return {
        text: `${WEEKDAYS_EN[d.getUTCDay()]}, ${pad(d.getUTCDate())} ${MONTHS_EN[month]} ${pad(year, 4)} ${pad(hours)}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`,
      };
    case 'e':
    case 'T':
      return { text: 'UTC' };
    case 'O':
      return { text: '+0000' };
    case 'P':
      return { text: '+00:00' };
    default:
      return otherCalendarValue(code, d, language);
  }
}

/** The Japanese eras since Meiji: the first day each counts (as MediaWiki dates them), its name. */
const JAPANESE_ERAS: ReadonlyArray<readonly [start: number, name: string]> = [
  [20190501, '令和'],
  [19890108, '平成'],
  [19261226, '昭和'],
  [19120731, '大正'],
  [0, '明治'],
];

/** The year in the Japanese era (`xtY`): the era's name and its year, the first written `元`. */
function japaneseEraYear(year: number, month: number, day: number): string {
  const ymd = year * 10000 + month * 100 + day;
  const [start, name] =
    JAPANESE_ERAS.find(([first]) => ymd >= first) ?? (JAPANESE_ERAS.at(-1) as (typeof JAPANESE_ERAS)[number]);
  const first = start === 0 ? 1868 : Math.floor(start / 10000);
  const eraYear = year - first + 1;
  return `${name}${eraYear === 1 ? '元' : eraYear}`;
}

/** A number in Roman numerals, as MediaWiki writes them (1 to 10,000; thousands as repeated `M`). */
export function romanNumeral(value: number): string {
  if (!(value > 0 && value <= 10000)) return String(value);
  const ones = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX'];
  const tens = ['', 'X', 'XX', 'XXX', 'XL', 'L', 'LX', 'LXX', 'LXXX', 'XC'];
  const hundreds = ['', 'C', 'CC', 'CCC', 'CD', 'D', 'DC', 'DCC', 'DCCC', 'CM'];
  return (
    'M'.repeat(Math.floor(value / 1000)) +
    hundreds[Math.floor(value / 100) % 10] +
    tens[Math.floor(value / 10) % 10] +
    ones[value % 10]
  );
}

const HEBREW_ONES = ['', 'א', 'ב', 'ג', 'ד', 'ה', 'ו', 'ז', 'ח', 'ט'];
const HEBREW_TENS = ['', 'י', 'כ', 'ל', 'מ', 'נ', 'ס', 'ע', 'פ', 'צ'];
const HEBREW_HUNDREDS = ['', 'ק', 'ר', 'ש', 'ת', 'תק', 'תר', 'תש', 'תת', 'תתק'];
const HEBREW_FINAL: Readonly<Record<string, string>> = { כ: 'ך', מ: 'ם', נ: 'ן', פ: 'ף', צ: 'ץ' };

/**
 * A number in Hebrew letters as MediaWiki writes it (1 to 9,999; `xh`): the thousands' letter with
 * a geresh (`'`), round thousands as `ה' אלפים`, 15 and 16 as `ט"ו` and `ט"ז`, the last letter in
 * its final form, a geresh after a single letter and gershayim (`"`) before the last of several.
 */
export function hebrewNumeral(value: number): string {
  if (!(value > 0 && value <= 9999)) return String(value);
  if (value === 1000) return "א' אלף";
  if (value % 1000 === 0) return `${HEBREW_ONES[value / 1000]}' אלפים`;
  const letters: string[] = [];
  if (value >= 1000) letters.push(HEBREW_ONES[Math.floor(value / 1000)] as string, "'");
  letters.push(...(HEBREW_HUNDREDS[Math.floor(value / 100) % 10] as string));
  const rest = value % 100;
  if (rest === 15 || rest === 16) letters.push('ט', HEBREW_ONES[rest - 9] as string);
  else {
    if (rest >= 10) letters.push(HEBREW_TENS[Math.floor(rest / 10)] as string);
    if (rest % 10 > 0) letters.push(HEBREW_ONES[rest % 10] as string);
  }
  if (letters.length === 1) return `${letters[0]}'`;
  const last = letters.length - 1;
  letters[last] = HEBREW_FINAL[letters[last] as string] ?? (letters[last] as string);
  // One letter after the thousands takes a geresh too (`ב'ה'`); else gershayim before the last.
  if (letters[1] === "'" && letters.length === 3) return `${letters.join('')}'`;
  return `${letters.slice(0, last).join('')}"${letters[last]}`;
}

/** The codes that take a third letter (`xkY`, `xiF`, …). */
const THREE_LETTER_PREFIXES = new Set(['xi', 'xj', 'xk', 'xm', 'xo', 'xt']);

/**
 * A date in a `#time` format, as MediaWiki's `sprintfDate` writes it in `language`: PHP's letters,
 * `xg` the genitive month, `xkY` and `xoY` the Thai and Minguo years, `xn` the next number and `xN`
 * all numbers up to the next `xN` in ASCII digits, `xr` the next number in Roman numerals, `xx` an
 * `x`, `\x` and `"…"` literal; the Iranian (`xi…`), Hijri (`xm…`) and Hebrew (`xj…`) calendars'
 * years, months, days and month names, `xtY` the Japanese era's year; `xh` the next number in
 * Hebrew letters; numbers in the language's digits.
 */
export function formatDate(format: string, date: Date, language: string): string {
  let out = '';
  let raw = false;
  let rawToggle = false;
  let roman = false;
  let hebrewNumber = false;
  for (let p = 0; p < format.length; p++) {
    let code = format[p] as string;
    if (code === 'x' && p < format.length - 1) code += format[++p];
    if (THREE_LETTER_PREFIXES.has(code) && p < format.length - 1) code += format[++p];
    switch (code) {
      case 'xx':
        out += 'x';
        continue;
      case 'xn':
        raw = true;
        continue;
      case 'xN':
        rawToggle = !rawToggle;
        continue;
      case 'xr':
        roman = true;
        continue;
      case 'xh':
        hebrewNumber = true;
        continue;
      case '\\':
        out += p < format.length - 1 ? format[++p] : '\\';
        continue;
      case '"': {
        const end = p < format.length - 1 ? format.indexOf('"', p + 1) : -1;
        if (end === -1) out += '"';
        else {
          out += format.slice(p + 1, end);
          p = end;
        }
        continue;
      }
    }
    const value = dateValue(code, date, language);
    if (value === undefined) {
      out += format[p];
      continue;
    }
    if ('text' in value) {
      out += value.text;
      continue;
    }
    const num = value.num;
    if (rawToggle || raw) {
      out += num;
      raw = false;
    } else if (roman) {
      out += romanNumeral(Number.parseInt(num, 10));
      roman = false;
    } else if (hebrewNumber) {
      out += hebrewNumeral(Number.parseInt(num, 10));
      hebrewNumber = false;
    } else {
      out += /^[\d.]+$/.test(num) ? formatNumberNoSeparators(num, language, 'NaN') : num;
    }
  }
  return out;
}

/** What part of a date a format letter shows, which decides how long the text stays true. */
const LETTER_UNITS: Record<
  string,
  'second' | 'minute' | 'hour' | 'ampm' | 'day' | 'week' | 'month' | 'year' | 'leap' | 'isoyear'
> = {
  s: 'second',
  c: 'second',
  r: 'second',
  U: 'second',
  i: 'minute',
  g: 'hour',
  G: 'hour',
  h: 'hour',
  H: 'hour',
  a: 'ampm',
  A: 'ampm',
  d: 'day',
  D: 'day',
  j: 'day',
  l: 'day',
  w: 'day',
  N: 'day',
  z: 'day',
  W: 'week',
  F: 'month',
  m: 'month',
  M: 'month',
  n: 'month',
  t: 'month',
  xg: 'month',
  Y: 'year',
  y: 'year',
  L: 'leap',
  o: 'isoyear',
};

/** The units a format shows, read as formatDate reads it (escapes and quoted text show none). */
function unitsOf(format: string): Set<string> {
  const units = new Set<string>();
  for (let i = 0; i < format.length; i++) {
    const c = format[i] as string;
    if (c === '\\') i++;
    else if (c === '"') {
      const end = format.indexOf('"', i + 1);
      if (end !== -1) i = end;
    } else if (c === 'x' && i + 1 < format.length) {
      // An `x` code, read as `formatDate` reads it: the other calendars' change with the day.
      let code = c + format[++i];
      if (THREE_LETTER_PREFIXES.has(code) && i + 1 < format.length) code += format[++i];
      if (code === 'xg') units.add('month');
      else if (code === 'xkY' || code === 'xoY') units.add(code === 'xkY' ? 'day' : 'year');
      else if (/^x[ijmt]/.test(code)) units.add('day');
    } else {
      const unit = LETTER_UNITS[c];
      if (unit !== undefined) units.add(unit);
    }
  }
  return units;
}

/**
 * How many seconds a date formatted now stays what it is (the parser's cache expiry of `{{#time:}}`
 * without a date): until the next second, minute, hour, half day or day for a format showing one;
 * else the least of the time left in the week, the ISO year, the month, the year or until the
 * next change of leap year, for those it shows. Undefined when the text never changes.
 */
export function dateTtl(format: string, now: Date): number | undefined {
  const units = unitsOf(format);
  const h = now.getUTCHours();
  const min = now.getUTCMinutes();
  const s = now.getUTCSeconds();
  if (units.has('second')) return 1;
  if (units.has('minute')) return 60 - s;
  if (units.has('hour')) return 3600 - min * 60 - s;
  if (units.has('ampm')) return 43200 - (h % 12) * 3600 - min * 60 - s;
  const leftInDay = 86400 - h * 3600 - min * 60 - s;
  if (units.has('day')) return leftInDay;
  const possible: number[] = [];
  const weekday = now.getUTCDay() || 7;
  const leftInWeek = (7 - weekday) * 86400 + leftInDay;
  if (units.has('week')) possible.push(leftInWeek);
  else if (units.has('isoyear')) {
    const lastWeek = isoWeek(new Date(utc(now.getUTCFullYear(), 11, 28)));
    possible.push((lastWeek - isoWeek(now)) * 604800 + leftInWeek);
  }
  const year = now.getUTCFullYear();
  const leftInYear = ((isLeap(year) ? 1 : 0) + 364 - dayOfYear(now)) * 86400 + leftInDay;
  if (units.has('month')) {
    const daysInMonth = new Date(utc(year, now.getUTCMonth() + 1, 0)).getUTCDate();
    possible.push((daysInMonth - now.getUTCDate()) * 86400 + leftInDay);
  } else if (units.has('year')) possible.push(leftInYear);
  else if (units.has('leap')) {
    if (isLeap(year)) possible.push(leftInYear);
    else {
      // Until the next leap year begins (MediaWiki counts the years between as 365 days each).
      const next = year - (year % 4) + 4;
      const years = next % 100 !== 0 || next % 400 === 0 ? next - year - 1 : next - year + 3;
      possible.push(years * 365 * 86400 + leftInYear);
    }
  }
  return possible.length > 0 ? Math.min(...possible) : undefined;
}

/** The Thursday of a date's ISO 8601 week, which decides the week's year. */
function weekThursday(date: Date): Date {
  const day = date.getUTCDay() || 7;
  return new Date(utc(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 4 - day));
}

/** The ISO 8601 week number of a date. */
function isoWeek(date: Date): number {
  const thursday = weekThursday(date);
  const firstDay = utc(thursday.getUTCFullYear(), 0, 1);
  return Math.ceil(((thursday.getTime() - firstDay) / 86_400_000 + 1) / 7);
}

/** The year of a date's ISO 8601 week (`o`). */
function isoWeekYear(date: Date): number {
  return weekThursday(date).getUTCFullYear();
}
