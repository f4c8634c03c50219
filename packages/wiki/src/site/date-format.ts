/**
 * Dates as MediaWiki shows them to a reader in the user's language (its default date preference):
 * German `22:26, 21. Nov. 2026`, English `22:26, 21 November 2026`. Used where the API answers
 * with formatted dates (`blockedtimestampformatted`). Times are in UTC, the reference wiki's zone.
 */
const GERMAN_MONTHS = ['Jan.', 'Feb.', 'Mär.', 'Apr.', 'Mai', 'Jun.', 'Jul.', 'Aug.', 'Sep.', 'Okt.', 'Nov.', 'Dez.'];
const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The month messages' keys, which the pseudo-language `qqx` shows in place of the names. */
const MONTH_KEYS = ENGLISH_MONTHS.map((name) => name.toLowerCase());

/**
 * A 14-digit MediaWiki timestamp as the language writes date and time. `qqx` (which shows each
 * message as its key) has English's format with the month's message key: `21 (november) 2026`.
 */
export function formatUserTimestamp(mw: string, language: string): string {
  const year = mw.slice(0, 4);
  const month = Number(mw.slice(4, 6)) - 1;
  const day = Number(mw.slice(6, 8));
  const time = `${mw.slice(8, 10)}:${mw.slice(10, 12)}`;
  if (language === 'de' || language.startsWith('de-')) return `${time}, ${day}. ${GERMAN_MONTHS[month]} ${year}`;
  if (language === 'qqx') return `${time}, ${day} (${MONTH_KEYS[month]}) ${year}`;
  return `${time}, ${day} ${ENGLISH_MONTHS[month]} ${year}`;
}
