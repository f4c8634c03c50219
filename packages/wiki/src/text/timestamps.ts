/** Timestamps as MediaWiki stores them (14 digits, UTC) and as its API prints them (ISO 8601). */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYYMMDDHHMMSS` in UTC, as MediaWiki stores timestamps. */
export function toMwTimestamp(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`;
}

/** `YYYY-MM-DDTHH:MM:SSZ`, as the API prints timestamps. */
export function toIsoTimestamp(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}Z`;
}

/** The API form of a stored 14-digit timestamp. */
export function mwToIso(mw: string): string {
  return `${mw.slice(0, 4)}-${mw.slice(4, 6)}-${mw.slice(6, 8)}T${mw.slice(8, 10)}:${mw.slice(10, 12)}:${mw.slice(12, 14)}Z`;
}
