/**
 * The content language's normalisation of text, which MediaWiki applies to every value a request
 * sends and to every string it puts in an answer (`Language::normalize`): the text cleaned and in
 * Unicode NFC (see `cleanText`), and for a wiki whose language is served by MediaWiki's Arabic or
 * Malayalam class, or that sets `AllUnicodeFixes`, older spellings replaced by their modern ones:
 * Arabic presentation forms by the letters they present, Malayalam's chillu letters written as
 * consonant + virama + zero-width joiner by the chillu characters Unicode 5.1 added.
 */

import { languageClassOf } from '../site/mediawiki/language-facts.js';
import type { SiteConfig } from '../site/site.js';
import { normalizedText } from './format/prepared-json.js';
import { cleanText } from './params/request.js';
import { KeyedList, KNOWN_SIZE, PRINTED, type ResultValue } from './result/tree.js';

export type TextNormalizer = (text: string) => string;

/** Arabic presentation forms (Unicode's two blocks of them). */
const PRESENTATION_FORM = /[\uFB50-\uFDFF\uFE70-\uFEFF]/g;

let presentationForms: Map<string, string> | undefined;

/**
 * Each Arabic presentation form with the letters it presents: its compatibility decomposition
 * (NFKC) where that is written in Arabic, as in MediaWiki's table; U+FBDD, whose decomposition
 * became two characters in Unicode 6.0, is still the one letter (U+0677) it was there.
 */
function presentationFormLetters(): Map<string, string> {
  if (presentationForms) return presentationForms;
  presentationForms = new Map();
  for (const [first, last] of [
    [0xfb50, 0xfdff],
    [0xfe70, 0xfeff],
  ] as const) {
    for (let code = first; code <= last; code++) {
      const form = String.fromCharCode(code);
      const letters = form.normalize('NFKC');
      if (letters !== form && ARABIC_TEXT.test(letters)) presentationForms.set(form, letters);
    }
  }
  presentationForms.set('\uFBDD', '\u0677');
  return presentationForms;
}

const ARABIC_TEXT = /^[\p{Script=Arabic}\p{Script=Common}\p{Script=Inherited}]+$/u;

function arabicLetters(text: string): string {
  if (!PRESENTATION_FORM.test(text)) return text;
  PRESENTATION_FORM.lastIndex = 0;
  const letters = presentationFormLetters();
  return text.replace(PRESENTATION_FORM, (form) => letters.get(form) ?? form);
}

/** A Malayalam consonant + virama + zero-width joiner: the chillu letters' spelling before Unicode 5.1. */
const OLD_CHILLU = /([\u0D23\u0D28\u0D30\u0D32\u0D33\u0D15])\u0D4D\u200D/g;
/** Each consonant's chillu letter (ṇ, n, r, l, ḷ, k). */
const CHILLU: Readonly<Record<string, string>> = {
  '\u0D23': '\u0D7A',
  '\u0D28': '\u0D7B',
  '\u0D30': '\u0D7C',
  '\u0D32': '\u0D7D',
  '\u0D33': '\u0D7E',
  '\u0D15': '\u0D7F',
};

function malayalamChillus(text: string): string {
  return text.includes('\u0D4D\u200D') ? text.replace(OLD_CHILLU, (_, consonant: string) => CHILLU[consonant]) : text;
}

/**
 * Whether a text needs no cleaning and is in NFC whatever follows it: no control character but tab,
 * line feed and carriage return, nothing from U+0300 on. A loop rather than a regular expression:
 * most strings of an answer are short, and a test by expression costs a call into the engine.
 */
export function isCleanAndComposed(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x300 || (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d)) return false;
  }
  return true;
}

function cleaned(text: string): string {
  return isCleanAndComposed(text) ? text : cleanText(text);
}

/** The fixes beyond cleaning of a wiki: none, Arabic's, Malayalam's, or both (`AllUnicodeFixes`). */
function spellingFixes(site: Pick<SiteConfig, 'language' | 'settings'>): TextNormalizer | undefined {
  if (site.settings?.AllUnicodeFixes === true) return (text) => malayalamChillus(arabicLetters(text));
  switch (languageClassOf(site.language)) {
    case 'ar':
      return arabicLetters;
    case 'ml':
      return malayalamChillus;
    default:
      return undefined;
  }
}

const bySettings = new WeakMap<
  object,
  { language: string; input: TextNormalizer | undefined; output: TextNormalizer }
>();

/** Settings of a site that gives none (the key normalisers are kept under). */
const NO_SETTINGS = {};

function normalizersOf(site: Pick<SiteConfig, 'language' | 'settings'>) {
  const settings = site.settings ?? NO_SETTINGS;
  const known = bySettings.get(settings);
  if (known?.language === site.language) return known;
  const fixes = spellingFixes(site);
  const output: TextNormalizer = fixes ? (text) => (isCleanAndComposed(text) ? text : fixes(cleanText(text))) : cleaned;
  const made = { language: site.language, input: fixes, output };
  bySettings.set(settings, made);
  return made;
}

/**
 * What the wiki's normalisation adds to the cleaning every request value gets (see
 * `RequestParams`): undefined for a wiki whose language needs nothing more.
 */
export function inputSpellingFixes(site: Pick<SiteConfig, 'language' | 'settings'>): TextNormalizer | undefined {
  return normalizersOf(site).input;
}

/** The wiki's normalisation of a string put in an answer (returns the same string when it changes nothing). */
export function outputNormalizer(site: Pick<SiteConfig, 'language' | 'settings'>): TextNormalizer {
  return normalizersOf(site).output;
}

/**
 * Replaces every string of an answer by the wiki's normalisation of it (see `outputNormalizer`), as
 * MediaWiki normalises each value put in an answer. Objects printed beforehand or of a known size
 * (see `request-state.ts`) were normalised when they were made, and frozen ones cannot change: the
 * walk leaves them. Most strings are plain text, which is tested here without a call.
 *
 * What modules put in an answer is normalised as it is counted (`RequestState.fits`); this walk
 * is for the rest (the page set's titles, messages) on a wiki whose language replaces spellings
 * (see `inputSpellingFixes`): on the others, that rest is made of titles, which `TitleCodec`
 * composes, and request values, which are normalised as they are read.
 */
export function normalizeStrings(value: ResultValue | undefined, normalize: TextNormalizer): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      if (typeof item !== 'string') normalizeStrings(item, normalize);
      else if (!isCleanAndComposed(item)) {
        const text = normalizedText(item, normalize);
        if (text !== item && !Object.isFrozen(value)) value[i] = text;
      }
    }
  } else if (value instanceof KeyedList) {
    for (const [key, item] of value.entries) {
      if (typeof item !== 'string') normalizeStrings(item, normalize);
      else if (!isCleanAndComposed(item)) {
        const text = normalizedText(item, normalize);
        if (text !== item) value.entries.set(key, text);
      }
    }
  } else {
    if (value[PRINTED] !== undefined || value[KNOWN_SIZE] !== undefined) return;
    for (const key in value) {
      const item = value[key];
      if (typeof item !== 'string') normalizeStrings(item, normalize);
      else if (!isCleanAndComposed(item)) {
        const text = normalizedText(item, normalize);
        if (text !== item && !Object.isFrozen(value)) value[key] = text;
      }
    }
  }
}
