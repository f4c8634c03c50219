/**
 * First-letter capitalisation as MediaWiki performs it for namespaces with `first-letter` case.
 *
 * MediaWiki uppercases one character with PHP's mbstring, whose case tables are older and simpler
 * than the ones JavaScript's `toUpperCase` uses: PHP maps one character to one character (so `ß`
 * stays `ß` where JavaScript gives `SS`), maps the Latin digraphs and the Greek letters with iota
 * subscript to their title-case form, and leaves a number of letters alone whose case pairs were
 * added to Unicode later (Georgian, Cherokee, Glagolitic, Coptic, Latin Extended-D, circled and
 * Roman-numeral letters, ...). The tables below record those differences, so titles capitalised
 * here are the titles MediaWiki stores.
 */

/** Characters PHP maps to a different character than JavaScript does. */
const MAPPED: ReadonlyMap<number, string> = new Map<number, string>([
  [0x01c5, '\u01c5'],
  [0x01c6, '\u01c5'],
  [0x01c8, '\u01c8'],
  [0x01c9, '\u01c8'],
  [0x01cb, '\u01cb'],
  [0x01cc, '\u01cb'],
  [0x01f2, '\u01f2'],
  [0x01f3, '\u01f2'],
  [0x03f2, '\u03a3'],
  [0x1fb3, '\u1fbc'],
  [0x1fc3, '\u1fcc'],
  [0x1ff3, '\u1ffc'],
  // Greek with ypogegrammeni: lowercase U+1F80-87, U+1F90-97, U+1FA0-A7 to the title-case block 8 above.
  ...[0x1f80, 0x1f90, 0x1fa0].flatMap((start) =>
    Array.from({ length: 8 }, (_, i) => [start + i, String.fromCodePoint(start + i + 8)] as [number, string]),
  ),
]);

/** Inclusive code point ranges PHP leaves unchanged; `step` 2 means every other code point. */
const UNCHANGED_RANGES: ReadonlyArray<readonly [number, number, (1 | 2)?]> = [
  [0x0180, 0x0180],
  [0x019a, 0x019a],
  [0x023c, 0x023c],
  [0x023f, 0x0240],
  [0x0242, 0x0242],
  [0x0247, 0x024f, 2],
  [0x0250, 0x0252],
  [0x025c, 0x025c],
  [0x0261, 0x0261],
  [0x0265, 0x0266],
  [0x026a, 0x026c],
  [0x0271, 0x0271],
  [0x027d, 0x027d],
  [0x0282, 0x0282],
  [0x0287, 0x0287],
  [0x0289, 0x0289],
  [0x028c, 0x028c],
  [0x029d, 0x029e],
  [0x0345, 0x0345],
  [0x0371, 0x0373, 2],
  [0x0377, 0x0377],
  [0x037b, 0x037d],
  [0x03d7, 0x03d7],
  [0x03f3, 0x03f3],
  [0x03f8, 0x03f8],
  [0x03fb, 0x03fb],
  [0x04cf, 0x04cf],
  [0x04f7, 0x04f7],
  [0x04fb, 0x04ff, 2],
  [0x0511, 0x052f, 2],
  [0x10d0, 0x10fa],
  [0x10fd, 0x10ff],
  [0x13f8, 0x13fd],
  [0x1c80, 0x1c88],
  [0x1d79, 0x1d79],
  [0x1d7d, 0x1d7d],
  [0x1d8e, 0x1d8e],
  [0x1efb, 0x1eff, 2],
  [0x214e, 0x214e],
  [0x2170, 0x217f],
  [0x2184, 0x2184],
  [0x24d0, 0x24e9],
  [0x2c30, 0x2c5f],
  [0x2c61, 0x2c61],
  [0x2c65, 0x2c66],
  [0x2c68, 0x2c6c, 2],
  [0x2c73, 0x2c73],
  [0x2c76, 0x2c76],
  [0x2c81, 0x2ce3, 2],
  [0x2cec, 0x2cee, 2],
  [0x2cf3, 0x2cf3],
  [0x2d00, 0x2d25],
  [0x2d27, 0x2d27],
  [0x2d2d, 0x2d2d],
  [0xa641, 0xa66d, 2],
  [0xa681, 0xa69b, 2],
  [0xa723, 0xa72f, 2],
  [0xa733, 0xa76f, 2],
  [0xa77a, 0xa77c, 2],
  [0xa77f, 0xa787, 2],
  [0xa78c, 0xa78c],
  [0xa791, 0xa793, 2],
  [0xa794, 0xa794],
  [0xa797, 0xa7a9, 2],
  [0xa7b5, 0xa7ff, 2],
  [0xab53, 0xab53],
  [0xab70, 0xabbf],
  [0x1044e, 0x1044f],
  [0x104d8, 0x104fb],
  [0x10cc0, 0x10cf2],
  [0x118c0, 0x118df],
  [0x16e60, 0x16e7f],
  [0x1e922, 0x1e943],
];

const unchanged = new Set<number>();
for (const [from, to, step = 1] of UNCHANGED_RANGES) {
  for (let cp = from; cp <= to; cp += step) unchanged.add(cp);
}

/** The first character of `text` in upper case, as MediaWiki's `ucfirst` gives it; the rest unchanged. */
export function upperFirst(text: string): string {
  if (text === '') return text;
  const first = text.charCodeAt(0);
  if (first < 0x80) {
    return first >= 0x61 && first <= 0x7a ? String.fromCharCode(first - 32) + text.slice(1) : text;
  }
  const cp = text.codePointAt(0)!;
  const width = cp > 0xffff ? 2 : 1;
  const char = text.slice(0, width);
  const mapped = MAPPED.get(cp);
  if (mapped !== undefined) return mapped + text.slice(width);
  if (unchanged.has(cp)) return text;
  const upper = char.toUpperCase();
  // A full case mapping to several characters (ß -> SS, ŉ -> ʼN) is not applied by PHP.
  if (upper === char || [...upper].length !== 1) return text;
  return upper + text.slice(width);
}
