/**
 * MediaWiki's escaping of user input placed into a message as wikitext (`wfEscapeWikiText`):
 * characters that would start markup become numeric character references, so that a module name
 * such as `*` prints as `&#42;` in `raw` error parameters, as MediaWiki gives it. MediaWiki 1.39 leaves
 * a signature's tildes (`~~~`) as they are.
 */
const ANYWHERE: Readonly<Record<string, string>> = {
  '"': '&#34;',
  '&': '&#38;',
  "'": '&#39;',
  '<': '&#60;',
  '=': '&#61;',
  '>': '&#62;',
  '[': '&#91;',
  ']': '&#93;',
  '{': '&#123;',
  '|': '&#124;',
  '}': '&#125;',
  ';': '&#59;',
};

/** Characters that start markup only at the beginning of a line. */
const LINE_START: Readonly<Record<string, string>> = {
  '#': '&#35;',
  '*': '&#42;',
  ':': '&#58;',
  ' ': '&#32;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

export function escapeWikiText(text: string): string {
  let escaped = text.replace(/["&'<=>[\]{|};]/g, (c) => ANYWHERE[c] as string);
  escaped = escaped.replace(/(^|\n)([#*: \t\n\r])/g, (_, before: string, c: string) => before + LINE_START[c]);
  return escaped
    .replaceAll('__', '_&#95;')
    .replaceAll('://', '&#58;//')
    .replace(/\b(ISBN|RFC|PMID) /g, '$1&#32;');
}
