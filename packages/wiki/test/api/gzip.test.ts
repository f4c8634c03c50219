import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import {
  acceptsGzip,
  type DeflatedPiece,
  deflatedPiece,
  GZIP_MIN_BYTES,
  gzipOfRanges,
  gzipWhole,
} from '../../src/api/gzip.js';

/**
 * The member of a sequence of printed parts and pieces, as an answer makes it: the parts laid in one
 * buffer with `gap` bytes between them, an empty part between two pieces in a row.
 */
function gzipOfPieces(sequence: ReadonlyArray<Buffer | DeflatedPiece>, gap = 8): Buffer[] {
  const parts: Buffer[] = [];
  const pieces: DeflatedPiece[] = [];
  let part: Buffer[] = [];
  for (const item of sequence) {
    if (Buffer.isBuffer(item)) {
      part.push(item);
    } else {
      parts.push(Buffer.concat(part));
      pieces.push(item);
      part = [];
    }
  }
  parts.push(Buffer.concat(part));
  const bounds: number[] = [];
  const laid: Buffer[] = [];
  let at = 0;
  for (const [i, p] of parts.entries()) {
    if (i > 0) {
      laid.push(Buffer.alloc(gap, 0x23));
      at += gap;
    }
    bounds.push(at, at + p.length);
    laid.push(p);
    at += p.length;
  }
  return gzipOfRanges(Buffer.concat(laid), bounds, pieces);
}

