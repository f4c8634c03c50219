/**
 * gzip content coding for api.php answers. Clients ask for it (mwn, mwclient and pywikibot all
 * send `Accept-Encoding: gzip`), and wikitext shrinks to about a third, which matters most for
 * revision contents: an answer of 50 pages' texts is about a megabyte.
 *
 * Compressing a megabyte for every request would cost far more than making the answer, so texts
 * that answers repeat (the prepared texts of `format/prepared-json.ts`) are compressed once, each
 * on its own, into a piece of raw DEFLATE data that ends on a byte boundary without a final block
 * (a sync flush). Such pieces can follow one another in one DEFLATE stream, since none refers back
 * to data before it: an answer is the gzip header, its printed parts as stored blocks (or
 * compressed on their own when they are large) with the texts' pieces between them, a final empty
 * block, and the CRC-32 of the whole, which is computed from the pieces' own CRCs and lengths
 * (CRC-32 is linear over GF(2), so the CRC of a concatenation follows from those of its halves
 * and the second half's length).
 */
import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';

/** Answers shorter than this are sent as they are: compressing them saves little and costs CPU. */
export const GZIP_MIN_BYTES = 16 * 1024;

/** zlib's level for whole answers compressed per request (fast) and for pieces made once. */
const ANSWER_LEVEL = 1;
const PIECE_LEVEL = 6;

/**
 * Printed parts at least this long are compressed in the answer; shorter ones are stored, as whole
 * answers shorter than `GZIP_MIN_BYTES` are sent as they are. A part is the JSON between two
 * prepared texts, rarely more than a few kilobytes, and compressing it costs more than sending it:
 * each call makes a new zlib stream (about 15 µs for a 5 KB part, with the allocation of the
 * stream's state), where storing it only copies its bytes into the socket. Measured on the
 * revisions of 50 pages of the reference wiki, whose first part is 5 KB: server CPU about 265 →
 * 225 µs a request, for an answer 1.5 % longer.
 */
const COMPRESS_PART_BYTES = GZIP_MIN_BYTES;

/**
 * Whether an `Accept-Encoding` header admits gzip: `gzip`, `x-gzip` or `*` with a quality above
 * zero, and not refused by name.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  const text = (Array.isArray(header) ? header.join(',') : header).toLowerCase();
  if (!text.includes('gzip') && !text.includes('*')) return false;
  let gzip: number | undefined;
  let star: number | undefined;
  for (const entry of text.split(',')) {
    const [rawName, ...params] = entry.split(';');
    const name = (rawName ?? '').trim();
    if (name !== 'gzip' && name !== 'x-gzip' && name !== '*') continue;
    let quality = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (m) quality = Number(m[1]);
    }
    if (Number.isNaN(quality)) quality = 0;
    if (name === '*') star = quality;
    else gzip = Math.max(gzip ?? 0, quality);
  }
  return (gzip ?? star ?? 0) > 0;
}

/** Raw DEFLATE data of some bytes, made on its own and ending with a sync flush. */
export interface DeflatedPiece {
  deflated: Buffer;
  /** CRC-32 of the bytes it stands for. */
  crc: number;
  /** Their length. */
  length: number;
  /** x^(8·length) modulo the CRC polynomial (see `shiftByBytes`), made once with the piece. */
  shift: number;
}

