/**
 * What the `image` and `oldimage` rows say about a file, read from the file itself: size, SHA-1 in
 * base 36, MIME type and MediaWiki's media type, width, height and bit depth, and the serialized
 * metadata MediaWiki keeps (`{"data": {...}}`: a PNG's colour type and resolution, a GIF's frames,
 * a JPEG's or TIFF's EXIF fields, an SVG's size). Images are read with sharp, EXIF with exifr.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { Metadata } from 'sharp';

export interface FileMetadata {
  size: number;
  /** SHA-1 of the bytes in base 36, 31 digits. */
  sha1: string;
  width: number;
  height: number;
  bits: number;
  mediaType: string;
  majorMime: string;
  minorMime: string;
  /** MediaWiki's serialized metadata (`{"data": {...}}`), or empty. */
  metadata: string;
}

/** MIME types by sharp's format name. */
const IMAGE_FORMATS: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
  heif: 'image/heif',
  avif: 'image/avif',
};

/** Other types by file name extension, for files sharp does not read. */
const EXTENSIONS: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.djvu': 'image/vnd.djvu',
  '.ogg': 'application/ogg',
  '.oga': 'audio/ogg',
  '.ogv': 'video/ogg',
  '.opus': 'audio/ogg',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.txt': 'text/plain',
  '.zip': 'application/zip',
};

/** MediaWiki's media type of a MIME type. */
function mediaTypeOf(mime: string): string {
  if (mime === 'image/svg+xml') return 'DRAWING';
  if (mime === 'application/pdf') return 'OFFICE';
  if (mime.startsWith('image/')) return 'BITMAP';
  if (mime.startsWith('audio/')) return 'AUDIO';
  if (mime.startsWith('video/')) return 'VIDEO';
  if (mime === 'application/ogg') return 'MULTIMEDIA';
  if (mime.startsWith('text/')) return 'TEXT';
  if (mime === 'application/zip') return 'ARCHIVE';
  return 'UNKNOWN';
}

/** The MIME type from the file's first bytes where they tell it (other than images). */
function sniffMime(head: Uint8Array): string | undefined {
  const text = Buffer.from(head.subarray(0, 8)).toString('latin1');
  if (text.startsWith('%PDF-')) return 'application/pdf';
  if (text.startsWith('OggS')) return 'application/ogg';
  if (text.startsWith('PK\u0003\u0004')) return 'application/zip';
  if (text.startsWith('AT&TFORM')) return 'image/vnd.djvu';
  return undefined;
}

const PNG_COLOUR_TYPES: Record<number, string> = {
  0: 'greyscale',
  2: 'truecolour',
  3: 'index-coloured',
  4: 'greyscale-alpha',
  6: 'truecolour-alpha',
};

/** A PNG's header fields, resolution and text chunks, as MediaWiki's PNG handler records them. */
function pngData(bytes: Buffer): { bitDepth: number; data: Record<string, unknown> } | undefined {
  if (bytes.length < 33 || bytes.readUInt32BE(0) !== 0x89504e47) return undefined;
  const bitDepth = bytes[24]!;
  const colorType = PNG_COLOUR_TYPES[bytes[25]!] ?? 'unknown';
  const fields: Record<string, unknown> = {};
  let frameCount = 0;
  let loopCount = 1;
  let duration = 0;
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'pHYs' && body.length >= 9 && body[8] === 1) {
      // Pixels per metre, as MediaWiki writes them: per centimetre, as a fraction.
      fields.XResolution = `${body.readUInt32BE(0)}/100`;
      fields.YResolution = `${body.readUInt32BE(4)}/100`;
      fields.ResolutionUnit = 3;
    } else if (type === 'acTL' && body.length >= 8) {
      frameCount = body.readUInt32BE(0);
      loopCount = body.readUInt32BE(4);
    } else if (type === 'fcTL' && body.length >= 24) {
      const denominator = body.readUInt16BE(22) || 100;
      duration += body.readUInt16BE(20) / denominator;
    } else if (type === 'tEXt') {
      const zero = body.indexOf(0);
      if (zero > 0) fields[body.toString('latin1', 0, zero)] = body.toString('latin1', zero + 1);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + length;
  }
  fields._MW_PNG_VERSION = 1;
  return {
    bitDepth,
    data: { frameCount, loopCount, duration: Math.round(duration * 100) / 100, bitDepth, colorType, metadata: fields },
  };
}

/** EXIF values as MediaWiki keeps them: strings, numbers and lists of them. */
function exifValue(value: unknown): unknown {
  if (value instanceof Uint8Array) return undefined;
  if (Array.isArray(value)) return value.map(exifValue);
  if (typeof value === 'string') return value.replace(/\0+$/, '');
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return undefined;
}

