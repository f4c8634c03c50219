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

const OPAQUE = new Set(OPAQUE_TAGS);
/** A letter, which starts a tag's name. */
const NAME_START = /[a-z]/i;
const NAME = /^[a-z]+/i;
const INCLUSION_TAG = /<\/?(?:noinclude|onlyinclude)\s*\/?>/iy;

/** A piece of wikitext that is not parsed as such: its place, and an opaque tag's name and body. */
interface StrippedPiece {
  start: number;
  end: number;
  /** The tag, as written, of an opaque element (none for a comment or an inclusion tag). */
  tag?: string;
  /** Its body (none when self-closed). */
  body?: string;
}

/**
 * The pieces of a text that are not wikitext, in order: comments (to `-->` or the end),
 * elements of the opaque tags (self-closed, or to their first end tag; a tag never closed is
 * text), and `noinclude`/`onlyinclude` tags. Scanned once: whether an end tag of a name (or a
 * tag's `>`) is still to come is remembered, as MediaWiki's preprocessor does, so that a page of
 * unclosed `<math>` tags is not searched to its end from each of them.
 */
function* strippedPieces(text: string): Generator<StrippedPiece> {
  const search = new NextMatches(text);
  for (let at = text.indexOf('<'); at >= 0; ) {
    if (text.startsWith('<!--', at)) {
      const close = text.indexOf('-->', at + 4);
      const end = close < 0 ? text.length : close + 3;
      yield { start: at, end };
      at = text.indexOf('<', end);
      continue;
    }
    const piece = NAME_START.test(text[at + 1] ?? '') ? opaqueElement(text, at, search) : undefined;
    INCLUSION_TAG.lastIndex = at;
    const inclusion = piece === undefined ? INCLUSION_TAG.exec(text) : null;
    if (piece !== undefined) yield piece;
    else if (inclusion !== null) yield { start: at, end: at + inclusion[0].length };
    const end = piece?.end ?? (inclusion === null ? at + 1 : at + inclusion[0].length);
    at = text.indexOf('<', end);
  }
}

/**
 * The next match of each pattern in a text from a place on, each searched again only past the
 * match found last (-1: none after the place searched from, nor after any later place).
 */
class NextMatches {
  private readonly known = new Map<string, { from: number; at: number; length: number }>();

  constructor(private readonly text: string) {}

  from(pattern: string, from: number): { at: number; length: number } {
    const known = this.known.get(pattern);
    if (known !== undefined && known.from <= from && (known.at < 0 || known.at >= from)) return known;
    const search = new RegExp(pattern, 'gi');
    search.lastIndex = from;
    const m = search.exec(this.text);
    const found = { from, at: m === null ? -1 : m.index, length: m === null ? 0 : m[0].length };
    this.known.set(pattern, found);
    return found;
  }
}

/** The element of an opaque tag starting at `at`, if one does (see strippedPieces). */
function opaqueElement(text: string, at: number, search: NextMatches): StrippedPiece | undefined {
  const written = NAME.exec(text.slice(at + 1, at + 20))?.[0] ?? '';
  // The longest name of the list that the written letters start with and that ends the tag's name.
  for (let length = written.length; length > 0; length--) {
    const tag = written.slice(0, length);
    if (!OPAQUE.has(tag.toLowerCase())) continue;
    const after = at + 1 + length;
    let open = -1;
    if (text.startsWith('/>', after)) return { start: at, end: after + 2, tag };
    if (text[after] === '>') open = after;
    else if (/\s/.test(text[after] ?? '')) {
      open = search.from('>', after).at;
      if (open < 0) continue;
      if (text[open - 1] === '/') return { start: at, end: open + 1, tag };
    } else continue;
    const close = search.from(`</${tag.toLowerCase()}\\s*>`, open + 1);
    if (close.at < 0) continue;
    return { start: at, end: close.at + close.length, tag, body: text.slice(open + 1, close.at) };
  }
  return undefined;
}

/** The text with each piece that is not wikitext replaced (see strippedPieces). */
function replacePieces(text: string, replace: (whole: string, piece: StrippedPiece) => string): string {
  let out = '';
  let kept = 0;
  for (const piece of strippedPieces(text)) {
    out += text.slice(kept, piece.start) + replace(text.slice(piece.start, piece.end), piece);
    kept = piece.end;
  }
  return kept === 0 ? text : out + text.slice(kept);
}

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
  const text = replacePieces(input, (whole, { tag, body }) => {
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
  return replacePieces(input, (whole) => ' '.repeat(whole.length));
}
