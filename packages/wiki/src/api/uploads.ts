/**
 * The upload folder served at the site's upload path (`/images`): originals, old versions and the
 * thumbnails found there as they are; other thumbnails (`thumb/b/ba/Karte.png/120px-Karte.png`,
 * any width below the original's) made on first request and kept in the thumbnail cache of the
 * store's data folder (thumbnail-cache.ts): the upload folder is only read. Deleted and stashed
 * files are never served, and no path outside the folder can be named.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { thumbnailName, thumbnailSize } from '../modules/support/files.js';
import type { SiteConfig } from '../site/site.js';
import type { ThumbnailCache } from './thumbnail-cache.js';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.pdf': 'application/pdf',
};

/** Folders of the upload folder that are not public. */
const PRIVATE_FOLDERS = new Set(['deleted', 'temp', 'lockdir']);

/** Thumbnails wider than this are refused: they would cost much and show nothing more. */
const MAX_THUMBNAIL_WIDTH = 4096;

class NotServed extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The path's segments, decoded; anything that could leave the folder is refused. */
function safeSegments(rawPath: string): string[] {
  if (/%2f|%5c|\\/i.test(rawPath)) throw new NotServed(404, 'No such file.');
  const segments = rawPath.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      throw new NotServed(400, 'Malformed file path.');
    }
  });
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..' || segment.includes('\0') || segment.includes('/')) {
      throw new NotServed(404, 'No such file.');
    }
  }
  if (PRIVATE_FOLDERS.has(segments[0] ?? '')) throw new NotServed(404, 'No such file.');
  return segments;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The real path of an existing file inside `root`, or undefined (also for symlinks leading out). */
async function fileInside(root: string, path: string): Promise<string | undefined> {
  if (!(await isFile(path))) return undefined;
  const real = await realpath(path);
  return real.startsWith(root + sep) ? real : undefined;
}

/** Thumbnails made at once: each holds a decoded image in memory and a thread of libuv's pool. */
const RENDERS_AT_ONCE = 2;
let rendering = 0;
const waitingRenders: (() => void)[] = [];

async function renderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (rendering >= RENDERS_AT_ONCE) await new Promise<void>((resolve) => waitingRenders.push(resolve));
  rendering++;
  try {
    return await work();
  } finally {
    rendering--;
    waitingRenders.shift()?.();
  }
}

/** The thumbnail of `source` at `width` pixels (PNG for SVG). */
async function makeThumbnail(source: string, width: number, mime: string): Promise<Buffer> {
  const meta = await sharp(source).metadata();
  if (!meta.width || !meta.height) throw new NotServed(404, 'The file has no size to scale.');
  const size = thumbnailSize({ width: meta.width, height: meta.height, mime }, width, -1);
  if (!size.scaled) throw new NotServed(400, 'The requested width is not smaller than the original.');
  // SVG is drawn at the density that gives the wanted size, so it is sharp rather than upscaled.
  const density = mime === 'image/svg+xml' ? Math.min(2400, Math.max(1, (72 * width) / meta.width)) : undefined;
  let image = sharp(source, density ? { density } : {}).resize(size.width, size.height, { fit: 'fill' });
  if (mime === 'image/svg+xml') image = image.png();
  return renderSlot(() => image.toBuffer());
}

/** A file of the upload folder, or a thumbnail's bytes. */
type Found = { path: string } | { data: Buffer; name: string };

/** Finds the file a path below the upload path names, or the thumbnail it names (kept or made). */
async function resolveFile(root: string, segments: string[], thumbnails?: ThumbnailCache): Promise<Found> {
  const direct = await fileInside(root, join(root, ...segments));
  if (direct) return { path: direct };
  if (segments[0] !== 'thumb') throw new NotServed(404, 'No such file.');
  // thumb/[archive/]a/ab/<file>/<width>px-<name>
  const sourceSegments = segments.slice(1, -1);
  const thumb = segments[segments.length - 1] as string;
  const name =
    (sourceSegments[0] === 'archive' ? sourceSegments.at(-1)?.replace(/^\d{14}!/, '') : sourceSegments.at(-1)) ?? '';
  const width = Number(/^(\d+)px-/.exec(thumb)?.[1] ?? Number.NaN);
  const mime = CONTENT_TYPES[extname(name).toLowerCase()] ?? '';
  if (
    sourceSegments.length < 3 ||
    !Number.isInteger(width) ||
    width < 1 ||
    width > MAX_THUMBNAIL_WIDTH ||
    !mime.startsWith('image/') ||
    thumb !== thumbnailName(name, mime, width)
  ) {
    throw new NotServed(404, 'No such file.');
  }
  const source = await fileInside(root, join(root, ...sourceSegments));
  if (!source) throw new NotServed(404, 'No such file.');
  const kept = await thumbnails?.read(segments);
  if (kept) return { data: kept, name: thumb };
  const data = await makeThumbnail(source, width, mime);
  await thumbnails?.write(segments, data);
  return { data, name: thumb };
}

/**
 * Serves the site's upload folder at its upload path (when the site has both); thumbnails made are
 * kept in `thumbnails` (when absent, each is made for its request).
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  site: SiteConfig,
  thumbnails?: ThumbnailCache,
): Promise<void> {
  const directory = site.uploadDirectory;
  if (!directory || !site.uploadPath.startsWith('/')) return;
  const root = await realpath(directory).catch(() => undefined);
  if (!root) return;
  const prefix = site.uploadPath.replace(/\/+$/, '');
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const rawUrl = request.raw.url ?? '';
    const rawPath = rawUrl.split('?')[0]?.slice(prefix.length + 1) ?? '';
    try {
      const found = await resolveFile(root, safeSegments(rawPath), thumbnails);
      const name = 'path' in found ? found.path : found.name;
      const type = CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';
      reply
        .type(type)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('Cache-Control', 'public, max-age=86400')
        .header('Content-Length', 'path' in found ? (await stat(found.path)).size : found.data.length);
      return reply.send('path' in found ? createReadStream(found.path) : found.data);
    } catch (error) {
      if (!(error instanceof NotServed)) throw error;
      return reply.code(error.status).type('text/plain; charset=utf-8').send(`${error.message}\n`);
    }
  };
  app.route({ method: ['GET', 'HEAD'], url: `${prefix}/*`, handler });
}
