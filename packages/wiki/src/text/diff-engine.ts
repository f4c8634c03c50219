/**
 * The sequence diff MediaWiki's diff engine (wikidiff2) runs on lines and on the words of a
 * changed line, reproduced for its choices and not only its length: which of several longest
 * common subsequences it finds decides which lines are shown as changed, so the search is the
 * same one. Items are compared by a key (a line: itself; a word: its body).
 *
 * The search: common first and last items aside, items found on one side only are changed at
 * once; the rest are aligned by a longest common subsequence found in a few chunks along the
 * shorter side, each chunk's boundary fixing a split point, the parts then aligned on their own.
 * Runs of changes are finally slid over equal neighbours so that they join, and otherwise end as
 * late as they can.
 */

export type EditKind = 'copy' | 'del' | 'add' | 'change';

/** One step of an edit script: items of the old side (`from`) and of the new one (`to`). */
export interface Edit<T = string> {
  kind: EditKind;
  from: T[];
  to: T[];
}

/** Chunks a common subsequence search is split in, at most. */
const MAX_CHUNKS = 8;

/** Which items of each side are not in the common subsequence. */
interface Changes {
  old: boolean[];
  new: boolean[];
}

/**
 * The edit script from `a` to `b`. With `bailout` above 0, two sides whose differing middles
 * would compare more pairs of items than that are one change of everything.
 */
export function diffSequences<T>(
  items: { old: readonly T[]; new: readonly T[] },
  keyOf: (item: T) => string,
  bailout = 0,
): Edit<T>[] {
  const a = items.old.map(keyOf);
  const b = items.new.map(keyOf);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  // The common tail never reaches the first differing item of either side.
  let tail = 0;
  while (a.length - tail - 1 > head && b.length - tail - 1 > head && a[a.length - tail - 1] === b[b.length - tail - 1])
    tail++;
  if (bailout > 0 && (a.length - head - tail) * (b.length - head - tail) > bailout)
    return [{ kind: 'change', from: [...items.old], to: [...items.new] }];
  const changes = markChanges(a, b, head, tail);
  slideChanges(a, changes.old, changes.new);
  slideChanges(b, changes.new, changes.old);
  return editsOf(items.old, items.new, changes);
}

/** The changed items of both sides: those of one side only, then those outside the alignment. */
function markChanges(a: readonly string[], b: readonly string[], head: number, tail: number): Changes {
  const changes: Changes = { old: new Array(a.length).fill(false), new: new Array(b.length).fill(false) };
  const inA = new Set(a.slice(head, a.length - tail));
  const sharedNew: number[] = [];
  const inBoth = new Set<string>();
  for (let y = head; y < b.length - tail; y++) {
    if (!inA.has(b[y])) changes.new[y] = true;
    else {
      inBoth.add(b[y]);
      sharedNew.push(y);
    }
  }
  const sharedOld: number[] = [];
  for (let x = head; x < a.length - tail; x++) {
    if (!inBoth.has(a[x])) changes.old[x] = true;
    else sharedOld.push(x);
  }
  const aligner = new Aligner(
    sharedOld.map((x) => a[x]),
    sharedNew.map((y) => b[y]),
  );
  aligner.align(0, sharedOld.length, 0, sharedNew.length);
  for (const [i, x] of sharedOld.entries()) if (aligner.oldChanged[i]) changes.old[x] = true;
  for (const [i, y] of sharedNew.entries()) if (aligner.newChanged[i]) changes.new[y] = true;
  return changes;
}

/** A split of a search: old and new positions where the next part begins. */
type Split = [number, number];

/** The common subsequence search over the items both sides have. */
class Aligner {
  readonly oldChanged: boolean[];
  readonly newChanged: boolean[];

  constructor(
    private readonly xs: readonly string[],
    private readonly ys: readonly string[],
  ) {
    this.oldChanged = new Array(xs.length).fill(false);
    this.newChanged = new Array(ys.length).fill(false);
  }

