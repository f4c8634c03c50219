/**
 * A `<gallery>` as an HTML extract shows it: TextExtracts removes the `div`s the parser writes in
 * each box, so what stays is the gallery's list with its caption and one opening `li` per image
 * line (PHP's DOM writes an emptied list item without its end tag), sized as MediaWiki's
 * gallery modes size them.
 */
import { decodeCharReferences } from '../../site/html-entities.js';
import type { TitleCodec } from '../../site/title.js';
import { domAttribute, tagAttributes } from './inline-html.js';

const NS_FILE = 6;

/** Each mode's padding of the thumbnail, of the box and its borders, in pixels. */
const MODES: Record<string, { thumb: number; box: number; borders: number; packed: boolean }> = {
  traditional: { thumb: 30, box: 5, borders: 8, packed: false },
  nolines: { thumb: 0, box: 5, borders: 4, packed: false },
  slideshow: { thumb: 30, box: 5, borders: 8, packed: false },
  packed: { thumb: 0, box: 2, borders: 8, packed: true },
  'packed-hover': { thumb: 0, box: 2, borders: 8, packed: true },
  'packed-overlay': { thumb: 0, box: 2, borders: 8, packed: true },
};

/** Attributes a gallery's list keeps of its tag's, as the sanitizer allows them on `ul`. */
const LIST_ATTRIBUTES = new Set(['id', 'class', 'style', 'lang', 'dir', 'title', 'type']);

/** A size as the parser reads one (`180`, `180px`): a positive number of pixels, else undefined. */
function pixels(value: string | undefined): number | undefined {
  if (value === undefined || value === '' || !/^[0-9]*\s*(?:px)?\s*$/.test(value)) return undefined;
  const width = Number.parseInt(value, 10);
  return width > 0 ? width : undefined;
}

/** `%xx` sequences read as the bytes of UTF-8 text, as PHP's rawurldecode reads them. */
function percentDecoded(text: string): string {
  const pieces = text.split(/(%[0-9A-Fa-f]{2})/);
  const bytes = pieces.map((piece, i) =>
    i % 2 === 1 ? Buffer.from([Number.parseInt(piece.slice(1), 16)]) : Buffer.from(piece, 'utf8'),
  );
  return Buffer.concat(bytes).toString('utf8');
}

/**
 * The gallery written as `source` (`<gallery ...>lines</gallery>`): its caption rendered by
 * `caption` (inline HTML of wikitext). Each line that names a valid title (a file's by default)
 * makes a box; other lines none.
 */
export function galleryHtml(source: string, titles: TitleCodec, caption: (wikitext: string) => string): string {
  const opening = /^<gallery\b[^>]*>/i.exec(source)?.[0] ?? '<gallery>';
  const inner = source.slice(opening.length).replace(/<\/gallery\s*>$/i, '');
  const attributes = tagAttributes(opening, decodeCharReferences);
  const modeName = (attributes.get('mode') ?? '').toLowerCase();
  const mode = MODES[modeName] ?? (MODES.traditional as (typeof MODES)[string]);
  const widths = pixels(attributes.get('widths')) ?? 120;
  const perRowValue = attributes.get('perrow');
  const perRow = perRowValue === undefined ? 0 : Math.max(0, Number.parseInt(perRowValue, 10) || 0);

  const list = new Map<string, string>([['class', `gallery mw-gallery-${MODES[modeName] ? modeName : 'traditional'}`]]);
  for (const [name, value] of attributes) {
    if (!LIST_ATTRIBUTES.has(name)) continue;
    if (name === 'class') {
      const classes = [...new Set(`${list.get('class')} ${value}`.split(/\s+/).filter(Boolean))];
      list.set('class', classes.join(' '));
    } else list.set(name, value);
  }
  if (perRow > 0) {
    const maxWidth = perRow * (widths + mode.thumb + mode.box + mode.borders);
    list.set('style', `max-width: ${maxWidth}px;${list.get('style') ?? ''}`);
  }
  let html = `<ul${[...list].map(([name, value]) => ` ${name}=${domAttribute(value)}`).join('')}>`;
  const captionText = attributes.get('caption');
  if (captionText !== undefined && captionText !== '') {
    html += `\n\t<li class="gallerycaption">${caption(captionText)}</li>`;
  }
  // A packed gallery's box is as wide as the thumbnail, at least 60 pixels; without one (a file
  // that is missing), as the widths setting.
  const boxWidth = mode.packed ? Math.max(widths, 60) + mode.thumb + mode.box : widths + mode.thumb + mode.box;
  for (const line of inner.split('\n')) {
    const named = /^([^|]+)(?:\|.*)?$/.exec(line)?.[1];
    if (named === undefined) continue;
    const title = titles.parseOrUndefined(line.includes('%') ? percentDecoded(named) : named, {
      defaultNamespace: NS_FILE,
    });
    if (title === undefined) continue;
    html += `\n\t\t<li class="gallerybox" style="width: ${boxWidth}px">`;
  }
  return `${html}\n</ul>`;
}
