/**
 * HTML escaping, in the four forms MediaWiki's answers use: each answer keeps the form its
 * MediaWiki counterpart prints, byte for byte.
 */

/** `&`, `<`, `>` and `"`: text and double-quoted attribute values (XML, HTML pages and fields). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * `&`, `<`, `>` and `"`, and the characters XML 1.0 cannot carry (C0 controls but tab, line feed
 * and carriage return; U+FFFE, U+FFFF) replaced by U+FFFD, as MediaWiki's output cleaning does, so
 * that an XML answer always parses.
 */
export function escapeXml(text: string): string {
  if (!XML_SPECIAL.test(text)) return text;
  return escapeHtml(text).replace(NOT_XML_TEXT, '\uFFFD');
}

/**
 * An XML element's text: as `escapeXml` but with `"` left as it is, as MediaWiki writes element
 * content (`htmlspecialchars` with `ENT_NOQUOTES`).
 */
export function escapeXmlText(text: string): string {
  if (!XML_SPECIAL.test(text)) return text;
  return escapeHtmlText(text).replace(NOT_XML_TEXT, '\uFFFD');
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must be replaced
const XML_SPECIAL = /[&<>"\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must be replaced
const XML_ATTRIBUTE_SPECIAL = /[&<>"'\x00-\x1f\ufffe\uffff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must be replaced
const NOT_XML_TEXT = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g;
/** The same characters, for a test (a global expression's `test` keeps state between calls). */
const HOLDS_NOT_XML_TEXT = new RegExp(NOT_XML_TEXT.source);

/** The characters XML 1.0 cannot carry replaced by U+FFFD, as MediaWiki cleans every text of its results. */
export function withXmlTextOnly(text: string): string {
  return text.replace(NOT_XML_TEXT, '\uFFFD');
}

/** `&`, `<` and `>` only, as PHP's `htmlspecialchars` with `ENT_NOQUOTES`: text between tags. */
export function escapeHtmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `&` and `<` only, as MediaWiki's `Html::element` writes an element's text. */
export function escapeElementText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

const WITH_QUOTES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

/** Both quotes as well (`&#039;`), as PHP's `htmlspecialchars` by default (search snippets). */
export function escapeHtmlQuotes(text: string): string {
  return text.replace(/[&<>"']/g, (c) => WITH_QUOTES[c]!);
}

const IN_XML_ATTRIBUTE: Record<string, string> = {
  ...WITH_QUOTES,
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

/**
 * An XML attribute's value as MediaWiki's XML format writes it (its sanitizer's attribute
 * encoding): both quotes escaped, and line breaks and tabs as character references, which a
 * parser would otherwise read as spaces; characters XML cannot carry replaced by U+FFFD.
 */
export function escapeXmlAttribute(text: string): string {
  if (!XML_ATTRIBUTE_SPECIAL.test(text)) return text;
  return text.replace(/[&<>"'\n\r\t]/g, (c) => IN_XML_ATTRIBUTE[c]!).replace(NOT_XML_TEXT, '\uFFFD');
}

/**
 * A double-quoted attribute value as MediaWiki's `Html` writes those of comment links and upload
 * warnings: `htmlspecialchars` with both quotes (`&#039;`).
 */
export function escapeAttribute(text: string): string {
  return escapeHtmlQuotes(text);
}

/**
 * The characters XML cannot carry replaced by U+FFFD, as MediaWiki cleans every string of an
 * answer (a value echoed in a message keeps no U+001F separator).
 */
export function cleanOutputText(text: string): string {
  return text.replace(NOT_XML_TEXT, '\uFFFD');
}

/** Whether `cleanOutputText` changes a text. */
export function needsOutputCleaning(text: string): boolean {
  return HOLDS_NOT_XML_TEXT.test(text);
}
