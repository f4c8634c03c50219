/**
 * Timestamps in every form MediaWiki's API accepts (its ConvertibleTimestamp formats): MediaWiki's
 * 14 digits, Unix seconds, ISO 8601, SQL, RFC 2822, EXIF, PostgreSQL and `now`.
 */

/** Offsets of the zone names RFC 2822 allows; its single-letter military zones count as UTC. */
const ZONES: Record<string, number> = {
  UT: 0,
  GMT: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
};

/**
 * The moment the fields name, read as MediaWiki reads them: a field beyond its range carries over
 * into the next one (month 13 is January of the next year, hour 99 four days and three hours
 * later), and the result must lie in the years 0000 to 9999.
 */
function moment(y: number, mo: number, d: number, h: number, mi: number, s: number, ms = 0, offset = 0): Date | null {
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, ms);
  return inRange(new Date(date.getTime() - offset * 60_000));
}

function inRange(date: Date): Date | null {
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 0 || year > 9999 ? null : date;
}

/** Minutes east of UTC of an ISO 8601 or RFC 2822 zone; NaN when it is none. */
function offsetMinutes(zone: string | undefined): number {
  if (!zone || zone === 'Z') return 0;
  const named = ZONES[zone.toUpperCase()];
  if (named !== undefined) return named;
  if (/^[A-IK-Z]$/i.test(zone)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return Number.NaN;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

const fraction = (digits: string | undefined) => (digits ? Math.round(Number(`0.${digits}`) * 1000) : 0);

const MONTH_NAMES = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';
const ISO_EXTENDED = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d)(?:[.,](\d{1,6}))?(Z|[+-]\d\d(?::?\d\d)?)?$/;
const ISO_BASIC = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)(?:[.,](\d{1,6}))?(Z|[+-]\d\d(?:\d\d)?)?$/;
const POSTGRES = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d+))?\s*(GMT|[+-]\d\d(?::?\d\d)?)?$/;
const RFC_2822 = new RegExp(
  `^(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),\\s*)?(\\d{1,2})\\s+(${MONTH_NAMES})\\s+(\\d{2,4})\\s+(\\d\\d):(\\d\\d):(\\d\\d)(?:\\s+([A-Za-z]{1,3}|[+-]\\d{4}))?$`,
  'i',
);
const RFC_850 = new RegExp(
  `^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\\d\\d)-(${MONTH_NAMES})-(\\d\\d) (\\d\\d):(\\d\\d):(\\d\\d) GMT$`,
  'i',
);
const ASCTIME = new RegExp(
  `^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (${MONTH_NAMES}) ([\\d ]\\d) (\\d\\d):(\\d\\d):(\\d\\d) (\\d{4})$`,
  'i',
);

const monthNumber = (name: string) => MONTH_NAMES.toLowerCase().split('|').indexOf(name.toLowerCase()) + 1;

/** A two- or three-digit year as RFC 2822 reads it (obsolete syntax). */
function fullYear(text: string): number {
  const year = Number(text);
  if (text.length === 2) return year < 50 ? 2000 + year : 1900 + year;
  return text.length === 3 ? 1900 + year : year;
}

/**
 * Parses `value`; null when it is no timestamp MediaWiki would accept. The value is taken as it
 * is: surrounding space makes it no timestamp.
 */
export function parseTimestamp(value: string, now: Date = new Date()): Date | null {
  const v = value;
  if (v === 'now') return now;
  let m = /^(-?\d{1,13})(?:\.(\d{1,6}))?$/.exec(v);
  if (m) {
    const seconds = Number(m[1]);
    const ms = fraction(m[2]);
    return inRange(new Date(seconds * 1000 + (m[1].startsWith('-') ? -ms : ms)));
  }
  m = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(v) ?? /^(\d{4}):(\d\d):(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(v);
  if (m) return moment(+m[1], +m[2], +m[3], +m[4], +m[5], +m[6]);
  m = ISO_EXTENDED.exec(v) ?? ISO_BASIC.exec(v) ?? POSTGRES.exec(v);
  if (m) {
    const offset = offsetMinutes(m[8]);
    return Number.isNaN(offset)
      ? null
      : moment(+m[1], +m[2], +m[3], +m[4], +m[5], +m[6], fraction(m[7]?.slice(0, 6)), offset);
  }
  m = /^(\d\d)-(\d\d)-(\d{4}) (\d\d):(\d\d):(\d\d)\.(\d{6})$/.exec(v);
  if (m) return moment(+m[3], +m[2], +m[1], +m[4], +m[5], +m[6], fraction(m[7]));
  m = RFC_2822.exec(v);
  if (m) {
    const offset = offsetMinutes(m[7]);
    if (Number.isNaN(offset)) return null;
    return moment(fullYear(m[3]), monthNumber(m[2]), +m[1], +m[4], +m[5], +m[6], 0, offset);
  }
  m = RFC_850.exec(v);
  if (m) return moment(fullYear(m[3]), monthNumber(m[2]), +m[1], +m[4], +m[5], +m[6]);
  m = ASCTIME.exec(v);
  if (m) return moment(+m[6], monthNumber(m[1]), Number(m[2].trim()), +m[3], +m[4], +m[5]);
  return null;
}

export { mwToIso, toIsoTimestamp, toMwTimestamp } from '../../text/timestamps.js';
