/**
 * Inline HTML written in wikitext as an HTML extract shows it: the tags MediaWiki's sanitizer
 * lets through keep their name and the attributes it allows, written as PHP's DOM writes them
 * (TextExtracts' HTML passes through it); a span loses its class and style there.
 */

/** Inline tags the sanitizer allows in wikitext (block tags end paragraphs elsewhere). */
export const INLINE_TAGS = new Set([
  'abbr',
  'b',
  'bdi',
  'bdo',
  'big',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  'rb',
  'rp',
  'rt',
  'rtc',
  'ruby',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
]);

/** Attributes the sanitizer allows on every tag. */
const COMMON_ATTRIBUTES = new Set([
  'id',
  'class',
  'style',
  'lang',
  'dir',
  'title',
  'role',
  'aria-describedby',
  'aria-flowto',
  'aria-hidden',
  'aria-label',
  'aria-labelledby',
  'aria-owns',
  'itemid',
  'itemprop',
  'itemref',
  'itemscope',
  'itemtype',
]);

/** Attributes some tags allow besides. */
const TAG_ATTRIBUTES: Record<string, readonly string[]> = {
  del: ['cite', 'datetime'],
  ins: ['cite', 'datetime'],
  q: ['cite'],
  font: ['size', 'color', 'face'],
  time: ['datetime'],
  data: ['value'],
  br: ['clear'],
  ol: ['type', 'start', 'reversed'],
  ul: ['type'],
  li: ['type', 'value'],
  blockquote: ['cite'],
};

/** Attributes TextExtracts' output leaves off a span. */
const SPAN_DROPPED = new Set(['class', 'style']);

const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/**
 * An attribute value quoted as PHP's DOM writes it: `&`, `<` and `>` escaped, and in single
 * quotes when the value holds `"` but no `'`, else in double quotes with `"` escaped.
 */
export function domAttribute(value: string): string {
  const escaped = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return escaped.includes('"') && !escaped.includes("'") ? `'${escaped}'` : `"${escaped.replace(/"/g, '&quot;')}"`;
}

function allowed(tag: string, name: string): boolean {
  if (tag === 'span' && SPAN_DROPPED.has(name)) return false;
  if (COMMON_ATTRIBUTES.has(name) || TAG_ATTRIBUTES[tag]?.includes(name)) return true;
  return name.startsWith('data-') && !/^data-(?:ooui|mw|parsoid)/.test(name);
}

/**
 * The attributes of an opening tag written as `written` (`<span lang="la">`), by lower-case name
 * in their order, the first of a name winning: entities in values decoded by `decode`, white
 * space collapsed and trimmed, as the sanitizer reads them.
 */
export function tagAttributes(written: string, decode: (text: string) => string): Map<string, string> {
  const inside = written.replace(/^<\s*[^\s/>]+/, '').replace(/\/?\s*>$/, '');
  const attributes = new Map<string, string>();
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(inside); m !== null; m = ATTRIBUTE.exec(inside)) {
    const name = (m[1] as string).toLowerCase();
    if (attributes.has(name)) continue;
    const value = decode(m[2] ?? m[3] ?? m[4] ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    attributes.set(name, value);
  }
  return attributes;
}

/**
 * The opening tag as the extract writes it, of `tag` written as `written` (`<span lang="la">`):
 * the allowed attributes in their order, the first of a name winning, entities in values decoded
 * by `decode`, an `id`'s spaces as underscores.
 */
export function openingTag(tag: string, written: string, decode: (text: string) => string): string {
  let out = `<${tag}`;
  for (const [name, value] of tagAttributes(written, decode)) {
    // An id is escaped as the wiki's anchors are (HTML5's form: no spaces in it).
    if (allowed(tag, name)) out += ` ${name}=${domAttribute(name === 'id' ? value.replaceAll(' ', '_') : value)}`;
  }
  return `${out}>`;
}
