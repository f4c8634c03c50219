import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareByteOrder } from '../../src/text/byte-order.js';

const sign = (n: number) => Math.sign(n);

test('strings compare as their UTF-8 bytes do, astral characters after U+E000–U+FFFF', () => {
  const samples = [
    '',
    'a',
    'A',
    'ab',
    'Ä',
    'ä',
    'z',
    '\u00ff',
    '\u0800',
    '\ud7ff',
    '\ue000',
    '\uffff',
    '😀',
    '𝄞a',
    'a😀',
    'a\uffff',
  ];
  for (const a of samples) {
    for (const b of samples) {
      assert.equal(sign(compareByteOrder(a, b)), Buffer.compare(Buffer.from(a), Buffer.from(b)), `${a} / ${b}`);
    }
  }
});

test('random strings of every plane sort as their bytes', () => {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  const ranges = [0x7f, 0x7ff, 0xd7ff, 0xffff, 0x10ffff];
  const randomString = () => {
    let s = '';
    const length = next() % 5;
    for (let i = 0; i < length; i++) {
      let cp = next() % (ranges[next() % ranges.length]! + 1);
      if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xe000 + (cp - 0xd800);
      s += String.fromCodePoint(cp);
    }
    return s;
  };
  const strings = Array.from({ length: 400 }, randomString);
  const byBytes = [...strings].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const ours = [...strings].sort(compareByteOrder);
  assert.deepEqual(ours, byBytes);
});
