/**
 * A small seeded random source (sfc32), so that a fuzzing run is reproduced by its seed alone.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A 32-bit unsigned integer. */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return Math.floor((this.next() / 0x100000000) * n);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() / 0x100000000 < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)] as T;
  }

  /** Up to `max` distinct items, at least one when there are any. */
  some<T>(items: readonly T[], max: number): T[] {
    const count = 1 + this.below(Math.min(max, items.length));
    const chosen = new Set<T>();
    while (chosen.size < count) chosen.add(this.pick(items));
    return [...chosen];
  }
}
