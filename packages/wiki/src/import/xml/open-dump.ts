/**
 * Opens a dump file as a stream of XML bytes, decompressing `.gz` and `.bz2` files (recognised by
 * their first bytes, whatever their name), and counts the compressed bytes read for progress.
 * A pipe (`/dev/stdin`, a named pipe, `<(lbzip2 -dc dump.xml.bz2)`) is read once, front to back:
 * its size is unknown (0) and its first bytes are looked at as they arrive.
 */
import { createReadStream, type ReadStream, statSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { bzip2Decoder, decompressBzip2, describeBzip2Decoder } from './bzip2-decoder.js';

export type Compression = 'none' | 'gzip' | 'bzip2';

export interface OpenedDump {
  path: string;
  compression: Compression;
  /** Size of the file on disk; 0 for a pipe. */
  fileBytes: number;
  /** Whether the file is a pipe, whose size is not known before its end. */
  pipe: boolean;
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

function compressionOf(head: Buffer): Compression {
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (head.length >= 3 && head.toString('latin1', 0, 3) === 'BZh') return 'bzip2';
  return 'none';
}

async function sniff(path: string): Promise<Compression> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(3);
    const { bytesRead } = await handle.read(head, 0, 3, 0);
    return compressionOf(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** A pipe's compression as its name tells it, before a byte of it is read (reading would take them). */
function compressionByName(path: string): Compression {
  if (/\.gz$/i.test(path)) return 'gzip';
  if (/\.bz2$/i.test(path)) return 'bzip2';
  return 'none';
}

/** Whether the path names a pipe (a named pipe, or a process's standard input when it is one). */
export function isPipe(path: string): boolean {
  try {
    const info = statSync(path);
    return info.isFIFO() || info.isSocket();
  } catch {
    return false;
  }
}

function describe(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return err instanceof Error ? err.message : String(err);
}

/**
 * The file's size and compression; a DumpFileError when it cannot be read. A pipe's compression
 * is the one its name gives until its first bytes are read.
 */
export async function dumpFileInfo(
  path: string,
): Promise<{ fileBytes: number; compression: Compression; pipe: boolean }> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (info.isFIFO() || info.isSocket()) return { fileBytes: 0, compression: compressionByName(path), pipe: true };
    return { fileBytes: info.size, compression: await sniff(path), pipe: false };
  } catch (err) {
    throw new DumpFileError(`cannot read ${path}: ${describe(err)}`);
  }
}

/** A pipe's first bytes (at least three unless it ends sooner), taken from it and paused there. */
function firstBytes(file: ReadStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (err?: Error) => {
      file.off('data', onData);
      file.off('end', onEnd);
      file.off('error', onError);
      file.pause();
      if (err) reject(err);
      else resolve(Buffer.concat(chunks, length));
    };
    const onData = (chunk: Buffer | string) => {
      chunks.push(Buffer.from(chunk));
      length += chunk.length;
      if (length >= 3) finish();
    };
    const onEnd = () => finish();
    const onError = (err: Error) => finish(err);
    file.on('data', onData);
    file.on('end', onEnd);
    file.on('error', onError);
  });
}

export async function openDump(path: string): Promise<OpenedDump> {
  const info = await dumpFileInfo(path);
  const { fileBytes, pipe } = info;
  let compression = info.compression;
  const file = createReadStream(path, { highWaterMark: 1 << 18 });
  let read = 0;
  let stream: Readable = file;
  if (pipe) {
    const head = await firstBytes(file).catch((err: unknown) => {
      throw new DumpFileError(`cannot read ${path}: ${describe(err)}`);
    });
    compression = compressionOf(head);
    read = head.length;
    const joined = new PassThrough({ highWaterMark: 1 << 18 });
    joined.write(head);
    file.on('error', (err) => joined.destroy(err));
    stream = joined;
    file.pipe(joined);
  }
  file.on('data', (chunk: Buffer | string) => {
    read += chunk.length;
  });
  const decoder = compression === 'bzip2' ? bzip2Decoder() : undefined;
  if (compression === 'gzip') {
    const gunzip = createGunzip({ chunkSize: 1 << 18 });
    stream.on('error', (err) => gunzip.destroy(err));
    stream = stream.pipe(gunzip);
  } else if (decoder) {
    stream = decompressBzip2(stream, decoder);
  }
  return { path, compression, fileBytes, pipe, bytesRead: () => read, stream };
}
