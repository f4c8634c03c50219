/** `{{#time:}}`'s formats (PHP's date letters) with German names, for a date in UTC. */
export const germanMonthNames = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];
const germanMonthAbbrevs = [
  'Jan.',
  'Feb.',
  'Mär.',
  'Apr.',
  'Mai',
  'Jun.',
  'Jul.',
  'Aug.',
  'Sep.',
  'Okt.',
  'Nov.',
  'Dez.',
];
export const germanDayNames = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];
const germanDayAbbrevs = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function dayOfYear(d: Date): number {
  return Math.floor(
    (Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000,
  );
}

function letter(c: string, d: Date): string | undefined {
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  const hours = d.getUTCHours();
  const values: Record<string, () => string> = {
    Y: () => String(year),
    y: () => pad(year % 100),
    L: () => (isLeap(year) ? '1' : '0'),
    n: () => String(month + 1),
    m: () => pad(month + 1),
    M: () => germanMonthAbbrevs[month] as string,
    F: () => germanMonthNames[month] as string,
    xg: () => germanMonthNames[month] as string,
    t: () => String(new Date(Date.UTC(year, month + 1, 0)).getUTCDate()),
    j: () => String(d.getUTCDate()),
    d: () => pad(d.getUTCDate()),
    z: () => String(dayOfYear(d)),
    D: () => germanDayAbbrevs[d.getUTCDay()] as string,
    l: () => germanDayNames[d.getUTCDay()] as string,
    N: () => String(d.getUTCDay() || 7),
    w: () => String(d.getUTCDay()),
    a: () => (hours < 12 ? 'am' : 'pm'),
    A: () => (hours < 12 ? 'AM' : 'PM'),
    g: () => String(hours % 12 || 12),
    h: () => pad(hours % 12 || 12),
    G: () => String(hours),
    H: () => pad(hours),
    i: () => pad(d.getUTCMinutes()),
    s: () => pad(d.getUTCSeconds()),
    W: () => pad(isoWeek(d)),
    o: () => String(isoWeekYear(d)),
    U: () => String(Math.floor(d.getTime() / 1000)),
    c: () => `${d.toISOString().slice(0, 19)}+00:00`,
    e: () => 'UTC',
    T: () => 'UTC',
    O: () => '+0000',
    P: () => '+00:00',
    Z: () => '0',
  };
  return values[c]?.();
}

/** A date in a `#time` format: PHP's letters, `\x` and `"…"` literal, `xg` the genitive month. */
export function formatDate(format: string, date: Date): string {
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i] as string;
    if (c === '\\' && i + 1 < format.length) {
      out += format[++i];
    } else if (c === '"') {
      const end = format.indexOf('"', i + 1);
      if (end === -1) out += '"';
      else {
        out += format.slice(i + 1, end);
        i = end;
      }
    } else if (c === 'x' && format[i + 1] === 'g') {
      out += letter('xg', date);
      i++;
    } else out += letter(c, date) ?? c;
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
    } else if (c === 'x' && format[i + 1] === 'g') {
      units.add('month');
      i++;
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
    const lastWeek = isoWeek(new Date(Date.UTC(now.getUTCFullYear(), 11, 28)));
    possible.push((lastWeek - isoWeek(now)) * 604800 + leftInWeek);
  }
  const year = now.getUTCFullYear();
  const leftInYear = ((isLeap(year) ? 1 : 0) + 364 - dayOfYear(now)) * 86400 + leftInDay;
  if (units.has('month')) {
    const daysInMonth = new Date(Date.UTC(year, now.getUTCMonth() + 1, 0)).getUTCDate();
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
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 4 - day));
}

/** The ISO 8601 week number of a date. */
function isoWeek(date: Date): number {
  const thursday = weekThursday(date);
  const firstDay = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.ceil(((thursday.getTime() - firstDay) / 86_400_000 + 1) / 7);
}

/** The year of a date's ISO 8601 week (`o`). */
function isoWeekYear(date: Date): number {
  return weekThursday(date).getUTCFullYear();
}
