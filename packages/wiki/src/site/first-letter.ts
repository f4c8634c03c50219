/**
 * First-letter capitalisation as MediaWiki performs it for namespaces with `first-letter` case,
 * for message pages and for `{{ucfirst:}}` (its `Language::ucfirst`).
 *
 * MediaWiki uppercases a title's first character with PHP's `mb_strtoupper`, so the rule is PHP's:
 * - Since PHP 7.3 that is Unicode's full case mapping (`ß` → `SS`, `ǆ` → `Ǆ`, Georgian letters to
 *   Mtavruli), as JavaScript's `toUpperCase` gives it but for the letters whose case pairs Unicode
 *   added after the version PHP 8.2 reads (Unicode 14). This is MediaWiki's rule by default.
 * - Before, PHP mapped one character to one (`ß` stayed `ß`), gave the Latin digraphs and the Greek
 *   letters with iota subscript their title-case form, and left alone letters whose case pairs were
 *   then new (Georgian, Cherokee, Glagolitic, Coptic, Latin Extended-D, ...). Wikimedia's wikis keep
 *   that rule through `$wgOverrideUcfirstCharacters` (their titles are stored so, and their dumps
 *   hold them so); {@link wikimediaUcfirstOverrides} gives that setting's map.
 * - Turkish, Azerbaijani and Karakalpak uppercase `i` to `İ`.
 *
 * A wiki's rule is thus its language and its `OverrideUcfirstCharacters` setting ({@link siteUpperFirst}).
 */
import type { SiteConfig } from './site.js';

/** The one-character function that uppercases a title's first letter. */
export type UpperFirst = (text: string) => string;

/** Lowercase letters with an uppercase pair in Unicode newer than PHP 8.2's (14): PHP leaves them. */
const NEWER_THAN_PHP: ReadonlyArray<readonly [number, number]> = [
  [0x019b, 0x019b],
  [0x0264, 0x0264],
  [0x1c8a, 0x1c8a],
  [0xa7cd, 0xa7cd],
  [0xa7cf, 0xa7cf],
  [0xa7d3, 0xa7d3],
  [0xa7d5, 0xa7d5],
  [0xa7db, 0xa7db],
  [0x10d70, 0x10d85],
  [0x16ebb, 0x16ed3],
];

/** Characters the older PHP mapped to a different character than Unicode's full mapping does. */
const MAPPED: ReadonlyMap<number, string> = new Map<number, string>([
  [0x01c5, '\u01c5'],
  [0x01c6, '\u01c5'],
  [0x01c8, '\u01c8'],
  [0x01c9, '\u01c8'],
  [0x01cb, '\u01cb'],
  [0x01cc, '\u01cb'],
  [0x01f2, '\u01f2'],
  [0x01f3, '\u01f2'],
  [0x03f2, '\u03a3'],
  [0x1fb3, '\u1fbc'],
  [0x1fc3, '\u1fcc'],
  [0x1ff3, '\u1ffc'],
  // Greek with ypogegrammeni: lowercase U+1F80-87, U+1F90-97, U+1FA0-A7 to the title-case block 8 above.
  ...[0x1f80, 0x1f90, 0x1fa0].flatMap((start) =>
    Array.from({ length: 8 }, (_, i) => [start + i, String.fromCodePoint(start + i + 8)] as [number, string]),
  ),
]);

/** Inclusive code point ranges the older PHP left unchanged; `step` 2 means every other code point. */
const UNCHANGED_RANGES: ReadonlyArray<readonly [number, number, (1 | 2)?]> = [
  [0x0180, 0x0180],
  [0x019a, 0x019a],
  [0x023c, 0x023c],
  [0x023f, 0x0240],
  [0x0242, 0x0242],
  [0x0247, 0x024f, 2],
  [0x0250, 0x0252],
  [0x025c, 0x025c],
  [0x0261, 0x0261],
  [0x0265, 0x0266],
  [0x026a, 0x026c],
  [0x0271, 0x0271],
  [0x027d, 0x027d],
  [0x0282, 0x0282],
  [0x0287, 0x0287],
  [0x0289, 0x0289],
  [0x028c, 0x028c],
  [0x029d, 0x029e],
  [0x0345, 0x0345],
  [0x0371, 0x0373, 2],
  [0x0377, 0x0377],
  [0x037b, 0x037d],
  [0x03d7, 0x03d7],
  [0x03f3, 0x03f3],
  [0x03f8, 0x03f8],
  [0x03fb, 0x03fb],
  [0x04cf, 0x04cf],
  [0x04f7, 0x04f7],
  [0x04fb, 0x04ff, 2],
  [0x0511, 0x052f, 2],
  [0x10d0, 0x10fa],
  [0x10fd, 0x10ff],
  [0x13f8, 0x13fd],
  [0x1c80, 0x1c88],
  [0x1d79, 0x1d79],
  [0x1d7d, 0x1d7d],
  [0x1d8e, 0x1d8e],
  [0x1efb, 0x1eff, 2],
  [0x214e, 0x214e],
  [0x2170, 0x217f],
  [0x2184, 0x2184],
  [0x24d0, 0x24e9],
  [0x2c30, 0x2c5f],
  [0x2c61, 0x2c61],
  [0x2c65, 0x2c66],
  [0x2c68, 0x2c6c, 2],
  [0x2c73, 0x2c73],
  [0x2c76, 0x2c76],
  [0x2c81, 0x2ce3, 2],
  [0x2cec, 0x2cee, 2],
  [0x2cf3, 0x2cf3],
  [0x2d00, 0x2d25],
  [0x2d27, 0x2d27],
  [0x2d2d, 0x2d2d],
  [0xa641, 0xa66d, 2],
  [0xa681, 0xa69b, 2],
  [0xa723, 0xa72f, 2],
  [0xa733, 0xa76f, 2],
  [0xa77a, 0xa77c, 2],
  [0xa77f, 0xa787, 2],
  [0xa78c, 0xa78c],
  [0xa791, 0xa793, 2],
  [0xa794, 0xa794],
  [0xa797, 0xa7a9, 2],
  [0xa7b5, 0xa7ff, 2],
  [0xab53, 0xab53],
  [0xab70, 0xabbf],
  [0x1044e, 0x1044f],
  [0x104d8, 0x104fb],
  [0x10cc0, 0x10cf2],
  [0x118c0, 0x118df],
  [0x16e60, 0x16e7f],
  [0x1e922, 0x1e943],
];

