/**
 * Formatted dates for a reader: the language's date style (its own or its fallback chain's) with
 * the month named by the language's month message from the stored catalogue, as MediaWiki writes
 * them (Bavarian's `21. Nóv. 2026` in German's format with its own month).
 */
import { dateStyleOf, formatUserTimestamp } from '../../site/date-format.js';
import { fallbackChain, readerTexts, type StoredMessages } from './catalogue.js';

/** A function writing 14-digit MediaWiki timestamps as `language`'s readers see them. */
export function readerDateFormatter(
  language: string,
  stored: StoredMessages | undefined,
): (mwTimestamp: string) => string {
  const fallbacks = fallbackChain(language, stored);
  const style = dateStyleOf(language, fallbacks);
  const texts = readerTexts(stored?.catalogue, language, fallbacks);
  return (mw) => formatUserTimestamp(mw, style, (key) => texts?.get(key));
}
