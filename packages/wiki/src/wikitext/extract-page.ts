import type { TitleCodec } from '../site/title.js';
import { extractLinks, type PageContext, type PageLinks } from './extract-links.js';
import { lintWikitext } from './lint.js';
import { leadImage } from './page-image.js';

/**
 * What the importers keep of a page's current wikitext: its links, page image and (unless `lint`
 * is false) lint errors.
 */
export function extractPage(text: string, page: PageContext, codec: TitleCodec, lint = true): PageLinks {
  const links = extractLinks(text, page, codec);
  if (!links.redirect && !links.properties.has('page_image_free')) {
    const image = leadImage(text, page, codec);
    if (image !== undefined) links.properties.set('page_image_free', image);
  }
  return lint ? { ...links, lint: lintWikitext(text, codec) } : links;
}
