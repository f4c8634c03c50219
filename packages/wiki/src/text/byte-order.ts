import { isPhpNumeric } from './php-strings.js';

/**
 * Strings in the order of their UTF-8 bytes (PHP's `strcmp`, a binary collation), without encoding
 * them. UTF-8 orders by code point; UTF-16 code units do too, except that a surrogate (half of a
 * character beyond U+FFFF) must come after U+E000–U+FFFF: the units are moved to make it so.
 */
export function compareByteOrder(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

function codePointRank(unit: number): number {
  if (unit < 0xd800) return unit;
  if (unit < 0xe000) return unit + 0x2000;
  return unit - 0x800;
}

/** PHP's comparison of two strings (`<`, `sort`): numbers by value when both are, else byte by byte. */
export function phpCompare(a: string, b: string): number {
  if (isPhpNumeric(a) && isPhpNumeric(b)) return Number(a) - Number(b);
  return compareByteOrder(a, b);
}
