/**
 * PHP's `trim`, `ltrim` and `rtrim` without a character list: they remove space, tab, newline,
 * carriage return, NUL and vertical tab only, where JavaScript's also remove the no-break space
 * and the other white space of Unicode (which wikitext keeps, `&nbsp;` decoded included).
 */
const PHP_TRIM = new Set([' ', '\t', '\n', '\r', '\0', '\v']);

export function phpTrimStart(text: string): string {
  let i = 0;
  while (i < text.length && PHP_TRIM.has(text[i] as string)) i++;
  return text.slice(i);
}

export function phpTrimEnd(text: string): string {
  let end = text.length;
  while (end > 0 && PHP_TRIM.has(text[end - 1] as string)) end--;
  return text.slice(0, end);
}

export function phpTrim(text: string): string {
  return phpTrimStart(phpTrimEnd(text));
}
