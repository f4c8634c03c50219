import { de } from './de.js';
import { en, type MessageKey } from './en.js';

export const locales = ['en', 'de'] as const;
export type Locale = (typeof locales)[number];

const catalogs: Record<Locale, Record<MessageKey, string>> = { en, de };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * The page language: an explicit `?lang=` wins, then the language the visitor picked before
 * (remembered in a cookie), then the best match in `Accept-Language`, then English.
 */
export function chooseLocale(input: { query?: unknown; cookie?: string; acceptLanguage?: string }): Locale {
  if (isLocale(input.query)) return input.query;
  if (isLocale(input.cookie)) return input.cookie;
  return fromAcceptLanguage(input.acceptLanguage ?? '') ?? 'en';
}

/** Picks the supported language with the highest q-value; ties keep the header's order. */
export function fromAcceptLanguage(header: string): Locale | undefined {
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag, ...params] = part.trim().split(';');
    const primary = tag?.trim().toLowerCase().split('-')[0];
    if (!isLocale(primary)) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split('=');
      if (name === 'q') q = Number(value);
    }
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale;
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translate {
  const catalog = catalogs[locale];
  return (key, params) => {
    const text = catalog[key];
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}

export type { MessageKey };
