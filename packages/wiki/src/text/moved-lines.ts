/**
 * Moved paragraphs, as MediaWiki's diff engine (wikidiff2) finds them: an added line (or a
 * removed one) is paired, when shown, with the most alike line removed (added) elsewhere, if more
 * alike than the threshold; the pair is then shown twice, each time one side of its word diff,
 * each side linked to the other. Each line is paired once, and a pair whose second line comes
 * right after the first is shown once, as a changed line. Nothing is looked for when the diff
 * adds and removes more lines than the cutoff.
 */
import type { Edit } from './diff-engine.js';
import type { DiffRows } from './text-diff.js';
import { similarity, WORD_DIFF_BAILOUT, wordEdits } from './word-diff.js';

/** A pair is shown as moved when more alike than this. */
export const MOVED_LINE_THRESHOLD = 0.4;

/** Added and removed lines beyond which moved lines are not looked for. */
export const MOVED_PARAGRAPH_CUTOFF = 100;

/** A line of the edit script: the index of its edit, its index in the edit. */
interface Place {
  edit: number;
  line: number;
}

/** A removed line paired with an added one, and the sides of it shown so far. */
interface Pairing {
  removed: Place;
  added: Place;
  similarity: number;
  oldShown: boolean;
  newShown: boolean;
}

const keyOf = (place: Place) => `${place.edit}:${place.line}`;
const anchorOf = (place: Place, oldSide: boolean) => `movedpara_${place.edit}_${place.line}_${oldSide ? 'lhs' : 'rhs'}`;
const samePlace = (p: Place, q: Place) => p.edit === q.edit && p.line === q.line;
/** Whether `next` comes right after `place` in the edit script. */
const follows = (place: Place, next: Place) =>
  (next.edit === place.edit && next.line === place.line + 1) || (next.edit === place.edit + 1 && next.line === 0);

export class MovedLines {
  private readonly enabled: boolean;
  private readonly pairings = new Map<string, Pairing>();
  private readonly alike = new Map<string, number>();

  constructor(
    private readonly edits: readonly Edit[],
    private readonly rows: DiffRows,
  ) {
    let count = 0;
    for (const edit of edits) {
      if (edit.kind === 'add') count += edit.to.length;
      if (edit.kind === 'del') count += edit.from.length;
    }
    this.enabled = count <= MOVED_PARAGRAPH_CUTOFF;
  }

  /**
   * Shows line `line` of edit `edit` (an added or a removed line) as moved, if it is: true when
   * it was shown so (or needs no row of its own), false when it is to be shown as usual.
   */
  show(edit: number, line: number): boolean {
    if (!this.enabled) return false;
    const place = { edit, line };
    const oldSide = this.edits[edit].kind === 'del';
    const known = this.pairings.get(keyOf(place));
    if (known) {
      const other = oldSide ? known.added : known.removed;
      if (!this.free(other, place, oldSide)) return false;
      if (follows(other, place)) return true;
      this.showMoved(known, place, other, oldSide);
      return true;
    }
    const found = this.bestCandidate(place, oldSide);
    if (!found || found.similarity <= MOVED_LINE_THRESHOLD) return false;
    const other = oldSide ? found.added : found.removed;
    if (!this.free(other, place, oldSide) || this.pairings.has(keyOf(other))) return false;
    this.pairings.set(keyOf(place), found);
    this.pairings.set(keyOf(other), found);
    if (follows(place, other)) {
      this.rows.wordDiff(this.textOf(found.removed, 'from'), this.textOf(found.added, 'to'));
      found.oldShown = true;
      found.newShown = true;
    } else this.showMoved(found, place, other, oldSide);
    return true;
  }

  /**
   * Whether the line at `other` may be paired with `place`: it is not, or not yet on this side,
   * shown as paired with another line.
   */
  private free(other: Place, place: Place, oldSide: boolean): boolean {
    const pairing = this.pairings.get(keyOf(other));
    if (!pairing) return true;
    const mine = samePlace(oldSide ? pairing.removed : pairing.added, place);
    return mine || !(oldSide ? pairing.oldShown : pairing.newShown);
  }

  private showMoved(pairing: Pairing, place: Place, other: Place, oldSide: boolean): void {
    this.rows.wordDiff(this.textOf(pairing.removed, 'from'), this.textOf(pairing.added, 'to'), {
      show: oldSide ? 'old' : 'new',
      anchor: anchorOf(place, oldSide),
      link: anchorOf(other, !oldSide),
      downwards: other.edit > place.edit || (other.edit === place.edit && other.line > place.line),
    });
    if (oldSide) pairing.oldShown = true;
    else pairing.newShown = true;
  }

  private textOf(place: Place, side: 'from' | 'to'): string {
    return this.edits[place.edit][side][place.line];
  }

  /**
   * The line of the other kind most alike to the one at `place`: the first one looked at, unless
   * a more alike one may be paired; lines already shown paired on this side are passed over.
   */
  private bestCandidate(place: Place, oldSide: boolean): Pairing | undefined {
    let found: Pairing | undefined;
    const wanted = oldSide ? 'add' : 'del';
    for (const [edit, candidateEdit] of this.edits.entries()) {
      if (candidateEdit.kind !== wanted) continue;
      const lines = oldSide ? candidateEdit.to : candidateEdit.from;
      for (let line = 0; line < lines.length; line++) {
        const other = { edit, line };
        const pairing = this.pairings.get(keyOf(other));
        if (pairing && (oldSide ? pairing.oldShown : pairing.newShown)) continue;
        const removed = oldSide ? place : other;
        const added = oldSide ? other : place;
        const candidate: Pairing = {
          removed,
          added,
          similarity: this.similarityOf(removed, added),
          oldShown: false,
          newShown: false,
        };
        const free = this.free(other, place, oldSide);
        if (!found || (candidate.similarity > found.similarity && free)) found = candidate;
      }
    }
    return found;
  }

  /** How alike a removed and an added line are, measured (as the engine does) from the added one. */
  private similarityOf(removed: Place, added: Place): number {
    const key = `${keyOf(removed)}/${keyOf(added)}`;
    let value = this.alike.get(key);
    if (value === undefined) {
      value = similarity(wordEdits(this.textOf(added, 'to'), this.textOf(removed, 'from'), WORD_DIFF_BAILOUT));
      this.alike.set(key, value);
    }
    return value;
  }
}