test('Accept-Encoding: gzip is admitted by name, as x-gzip or by *, unless its quality is zero', () => {
  const cases: Array<[string | string[] | undefined, boolean]> = [
    [undefined, false],
    ['', false],
    ['identity', false],
    ['gzip', true],
    ['gzip, deflate', true],
    ['gzip, deflate, br', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['br;q=1.0, gzip;q=0.5', true],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['*', true],
    ['deflate, *;q=0', false],
    ['*;q=1, gzip;q=0', false],
    ['gzip;q=0, *', false],
    [['deflate', 'gzip'], true],
    ['gzipped', false],
  ];
  for (const [header, expected] of cases) assert.equal(acceptsGzip(header), expected, String(header));
});

test("the CRC-32 of a member is combined from its parts' and pieces' CRCs (gunzip checks it)", () => {
  for (let i = 0; i < 200; i++) {
    const before = randomBytes(Math.floor(Math.random() * 2000));
    const piece = randomBytes(i === 0 ? 0 : Math.floor(Math.random() * 70_000));
    const after = randomBytes(Math.floor(Math.random() * 100));
    const member = Buffer.concat(gzipOfPieces([before, deflatedPiece(piece), after, deflatedPiece(before)]));
    assert.ok(
      gunzipSync(member).equals(Buffer.concat([before, piece, after, before])),
      `${before.length}+${piece.length}`,
    );
  }
});

test('a gzip member made of stored parts, compressed parts and pieces made beforehand', () => {
  const wikitext = (seed: number) =>
    Buffer.from(`== Abschnitt ${seed} ==\n[[Köln]] und [[München]] {{Vorlage|${seed}}} `.repeat(500 + seed * 37));
  const texts = [wikitext(1), wikitext(2), Buffer.from('€ä'), wikitext(3)];
  const pieces = texts.map((t) => deflatedPiece(t));
  const parts = [
    Buffer.from('{"a":'),
    Buffer.alloc(0),
    randomBytes(70_000), // more than one stored block, and compressed in the answer
    Buffer.from('x'.repeat(3000)),
    Buffer.from(']}'),
  ];
  const sequence = [parts[0]!, pieces[0]!, parts[1]!, pieces[1]!, parts[2]!, pieces[2]!, pieces[3]!, parts[3]!];
  sequence.push(parts[4]!);
  const expected = Buffer.concat([
    parts[0]!,
    texts[0]!,
    parts[1]!,
    texts[1]!,
    parts[2]!,
    texts[2]!,
    texts[3]!,
    parts[3]!,
    parts[4]!,
  ]);
  const member = Buffer.concat(gzipOfPieces(sequence));
  assert.ok(gunzipSync(member).equals(expected));
  // Every piece is reused as it is: a second answer from the same pieces is the same.
  assert.ok(Buffer.concat(gzipOfPieces(sequence)).equals(member));
  // Nothing at all, and only small stored parts.
  assert.equal(gunzipSync(Buffer.concat(gzipOfPieces([]))).length, 0);
  assert.equal(gunzipSync(Buffer.concat(gzipOfPieces([Buffer.from('{}')]))).toString(), '{}');
  assert.ok(gunzipSync(gzipWhole([parts[0]!, texts[0]!])).equals(Buffer.concat([parts[0]!, texts[0]!])));
});

test('printed parts shorter than an answer worth compressing are stored, longer ones compressed', () => {
  const piece = deflatedPiece(Buffer.from('text '.repeat(1000)));
  const overhead = Buffer.concat(gzipOfPieces([piece])).length;
  for (const [length, compressed] of [
    [GZIP_MIN_BYTES - 1, false],
    [GZIP_MIN_BYTES, true],
    [4 * GZIP_MIN_BYTES, true],
  ] as const) {
    const part = Buffer.from('{"title":"Koeln"},'.repeat(length).slice(0, length));
    const member = Buffer.concat(gzipOfPieces([part, piece]));
    assert.ok(gunzipSync(member).equals(Buffer.concat([part, Buffer.from('text '.repeat(1000))])));
    // Stored: the part's bytes and a 5-byte block header; compressed: a small fraction of them.
    const added = member.length - overhead;
    if (compressed) assert.ok(added < part.length / 4, `${length}: ${added}`);
    else assert.equal(added, part.length + 5, String(length));
  }
});

test('a gzip member of parts lying in one buffer, the bytes between them not sent', () => {
  const texts = [Buffer.from('erster Text '.repeat(300)), Buffer.from(''), Buffer.from('€ drei '.repeat(50))];
  const pieces = texts.map((t) => deflatedPiece(t));
  // part 0, a gap, part 1, a gap, an empty part 2, a gap, a long part 3 that is compressed.
  const parts = [Buffer.from('{"a":['), Buffer.from('],"b":"ä",'), Buffer.alloc(0), Buffer.from('x'.repeat(70_000))];
  const gap = (n: number) => Buffer.from('#'.repeat(n));
  const bytes = Buffer.concat([parts[0]!, gap(20), parts[1]!, gap(5), parts[2]!, gap(30), parts[3]!]);
  const bounds: number[] = [];
  let at = 0;
  for (const [i, part] of parts.entries()) {
    at += i === 0 ? 0 : [20, 5, 30][i - 1]!;
    bounds.push(at, at + part.length);
    at += part.length;
  }
  const member = Buffer.concat(gzipOfRanges(bytes, bounds, pieces));
  const expected = Buffer.concat([parts[0]!, texts[0]!, parts[1]!, texts[1]!, parts[2]!, texts[2]!, parts[3]!]);
  assert.ok(gunzipSync(member).equals(expected));
  // Laid out with no room for headers between the parts, the same bytes.
  const sequence = [parts[0]!, pieces[0]!, parts[1]!, pieces[1]!, parts[2]!, pieces[2]!, parts[3]!];
  assert.ok(gunzipSync(Buffer.concat(gzipOfPieces(sequence, 0))).equals(expected));
  // Bounds that do not fit the pieces, or parts out of order, are refused.
  assert.throws(() => gzipOfRanges(bytes, bounds.slice(2), pieces));
  assert.throws(() => gzipOfRanges(bytes, [0, 10, 5, 12, 20, 20, 30, 40], pieces));
  // A gap shorter than a block header: the part gets a header of its own.
  const tight = Buffer.concat([parts[0]!, gap(2), parts[1]!]);
  const tightMember = gzipOfRanges(tight, [0, 6, 8, tight.length], [pieces[0]!]);
  assert.ok(gunzipSync(Buffer.concat(tightMember)).equals(Buffer.concat([parts[0]!, texts[0]!, parts[1]!])));
});