  /** Aligns `xs[x0, x1)` with `ys[y0, y1)`, marking what is left out as changed. */
  align(x0: number, x1: number, y0: number, y1: number): void {
    while (x0 < x1 && y0 < y1 && this.xs[x0] === this.ys[y0]) {
      x0++;
      y0++;
    }
    while (x1 > x0 && y1 > y0 && this.xs[x1 - 1] === this.ys[y1 - 1]) {
      x1--;
      y1--;
    }
    let splits: Split[] = [];
    if (x0 < x1 && y0 < y1) {
      const chunks = Math.min(MAX_CHUNKS - 1, Math.min(x1 - x0, y1 - y0)) + 1;
      splits = this.partition(x0, x1, y0, y1, chunks);
    }
    if (splits.length === 0) {
      for (let y = y0; y < y1; y++) this.newChanged[y] = true;
      for (let x = x0; x < x1; x++) this.oldChanged[x] = true;
      return;
    }
    for (let i = 1; i < splits.length; i++) this.align(splits[i - 1][0], splits[i][0], splits[i - 1][1], splits[i][1]);
  }

  /**
   * The split points of a longest common subsequence of the two ranges cut in `chunks` parts
   * along the shorter range, both ends included; none when the ranges have nothing in common.
   */
  private partition(x0: number, x1: number, y0: number, y1: number, chunks: number): Split[] {
    const flipped = x1 - x0 > y1 - y0;
    const rows = flipped ? this.ys : this.xs;
    const cols = flipped ? this.xs : this.ys;
    const [r0, r1, c0, c1] = flipped ? [y0, y1, x0, x1] : [x0, x1, y0, y1];
    const chain = new ChainSearch(cols, c0, c1, chunks);
    const size = r1 - r0;
    const chunkEnd = (c: number) => r0 + Math.floor((size + chunks - 1 + size * c) / chunks);
    let r = r0;
    for (let c = 0; c < chunks; c++) {
      if (c > 0) chain.markBoundary(c - 1);
      for (const end = chunkEnd(c); r < end; r++) chain.addRow(rows[r]);
    }
    if (chain.length === 0) return [];
    const splits: Split[] = [[r0, c0]];
    const mids = chain.boundaries();
    for (let c = 0; c < chunks - 1; c++) splits.push([chunkEnd(c), mids[c] + 1]);
    splits.push([r1, c1]);
    return flipped ? splits.map(([p, q]) => [q, p]) : splits;
  }
}

/**
 * The growing common subsequences of one search (a row at a time, its matches taken from the
 * last column back): for each length, the smallest column a subsequence of that length ends in,
 * and the columns it crossed each chunk boundary at.
 */
class ChainSearch {
  length = 0;
  private readonly ends: Int32Array;
  private readonly inChain: Uint8Array;
  private readonly crossings: Int32Array[];
  private readonly matches = new Map<string, number[]>();

  constructor(
    cols: readonly string[],
    private readonly c0: number,
    c1: number,
    chunks: number,
  ) {
    for (let c = c1 - 1; c >= c0; c--) {
      const list = this.matches.get(cols[c]);
      if (list) list.push(c);
      else this.matches.set(cols[c], [c]);
    }
    this.ends = new Int32Array(c1 - c0 + 1);
    this.ends[0] = c0 - 1;
    this.inChain = new Uint8Array(c1 - c0 + 1);
    this.crossings = Array.from({ length: c1 - c0 + 1 }, () => new Int32Array(chunks));
  }

  /** Records where each subsequence found so far stands at the end of chunk `c`. */
  markBoundary(c: number): void {
    for (let i = 0; i <= this.length; i++) this.crossings[i][c] = this.ends[i];
  }

  /** The boundary crossings of the longest subsequence. */
  boundaries(): Int32Array {
    return this.crossings[this.length];
  }