/** Compresses bytes into a piece that can stand anywhere in a DEFLATE stream. */
export function deflatedPiece(bytes: Buffer): DeflatedPiece {
  return {
    deflated: deflateRawSync(bytes, { level: PIECE_LEVEL, finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crc32(bytes),
    length: bytes.length,
    shift: shiftByBytes(bytes.length),
  };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final stored block of no bytes: ends the DEFLATE stream. */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
const STORED_MAX = 0xffff;

/** The header of a stored block: not final, stored, the length and its complement. */
const STORED_HEADER_BYTES = 5;

function writeStoredHeader(into: Buffer, at: number, length: number): void {
  into[at] = 0;
  into.writeUInt16LE(length, at + 1);
  into.writeUInt16LE(~length & 0xffff, at + 3);
}

/** Bytes as stored (uncompressed) DEFLATE blocks, which start and end on a byte boundary. */
function storedBlocks(bytes: Buffer, out: Buffer[]): void {
  for (let at = 0; at < bytes.length; at += STORED_MAX) {
    const length = Math.min(STORED_MAX, bytes.length - at);
    const header = Buffer.allocUnsafe(STORED_HEADER_BYTES);
    writeStoredHeader(header, 0, length);
    out.push(header, bytes.subarray(at, at + length));
  }
}

function gzipTrailer(crc: number, length: number): Buffer {
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 0x1_0000_0000, 4);
  return trailer;
}

/**
 * A gzip member of printed parts that lie in one buffer, with pieces compressed beforehand between
 * them: part 0, piece 0, part 1, …, piece n−1, part n, where part i is `bytes` from `bounds[2i]` to
 * `bounds[2i + 1]`. What lies between two parts is not sent: a stored part's block header is
 * written into the last five of those bytes (`bytes` is changed there), so that header and part
 * are one buffer for the socket, and no part is copied or encoded again.
 */
export function gzipOfRanges(bytes: Buffer, bounds: readonly number[], pieces: readonly DeflatedPiece[]): Buffer[] {
  if (bounds.length !== 2 * pieces.length + 2) throw new Error('gzipOfRanges: a part is needed around every piece');
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  let sent = 0;
  for (let i = 0; ; i++) {
    const start = bounds[2 * i] as number;
    const end = bounds[2 * i + 1] as number;
    if (start < sent || end < start || end > bytes.length) throw new Error('gzipOfRanges: parts out of order');
    if (end > start) {
      const part = bytes.subarray(start, end);
      const size = end - start;
      if (size >= COMPRESS_PART_BYTES) {
        out.push(deflateRawSync(part, { level: ANSWER_LEVEL, finishFlush: constants.Z_SYNC_FLUSH }));
      } else if (i > 0 && start - sent >= STORED_HEADER_BYTES && size <= STORED_MAX) {
        writeStoredHeader(bytes, start - STORED_HEADER_BYTES, size);
        out.push(bytes.subarray(start - STORED_HEADER_BYTES, end));
      } else {
        storedBlocks(part, out);
      }
      crc = crc32(part, crc);
      length += size;
    }
    sent = end;
    const piece = pieces[i];
    if (piece === undefined) break;
    if (piece.length > 0) {
      out.push(piece.deflated);
      // The CRC of what came before, shifted past the piece's bytes, plus the piece's own.
      crc = (multiplyMod(piece.shift, crc >>> 0) ^ piece.crc) >>> 0;
      length += piece.length;
    }
  }
  out.push(FINAL_BLOCK, gzipTrailer(crc, length));
  return out;
}

/** A whole answer compressed per request. */
export function gzipWhole(parts: readonly Buffer[]): Buffer {
  return gzipSync(parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts), { level: ANSWER_LEVEL });
}

// CRC-32 arithmetic. Polynomials over GF(2) are held bit-reflected, as CRC-32 holds them: the
// coefficient of x^0 is the top bit of the 32. REFLECTED_POLY is x^32 mod the CRC polynomial.
const REFLECTED_POLY = 0xedb88320;
const X_POW_0 = 0x80000000;

/** a(x)·b(x) modulo the CRC polynomial. */
function multiplyMod(a: number, b: number): number {
  let product = 0;
  let factor = b >>> 0;
  let rest = a >>> 0;
  // Each bit of a, from x^0 up, adds b·x^i; factor steps from b·x^i to b·x^(i+1) (mod the polynomial).
  for (let bit = 0x80000000; rest !== 0; bit >>>= 1) {
    if (rest & bit) {
      product ^= factor;
      rest = (rest ^ bit) >>> 0;
    }
    factor = factor & 1 ? (factor >>> 1) ^ REFLECTED_POLY : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the CRC polynomial, for k = 0..63 (each the square of the one before). */
const X_POW_2K: number[] = [];
{
  let p = X_POW_0 >>> 1; // x^1
  for (let k = 0; k < 64; k++) {
    X_POW_2K.push(p);
    p = multiplyMod(p, p);
  }
}

/** x^(8·bytes) modulo the CRC polynomial: what shifting a CRC past `bytes` zero bytes multiplies by. */
function shiftByBytes(bytes: number): number {
  let p = X_POW_0;
  let k = 3; // 8 bits a byte: x^(8n) = x^(n·2^3)
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) p = multiplyMod(X_POW_2K[k] as number, p);
  }
  return p;
}
