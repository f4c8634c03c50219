/**
 * Items in the order of a whole number each has (a page id, a fake id), stable: items of the same
 * number keep their order. Answers sort their pages this way at every request, so it is done
 * without calling a comparison function: each item's number and position are packed into one
 * float (number × 2^21 + position, exact while |number| < 2^31 and there are fewer than 2^21
 * items), and a Float64Array sorts those natively, in ascending numeric order.
 */
const POSITIONS = 2 ** 21;
const LARGEST = 2 ** 31;

export function byWholeNumber<T>(items: readonly T[], numberOf: (item: T, index: number) => number): T[] {
  const packed = new Float64Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const n = numberOf(items[i] as T, i);
    // Numbers this packing cannot hold exactly (none of the ids it is used for) sort by comparison.
    if (!Number.isInteger(n) || Math.abs(n) >= LARGEST || items.length >= POSITIONS) {
      return items
        .map((item, index) => ({ n: numberOf(item, index), item }))
        .sort((a, b) => a.n - b.n)
        .map((k) => k.item);
    }
    packed[i] = n * POSITIONS + i;
  }
  packed.sort();
  const sorted: T[] = [];
  for (const value of packed) sorted.push(items[value - Math.floor(value / POSITIONS) * POSITIONS] as T);
  return sorted;
}