  addRow(value: string): void {
    const columns = this.matches.get(value);
    if (!columns) return;
    let k = 0;
    let i = 0;
    for (; i < columns.length; i++) {
      if (!this.has(columns[i])) {
        k = this.place(columns[i]);
        this.crossings[k].set(this.crossings[k - 1]);
        i++;
        break;
      }
    }
    for (; i < columns.length; i++) {
      const col = columns[i];
      if (col > this.ends[k - 1]) this.replace(k, col);
      else if (!this.has(col)) {
        k = this.place(col);
        this.crossings[k].set(this.crossings[k - 1]);
      }
    }
  }

  private has(col: number): boolean {
    return this.inChain[col - this.c0] === 1;
  }

  private replace(k: number, col: number): void {
    this.inChain[this.ends[k] - this.c0] = 0;
    this.ends[k] = col;
    this.inChain[col - this.c0] = 1;
  }

  /** Ends a subsequence at `col`: the longest one extended, or the first that ends later. */
  private place(col: number): number {
    if (this.length === 0 || col > this.ends[this.length]) {
      this.length++;
      this.ends[this.length] = col;
      this.inChain[col - this.c0] = 1;
      return this.length;
    }
    let lo = 1;
    let hi = this.length;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (col > this.ends[mid]) lo = mid + 1;
      else hi = mid;
    }
    this.replace(hi, col);
    return hi;
  }
}

/**
 * Slides each run of changed items of `items` over equal neighbours: back as far as it can to
 * join earlier runs, forward as far as it can, then back again to the last place where it faces
 * a run of changes of the other side, if any.
 */
function slideChanges(items: readonly string[], changed: boolean[], other: readonly boolean[]): void {
  const len = items.length;
  // `j` follows `i` in the other side: both have passed the same number of unchanged items.
  let i = 0;
  let j = 0;
  const skipOther = () => {
    while (j < other.length && other[j]) j++;
  };
  const backOther = () => {
    do j--;
    while (j >= 0 && other[j]);
  };
  for (;;) {
    skipOther();
    while (i < len && !changed[i]) {
      i++;
      j++;
      skipOther();
    }
    if (i === len) return;
    let start = i;
    while (++i < len && changed[i]);
    let runLength: number;
    let facing: number;
    do {
      runLength = i - start;
      while (start > 0 && items[start - 1] === items[i - 1]) {
        changed[--start] = true;
        changed[--i] = false;
        while (start > 0 && changed[start - 1]) start--;
        backOther();
      }
      facing = j < other.length ? i : len;
      while (i < len && items[start] === items[i]) {
        changed[start++] = false;
        changed[i++] = true;
        while (i < len && changed[i]) i++;
        j++;
        if (j < other.length && other[j]) {
          facing = i;
          skipOther();
        }
      }
    } while (runLength !== i - start);
    while (facing < i) {
      changed[--start] = true;
      changed[--i] = false;
      backOther();
    }
  }
}

/** The edit script of marked sides: runs of unchanged items, then what each side changed. */
function editsOf<T>(a: readonly T[], b: readonly T[], changes: Changes): Edit<T>[] {
  const edits: Edit<T>[] = [];
  let x = 0;
  let y = 0;
  while (x < a.length || y < b.length) {
    const copyStart = x;
    while (x < a.length && y < b.length && !changes.old[x] && !changes.new[y]) {
      x++;
      y++;
    }
    if (x > copyStart) edits.push({ kind: 'copy', from: a.slice(copyStart, x), to: b.slice(y - (x - copyStart), y) });
    const delStart = x;
    while (x < a.length && changes.old[x]) x++;
    const addStart = y;
    while (y < b.length && changes.new[y]) y++;
    const from = a.slice(delStart, x);
    const to = b.slice(addStart, y);
    if (from.length > 0 && to.length > 0) edits.push({ kind: 'change', from, to });
    else if (from.length > 0) edits.push({ kind: 'del', from, to: [] });
    else if (to.length > 0) edits.push({ kind: 'add', from: [], to });
  }
  return edits;
}
