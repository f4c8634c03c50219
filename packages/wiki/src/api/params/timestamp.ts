/**
 * Timestamps in every form MediaWiki's API accepts (its ConvertibleTimestamp formats): MediaWiki's
 * 14 digits, Unix seconds, ISO 8601, SQL, RFC 2822, EXIF, PostgreSQL and `now`.
 */

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

function utc(y: number, mo: number, d: number, h: number, mi: number, s: number, ms = 0): Date | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 24 || mi > 59 || s > 60) return null;
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms));
  if (y < 100) date.setUTCFullYear(y);
  return Number.isNaN(date.getTime()) ? null : date;
}

function offsetMinutes(zone: string | undefined): number {
  if (!zone || zone === 'Z' || /^(GMT|UTC|UT)$/i.test(zone)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return Number.NaN;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

function withOffset(date: Date | null, zone: string | undefined): Date | null {
  if (!date) return null;
  const offset = offsetMinutes(zone);
  if (Number.isNaN(offset)) return null;
  return new Date(date.getTime() - offset * 60_000);
}

/** Parses `value`; null when it is no timestamp MediaWiki would accept. */
export function parseTimestamp(value: string, now: Date = new Date()): Date | null {
  const v = value.trim();
  if (v === 'now') return now;
  let m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(v);
  if (m) return utc(+m[1], +m[2], +m[3], +m[4], +m[5], +m[6]);
  m = /^(-?\d{1,13})(\.\d+)?$/.exec(v);
  if (m) return new Date(Number(m[1]) * 1000 + Math.round(Number(m[2] ?? 0) * 1000));
  m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/.exec(v);
  if (m) {
    const ms = m[7] ? Math.round(Number(`0.${m[7]}`) * 1000) : 0;
    return withOffset(utc(+m[1], +m[2], +m[3], +m[4], +m[5], +m[6], ms), m[8]);
  }
  m = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(v);
  if (m) return utc(+m[1], +m[2], +m[3], +m[4], +m[5], +m[6]);
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (m) return utc(+m[1], +m[2], +m[3], 0, 0, 0);
  m =
    /^(?:[A-Za-z]{3},?\s+)?(\d{1,2})[\s-]([A-Za-z]{3})[\s-](\d{2,4})\s+(\d{2}):(\d{2})(?::(\d{2}))?\s*([A-Za-z]{1,3}|[+-]\d{4})?$/.exec(
      v,
    );
  if (m) {
    const month = MONTHS[m[2].toLowerCase()];
    if (!month) return null;
    let year = +m[3];
    if (m[3].length === 2) year += year < 50 ? 2000 : 1900;
    return withOffset(utc(year, month, +m[1], +m[4], +m[5], +(m[6] ?? 0)), m[7]);
  }
  m = /^(\d{2})-([A-Za-z]{3})-(\d{2}) (\d{2})\.(\d{2})\.(\d{2})\.(\d{6}) ?(AM|PM)?$/i.exec(v);
  if (m) {
    const month = MONTHS[m[2].toLowerCase()];
    if (!month) return null;
    let hour = +m[4];
    if (m[8]?.toUpperCase() === 'PM' && hour < 12) hour += 12;
    if (m[8]?.toUpperCase() === 'AM' && hour === 12) hour = 0;
    return utc(2000 + +m[3], month, +m[1], hour, +m[5], +m[6]);
  }
  return null;
}

export { mwToIso, toIsoTimestamp, toMwTimestamp } from '../../text/timestamps.js';
