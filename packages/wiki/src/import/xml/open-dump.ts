/**
 * Opens a dump file as a stream of XML bytes, decompressing `.gz` and `.bz2` files (recognised by
 * their first bytes, whatever their name), and counts the compressed bytes read for progress.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { bzip2Decoder, decompressBzip2, describeBzip2Decoder } from './bzip2-decoder.js';

export type Compression = 'none' | 'gzip' | 'bzip2';

export interface OpenedDump {
  path: string;
  compression: Compression;
  /** Size of the file on disk. */
  fileBytes: number;
  /** Bytes of the file read so far (compressed bytes for a compressed file). */
  bytesRead(): number;
  /** The XML, decompressed. */
  stream: Readable;
}

/** How a file of this compression is decompressed, for the progress line (`bzip2 decompressed by lbzip2`). */
export function describeDecompression(compression: Compression): string | undefined {
  if (compression === 'gzip') return 'gzip decompressed by zlib';
  if (compression === 'bzip2') return describeBzip2Decoder(bzip2Decoder());
  return undefined;
}

export class DumpFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DumpFileError';
  }
}

async function sniff(path: string): Promise<Compression> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(3);
    const { bytesRead } = await handle.read(head, 0, 3, 0);
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
    if (bytesRead === 3 && head.toString('latin1') === 'BZh') return 'bzip2';
    return 'none';
  } finally {
    await handle.close();
  }
}

function describe(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return err instanceof Error ? err.message : String(err);
}

/** The file's size and compression; a DumpFileError when it cannot be read. */
export async function dumpFileInfo(path: string): Promise<{ fileBytes: number; compression: Compression }> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    return { fileBytes: info.size, compression: await sniff(path) };
  } catch (err) {
    throw new DumpFileError(`cannot read ${path}: ${describe(err)}`);
  }
}

export async function openDump(path: string): Promise<OpenedDump> {
  const { fileBytes, compression } = await dumpFileInfo(path);
  const decoder = compression === 'bzip2' ? bzip2Decoder() : undefined;
  const file = createReadStream(path, { highWaterMark: 1 << 18 });
  let read = 0;
  file.on('data', (chunk: Buffer | string) => {
    read += chunk.length;
  });
  let stream: Readable = file;
  if (compression === 'gzip') {
    const gunzip = createGunzip({ chunkSize: 1 << 18 });
    file.on('error', (err) => gunzip.destroy(err));
    stream = file.pipe(gunzip);
  } else if (decoder) {
    stream = decompressBzip2(file, decoder);
  }
  return { path, compression, fileBytes, bytesRead: () => read, stream };
}
