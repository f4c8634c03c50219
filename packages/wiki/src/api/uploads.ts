/**
 * The upload folder served at the site's upload path (`/images`): originals and old versions as
 * they are, thumbnails (`thumb/b/ba/Karte.png/120px-Karte.png`) made on first request and kept on
 * disk. Deleted and stashed files are never served, and no path outside the folder can be named.
 */
import { createReadStream } from 'node:fs';
import { mkdir, realpath, rename, stat, writeFile } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { thumbnailName, thumbnailSize } from '../modules/support/files.js';
import type { SiteConfig } from '../site/site.js';

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

/** Makes the thumbnail `thumbPath` of `source` at `width` pixels (PNG for SVG) and keeps it. */
async function makeThumbnail(source: string, thumbPath: string, width: number, mime: string): Promise<void> {
  const meta = await sharp(source).metadata();
  if (!meta.width || !meta.height) throw new NotServed(404, 'The file has no size to scale.');
  const size = thumbnailSize({ width: meta.width, height: meta.height, mime }, width, -1);
  if (!size.scaled) throw new NotServed(400, 'The requested width is not smaller than the original.');
  // SVG is drawn at the density that gives the wanted size, so it is sharp rather than upscaled.
  const density = mime === 'image/svg+xml' ? Math.min(2400, Math.max(1, (72 * width) / meta.width)) : undefined;
  let image = sharp(source, density ? { density } : {}).resize(size.width, size.height, { fit: 'fill' });
  if (mime === 'image/svg+xml') image = image.png();
  const data = await image.toBuffer();
  await mkdir(join(thumbPath, '..'), { recursive: true });
  const temporary = `${thumbPath}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, thumbPath);
}

/** Finds (or makes) the file a path below the upload path names. */
async function resolveFile(root: string, segments: string[]): Promise<string> {
  const direct = await fileInside(root, join(root, ...segments));
  if (direct) return direct;
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
  const thumbPath = join(root, ...segments);
  await makeThumbnail(source, thumbPath, width, mime);
  const made = await fileInside(root, thumbPath);
  if (!made) throw new NotServed(404, 'No such file.');
  return made;
}

/** Serves the site's upload folder at its upload path (when the site has both). */
export async function registerUploadRoutes(app: FastifyInstance, site: SiteConfig): Promise<void> {
  const directory = site.uploadDirectory;
  if (!directory || !site.uploadPath.startsWith('/')) return;
  const root = await realpath(directory).catch(() => undefined);
  if (!root) return;
  const prefix = site.uploadPath.replace(/\/+$/, '');
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const rawUrl = request.raw.url ?? '';
    const rawPath = rawUrl.split('?')[0]?.slice(prefix.length + 1) ?? '';
    try {
      const file = await resolveFile(root, safeSegments(rawPath));
      const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
      reply
        .type(type)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('Cache-Control', 'public, max-age=86400')
        .header('Content-Length', (await stat(file)).size);
      return reply.send(createReadStream(file));
    } catch (error) {
      if (!(error instanceof NotServed)) throw error;
      return reply.code(error.status).type('text/plain; charset=utf-8').send(`${error.message}\n`);
    }
  };
  app.route({ method: ['GET', 'HEAD'], url: `${prefix}/*`, handler });
}
