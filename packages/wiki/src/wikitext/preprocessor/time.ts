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
