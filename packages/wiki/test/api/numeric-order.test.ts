/**
 * `byWholeNumber` (result/numeric-order.ts): the order of a stable sort by each item's number, as
 * a comparison sort gives it, with and without the packed numbers.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { byWholeNumber } from '../../src/api/result/numeric-order.js';

const byComparison = (numbers: number[]) =>
  numbers.map((n, at) => ({ n, at })).sort((a, b) => a.n - b.n || a.at - b.at);

test('whole numbers, negative ones and repeats sort as a stable comparison sort does', () => {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  for (let round = 0; round < 50; round++) {
    const numbers = Array.from({ length: next() % 60 }, () => (next() % 41) - 20 + (round % 2) * 2_000_000_000);
    const items = numbers.map((n, at) => ({ n, at }));
    assert.deepEqual(
      byWholeNumber(items, (item) => item.n),
      byComparison(numbers),
    );
  }
});

test('the callback gets each item with its position', () => {
  const keys = ['3', '-1', '2'];
  assert.deepEqual(
    byWholeNumber(['c', 'a', 'b'], (_, i) => Number(keys[i])),
    ['a', 'b', 'c'],
  );
});

test('numbers the packing cannot hold sort by comparison, in the same order', () => {
  assert.deepEqual(
    byWholeNumber([3, 2 ** 40, -(2 ** 35), 1.5, 1], (n) => n),
    [-(2 ** 35), 1, 1.5, 3, 2 ** 40],
  );
  assert.deepEqual(
    byWholeNumber([2 ** 31, 5, 2 ** 31 - 1], (n) => n),
    [5, 2 ** 31 - 1, 2 ** 31],
  );
  assert.deepEqual(
    byWholeNumber([], (n: number) => n),
    [],
  );
});