async function exifData(input: Buffer): Promise<Record<string, unknown>> {
  let parsed: Record<string, unknown> | undefined;
  try {
    const { default: exifr } = await import('exifr');
    parsed = await exifr.parse(input, { tiff: true, exif: true, gps: true, reviveValues: false, mergeOutput: true });
  } catch {
    return {};
  }
  const data: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(parsed ?? {})) {
    const kept = exifValue(value);
    if (kept !== undefined) data[name] = kept;
  }
  return data;
}

/** The title of an SVG, when it has one. */
function svgTitle(bytes: Buffer): string | undefined {
  const m = /<title[^>]*>([^<]*)<\/title>/.exec(bytes.toString('utf8', 0, Math.min(bytes.length, 65536)));
  return m?.[1]?.trim() || undefined;
}

async function imageMetadata(
  bytes: Buffer,
): Promise<(Pick<FileMetadata, 'width' | 'height' | 'bits' | 'metadata'> & { mime: string }) | undefined> {
  let info: Metadata;
  try {
    // Loaded when a file is met: most dumps have none, and the image library is large.
    const { default: sharp } = await import('sharp');
    info = await sharp(bytes, { pages: -1 }).metadata();
  } catch {
    return undefined;
  }
  const mime = IMAGE_FORMATS[info.format ?? ''];
  if (!mime) return undefined;
  const width = info.width ?? 0;
  const height = info.pageHeight ?? info.height ?? 0;
  const bits = info.bitsPerSample ?? (info.depth === 'ushort' ? 16 : 8);
  if (info.format === 'png') {
    const png = pngData(bytes);
    return {
      mime,
      width,
      height,
      bits: png?.bitDepth ?? bits,
      metadata: png ? JSON.stringify({ data: png.data }) : '',
    };
  }
  if (info.format === 'svg') {
    const title = svgTitle(bytes);
    const data = {
      version: 2,
      width,
      height,
      originalWidth: String(width),
      originalHeight: String(height),
      ...(title ? { title } : {}),
      translations: [],
    };
    return { mime, width, height, bits: 0, metadata: JSON.stringify({ data }) };
  }
  if (info.format === 'gif') {
    const frames = info.pages ?? 1;
    const delays = info.delay ?? [];
    const duration = delays.reduce((sum: number, d: number) => sum + d, 0) / 1000;
    const data = {
      frameCount: frames,
      looped: info.loop !== undefined && frames > 1,
      duration,
      metadata: { _MW_GIF_VERSION: 1 },
    };
    return { mime, width, height, bits, metadata: JSON.stringify({ data }) };
  }
  if (info.format === 'jpeg' || info.format === 'tiff' || info.format === 'webp') {
    const exif = info.exif ? await exifData(bytes) : {};
    const data = { ...exif, MEDIAWIKI_EXIF_VERSION: 2 };
    return { mime, width, height, bits, metadata: JSON.stringify({ data }) };
  }
  return { mime, width, height, bits, metadata: '' };
}

/** SHA-1 in base 36, 31 digits, as MediaWiki stores file hashes. */
export function sha1Base36OfBytes(hex: string): string {
  return BigInt(`0x${hex}`).toString(36).padStart(31, '0');
}

async function sha1OfFile(path: string): Promise<{ sha1: string; size: number }> {
  const hash = createHash('sha1');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha1: sha1Base36OfBytes(hash.digest('hex')), size };
}

/** Files larger than this are hashed as a stream and not opened as images. */
const MAX_IMAGE_BYTES = 100_000_000;

/** Reads a file's metadata from its bytes, or from its path. `name` gives the type where the bytes do not. */
export async function readFileMetadata(input: Uint8Array | string, name: string): Promise<FileMetadata> {
  let bytes: Buffer | undefined;
  let size: number;
  let sha1: string;
  if (typeof input === 'string') {
    ({ sha1, size } = await sha1OfFile(input));
    if (size <= MAX_IMAGE_BYTES) bytes = await readFile(input);
  } else {
    bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    size = bytes.length;
    sha1 = sha1Base36OfBytes(createHash('sha1').update(bytes).digest('hex'));
  }
  const image = bytes ? await imageMetadata(bytes) : undefined;
  const mime =
    image?.mime ?? (bytes && sniffMime(bytes)) ?? EXTENSIONS[extname(name).toLowerCase()] ?? 'unknown/unknown';
  const [majorMime, minorMime] = mime.split('/') as [string, string];
  return {
    size,
    sha1,
    width: image?.width ?? 0,
    height: image?.height ?? 0,
    bits: image?.bits ?? 0,
    mediaType: mediaTypeOf(mime),
    majorMime,
    minorMime,
    metadata: image?.metadata ?? '',
  };
}
