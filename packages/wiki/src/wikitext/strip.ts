/**
 * Removes from wikitext what MediaWiki does not parse as links on the page itself: comments, the
 * content of tags whose body is not wikitext (`<nowiki>`, `<pre>`, `<math>`, `<syntaxhighlight>`,
 * ...), and `<includeonly>` parts (shown only where the page is transcluded). `<noinclude>` and
 * `<onlyinclude>` lose their tags but keep their content. A `<gallery>`'s lines are file names:
 * they are returned apart, so that they count as file uses. A tag that is never closed is text.
 */

const OPAQUE_TAGS = [
  'nowiki',
  'pre',
  'math',
  'chem',
  'ce',
  'syntaxhighlight',
  'source',
  'score',
  'timeline',
  'graph',
  'templatedata',
  'mapframe',
  'maplink',
  'hiero',
  'inputbox',
  'includeonly',
  'gallery',
  'imagemap',
  'charinsert',
  'categorytree',
  'templatestyles',
  'indicator',
];

const STRIP = new RegExp(
  `<!--[\\s\\S]*?(?:-->|$)|<(${OPAQUE_TAGS.join('|')})(?:\\s[^>]*?)?(?:/>|>([\\s\\S]*?)</\\1\\s*>)|</?(?:noinclude|onlyinclude)\\s*/?>`,
  'gi',
);

export interface StrippedText {
  text: string;
  /** The bodies of `<gallery>` tags: one file per line. */
  galleries: string[];
  /** The bodies of `<imagemap>` tags: their first line names a file. */
  imagemaps: string[];
}

export function stripNonWikitext(input: string): StrippedText {
  const galleries: string[] = [];
  const imagemaps: string[] = [];
  if (!input.includes('<')) return { text: input, galleries, imagemaps };
  const text = input.replace(STRIP, (whole: string, tag: string | undefined, body: string | undefined) => {
    if (tag !== undefined && body !== undefined) {
      const name = tag.toLowerCase();
      if (name === 'gallery') galleries.push(body);
      else if (name === 'imagemap') imagemaps.push(body);
      else if (name === 'includeonly') return '';
    }
    return whole.startsWith('<!--') ? '' : ' ';
  });
  return { text, galleries, imagemaps };
}

/**
 * The text with what MediaWiki does not parse as wikitext (comments, the bodies of the tags
 * above, with their tags) blanked out by spaces: the same length, so that what is found in it
 * stands at the same offsets in the text.
 */
export function blankNonWikitext(input: string): string {
  if (!input.includes('<')) return input;
  return input.replace(STRIP, (whole: string) => ' '.repeat(whole.length));
}
