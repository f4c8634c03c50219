/**
 * Whether Cite would show an error for a page's references, which puts the page in its tracking
 * category (`cite-tracking-category-cite-error`): a `<ref>` with neither a name nor content, a
 * name that is a number, or a name used (`<ref name="x"/>`) that no `<ref>` of the same group
 * gives content for, in the text or in a `<references>` list. Read from the expanded text, so
 * that references templates write count.
 */

/** A `<ref>` tag, self-closing or with content (refs do not nest); not `<references>`. */
const REF = /<ref(\s[^>]*?)?(?:\/>|>([\s\S]*?)<\/ref\s*>)/gi;
/** Where no `<ref>` is one: inside `<nowiki>`, `<pre>` and comments. */
const INERT = /<!--[\s\S]*?(?:-->|$)|<(nowiki|pre)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>/]+))`, 'i').exec(attributes);
  if (!match) return undefined;
  return (match[1] ?? match[2] ?? match[3] ?? '').trim();
}

export function hasCiteErrors(text: string): boolean {
  if (!/<ref[\s>/]/i.test(text)) return false;
  const defined = new Set<string>();
  const used: string[] = [];
  for (const match of text.replace(INERT, '').matchAll(REF)) {
    const attributes = match[1] ?? '';
    const content = (match[2] ?? '').trim();
    const name = attribute(attributes, 'name') ?? '';
    const key = `${attribute(attributes, 'group') ?? ''}\u0000${name}`;
    if (name === '') {
      if (content === '') return true;
    } else if (/^\d+$/.test(name)) return true;
    else if (content === '') used.push(key);
    else defined.add(key);
  }
  return used.some((key) => !defined.has(key));
}
