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

/**
 * The escapes of MediaWiki's HTML serializer for parser output: a no-break space is written
 * `&#160;` (in text and in attribute values), a combining long solidus overlay (U+0338) in text
 * `&#x338;`, so that it cannot join the `>` of a tag before it.
 */
export function serializerEscapes(html: string): string {
  if (!html.includes('\u00a0') && !html.includes('\u0338')) return html;
  return html.replace(/([^<]+)|<[^>]*>/g, (written, text: string | undefined) =>
    text === undefined
      ? written.replaceAll('\u00a0', '&#160;')
      : text.replaceAll('\u00a0', '&#160;').replaceAll('\u0338', '&#x338;'),
  );
}

/** Escaped text as MediaWiki's parser gives it back when it has nothing to mark up: French spacing, the serializer's escapes. */
export function parsedPlainHtml(escaped: string): string {
  return serializerEscapes(armorFrenchSpaces(escaped, '&#160;'));
}
