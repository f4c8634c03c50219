import type { Locale } from './i18n/locale.js';

const separators: Record<Locale, { decimal: string; group: string }> = {
  en: { decimal: '.', group: ',' },
  de: { decimal: ',', group: '.' },
};

function splitMinor(minor: bigint, decimals: number, minDecimals: number) {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = decimals > 0 ? digits.slice(digits.length - decimals) : '';
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return { sign: negative ? '-' : '', whole, fraction };
}

/**
 * Prints an amount held in minor units (bigint) with the unit's decimals, in the page language,
 * without ever passing through a float. `minDecimals` keeps e.g. cents visible (12.50); trailing
 * zeros beyond it are dropped so a coin amount reads 1.5, not 1.5000000.
 */
export function formatMinor(minor: bigint, decimals: number, locale: Locale, minDecimals = 0): string {
  const { sign, whole, fraction } = splitMinor(minor, decimals, minDecimals);
  return sign + localiseDecimal(fraction ? `${whole}.${fraction}` : whole, locale);
}

/** The same amount as a plain machine-readable decimal (for payment URIs and copy buttons). */
export function plainDecimal(minor: bigint, decimals: number): string {
  const { sign, whole, fraction } = splitMinor(minor, decimals, 0);
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Localises a plain decimal string such as "0.8125" (a rate) without rounding it. */
export function localiseDecimal(text: string, locale: Locale): string {
  const [whole = '0', fraction] = text.split('.');
  const { decimal, group } = separators[locale];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return fraction ? `${grouped}${decimal}${fraction}` : grouped;
}

const dateFormats: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }),
  de: new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }),
};

/** A date and time in UTC (the server does not know the visitor's zone; the label says UTC). */
export function formatTime(date: Date, locale: Locale): string {
  return `${dateFormats[locale].format(date)} UTC`;
}

/** Remaining time as m:ss or h:mm:ss, the form the countdown script also prints. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
