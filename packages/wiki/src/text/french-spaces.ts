/** A space before `?:;!%»›` not followed by a letter, digit or `_`; a space after `«‹`. */
const FRENCH_BEFORE = / (?=[?:;!%»›](?![\p{L}\p{N}_]))/gu;
const FRENCH_AFTER = /([«‹]) /gu;

/**
 * MediaWiki's parser's French spacing: a space before `?`, `:`, `;`, `!`, `%`, `»` or `›` (when no
 * word character follows it) and a space after `«` or `‹` become no-break spaces, in the text
 * between an HTML text's tags. `space` is what is written for each: the character itself, or
 * `&#160;` as the parser writes it.
 */
export function armorFrenchSpaces(html: string, space: string): string {
  if (!/[?:;!%»›«‹]/.test(html)) return html;
  return html.replace(/([^<]+)|<[^>]*>/g, (written, text: string | undefined) =>
    text === undefined ? written : text.replace(FRENCH_BEFORE, space).replace(FRENCH_AFTER, `$1${space}`),
  );
}