const newerThanPhp = new Set<number>();
for (const [from, to] of NEWER_THAN_PHP) {
  for (let cp = from; cp <= to; cp += 1) newerThanPhp.add(cp);
}

/** The first character of `text` as PHP's `mb_strtoupper` (8.2) gives it; the rest unchanged. */
export function phpUpperFirst(text: string): string {
  if (text === '') return text;
  const first = text.charCodeAt(0);
  if (first < 0x80) {
    return first >= 0x61 && first <= 0x7a ? String.fromCharCode(first - 32) + text.slice(1) : text;
  }
  const cp = text.codePointAt(0)!;
  const width = cp > 0xffff ? 2 : 1;
  if (newerThanPhp.has(cp)) return text;
  return text.slice(0, width).toUpperCase() + text.slice(width);
}

/** The older PHP's (7.2 and before) uppercase of one character given by its code point. */
function olderPhpUpper(cp: number): string {
  const char = String.fromCodePoint(cp);
  const mapped = MAPPED.get(cp);
  if (mapped !== undefined) return mapped;
  if (newerThanPhp.has(cp)) return char;
  for (const [from, to, step = 1] of UNCHANGED_RANGES) {
    if (cp >= from && cp <= to && (cp - from) % step === 0) return char;
  }
  const upper = char.toUpperCase();
  // A full case mapping to several characters (ß -> SS, ŉ -> ʼN) was not applied.
  return [...upper].length === 1 ? upper : char;
}

let wikimediaOverrides: Readonly<Record<string, string>> | undefined;

/**
 * The `$wgOverrideUcfirstCharacters` map that keeps the older PHP's first letters (Wikimedia's
 * wikis): every character whose uppercase the two rules give differently, mapped to the older one.
 */
export function wikimediaUcfirstOverrides(): Readonly<Record<string, string>> {
  if (wikimediaOverrides) return wikimediaOverrides;
  const map: Record<string, string> = {};
  for (let cp = 0x80; cp < 0x20000; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const char = String.fromCodePoint(cp);
    const older = olderPhpUpper(cp);
    if (older !== phpUpperFirst(char)) map[char] = older;
  }
  wikimediaOverrides = map;
  return map;
}

/** Languages whose `ucfirst` uppercases a leading `i` to `İ` (MediaWiki's Turkish, Azerbaijani, Karakalpak). */
const DOTTED_I = new Set(['tr', 'az', 'kaa']);

/**
 * A language's `ucfirst` with a wiki's overrides (`OverrideUcfirstCharacters`, multibyte characters
 * to their uppercase, as MediaWiki reads them).
 */
export function firstLetterUpper(language: string, overrides?: Readonly<Record<string, string>>): UpperFirst {
  const dottedI = DOTTED_I.has(language);
  const override = overrides && Object.keys(overrides).length > 0 ? new Map(Object.entries(overrides)) : undefined;
  if (!dottedI && !override) return phpUpperFirst;
  if (dottedI && !override) return dottedIUpperFirst;
  return (text) => {
    if (text === '') return text;
    const first = text.charCodeAt(0);
    if (first === 0x69 && dottedI) return `\u0130${text.slice(1)}`;
    if (first >= 0x80 && override) {
      const width = first >= 0xd800 && first <= 0xdbff ? 2 : 1;
      const replaced = override.get(text.slice(0, width));
      if (replaced !== undefined) return replaced + text.slice(width);
    }
    return phpUpperFirst(text);
  };
}

/** Turkish's (Azerbaijani's, Karakalpak's) `ucfirst` without overrides. */
function dottedIUpperFirst(text: string): string {
  return text.charCodeAt(0) === 0x69 ? `\u0130${text.slice(1)}` : phpUpperFirst(text);
}

/** Each site's `ucfirst`, by its settings (which hold the overrides). */
const bySettings = new WeakMap<object, { language: string; upper: UpperFirst }>();

/** A wiki's `ucfirst`: its content language's, with its `OverrideUcfirstCharacters`. */
export function siteUpperFirst(site: Pick<SiteConfig, 'language' | 'settings'>): UpperFirst {
  const known = bySettings.get(site.settings);
  if (known?.language === site.language) return known.upper;
  const upper = firstLetterUpper(site.language, ucfirstOverrides(site.settings.OverrideUcfirstCharacters));
  bySettings.set(site.settings, { language: site.language, upper });
  return upper;
}

/** `OverrideUcfirstCharacters` as a map of strings; anything else is no override. */
function ucfirstOverrides(value: unknown): Record<string, string> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const map: Record<string, string> = {};
  for (const [char, upper] of Object.entries(value)) if (typeof upper === 'string') map[char] = upper;
  return map;
}
