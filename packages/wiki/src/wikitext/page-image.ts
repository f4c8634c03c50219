/**
 * The page image of an article, as the PageImages extension records it (`page_image_free`), for
 * importers that read wikitext: the first image file the lead section (the text before the first
 * heading) shows. PageImages also scores images by size and skips those of the bad image list;
 * file sizes are unknown while a dump is read, so the first image of the lead is taken.
 */
import type { TitleCodec } from '../site/title.js';
import { extractLinks, type PageContext } from './extract-links.js';

/** The namespaces PageImages records images for (`$wgPageImagesNamespaces`). */
const PAGE_IMAGE_NAMESPACES = new Set([0]);
const IMAGE_FILE = /\.(png|gif|jpe?g|svg|webp|tiff?)$/i;
const HEADING = /^=.*=[ \t]*$/m;

export function leadImage(text: string, page: PageContext, codec: TitleCodec): string | undefined {
  if (!PAGE_IMAGE_NAMESPACES.has(page.namespace)) return undefined;
  const heading = HEADING.exec(text);
  const lead = heading ? text.slice(0, heading.index) : text;
  if (lead.trim() === '') return undefined;
  return extractLinks(lead, page, codec).images.find((name) => IMAGE_FILE.test(name));
}
