/**
 * Formatted dates for a reader: the language's default date format (MediaWiki's, see
 * language-facts.ts) with the months and weekdays named by the stored catalogue's messages where
 * it has them (the wiki's own texts), else by the language's, and the language's digits.
 */
import { formatDatePattern } from '../../site/date-format.js';
import { type DateNameKind, languageClassOf, languageFacts } from '../../site/mediawiki/language-facts.js';
import { NUMBER_FORMATS } from '../../site/mediawiki/number-formats.js';
import { QQX, type StoredMessages } from './catalogue.js';

const MONTHS = 'january february march april may_long june july august september october november december';
const WEEKDAYS = 'sunday monday tuesday wednesday thursday friday saturday';

/** The message keys of the names a date format writes, by kind. */
const NAME_KEYS: Record<DateNameKind, readonly string[]> = {
  F: MONTHS.split(' '),
  M: MONTHS.split(' ').map((month) => month.slice(0, 3)),
  xg: MONTHS.split(' ').map((month) => `${month === 'may_long' ? 'may' : month}-gen`),
  D: WEEKDAYS.split(' ').map((day) => day.slice(0, 3)),
  l: WEEKDAYS.split(' '),
};

/** Which of the language's default formats: a date with its time, a date, a time. */
export type DateFormatPart = 'both' | 'date' | 'time';

const FORMAT_OF: Record<DateFormatPart, 'dateFormat' | 'dateOnlyFormat' | 'timeFormat'> = {
  both: 'dateFormat',
  date: 'dateOnlyFormat',
  time: 'timeFormat',
};

/**
 * A function writing 14-digit MediaWiki timestamps as `language`'s readers see them: a date with
 * its time (`Language::timeanddate`), by default, or a date or a time alone (`date`, `time`).
 */
export function readerDateFormatter(
  language: string,
  stored: StoredMessages | undefined,
  part: DateFormatPart = 'both',
): (mwTimestamp: string) => string {
  // The pseudo-language shows the names' message keys in English's format (`21 (november) 2026`).
  if (language === QQX) {
    const english = languageFacts('en')[FORMAT_OF[part]];
    return (mw) => formatDatePattern(mw, english, (kind, index) => `(${NAME_KEYS[kind][index]})`);
  }
  // The catalogue's names where it holds the language itself (the wiki's own texts); else the
  // language's as MediaWiki resolves them through its fallbacks.
  const texts = stored?.catalogue.languages.get(language);
  const facts = languageFacts(language);
  const name = (kind: DateNameKind, index: number) =>
    texts?.get(NAME_KEYS[kind][index]) ?? facts.dateNames[kind][index];
  const digits = NUMBER_FORMATS[facts.code]?.digits;
  const format = facts[FORMAT_OF[part]];
  const written = (mw: string) => formatDatePattern(mw, format, name, digits);
  if (languageClassOf(language) === 'wa' && part !== 'time') {
    // Walloon's class writes dates in words of its own (`1î d' djanvî 2026`), and a time after ` a `.
    const time = (mw: string) => formatDatePattern(mw, facts.timeFormat, name, digits);
    return (mw) => (part === 'date' ? walloonDate(mw, name) : `${walloonDate(mw, name)} a ${time(mw)}`);
  }
  return written;
}

/**
 * A date as MediaWiki's Walloon class writes it: the first of a month `1î d'`, `d'` before a month
 * beginning with a vowel (April, August, October) and after the days said with one (2, 3, 20, 22,
 * 23), `di` otherwise.
 */
function walloonDate(mw: string, name: (kind: DateNameKind, index: number) => string): string {
  const month = Number(mw.slice(4, 6));
  const day = Number(mw.slice(6, 8));
  const monthName = name('F', month - 1);
  const year = mw.slice(0, 4);
  if (day === 1) return `1î d' ${monthName} ${year}`;
  const elided = [2, 3, 20, 22, 23].includes(day) || [4, 8, 10].includes(month);
  return `${day} ${elided ? "d'" : 'di'} ${monthName} ${year}`;
}
