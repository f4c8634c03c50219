/**
 * Differences between two answer trees, each with its JSON path, and the kind it belongs to: the
 * path with array positions and page-id keys generalised, entries of error and warning lists named
 * by their code, and what differs (a value, a missing or an unexpected field, the order of fields).
 */
import { isDeepStrictEqual } from 'node:util';
import { NUMERIC_KEY_MARK } from './answer-trees.js';

export type DifferenceType = 'value' | 'missing' | 'unexpected' | 'order' | 'type';

export interface Difference {
  /** The exact path, as in `query.pages[2].title`. */
  path: string;
  /** The path generalised into the difference's kind, as in `query.pages[].title`. */
  pattern: string;
  type: DifferenceType;
  ours: unknown;
  theirs: unknown;
}

const MARK = new RegExp(NUMERIC_KEY_MARK, 'g');

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An array element's segment in a kind: its code for errors and warnings, else `[]`. */
function elementPattern(element: unknown): string {
  if (isObject(element) && typeof element.code === 'string') return `[${element.code}]`;
  return '[]';
}

/** An object key's segment in a kind: page-id keys (formatversion 1) become `*`. */
function keyPattern(key: string): string {
  return key.startsWith(NUMERIC_KEY_MARK) ? '*' : key;
}

/** `error(code)` for a bc-format error, so that its kind names the code. */
function topPattern(key: string, tree: unknown): string {
  if (key === 'error' && isObject(tree) && typeof tree.code === 'string') return `error(${tree.code})`;
  return keyPattern(key);
}

export interface CompareLimits {
  /** Stop after this many differences. */
  max: number;
}

/** The differences of `ours` from `theirs` (MediaWiki's), at most `limits.max`. */
export function compareTrees(ours: unknown, theirs: unknown, limits: CompareLimits = { max: 30 }): Difference[] {
  const found: Difference[] = [];
  walk(ours, theirs, { path: '', pattern: '' }, found, limits.max);
  return found;
}

interface Where {
  path: string;
  pattern: string;
}

function child(at: Where, key: string, pattern: string): Where {
  const name = key.replace(MARK, '');
  return { path: at.path ? `${at.path}.${name}` : name, pattern: at.pattern ? `${at.pattern}.${pattern}` : pattern };
}

function walk(ours: unknown, theirs: unknown, at: Where, out: Difference[], max: number): void {
  if (out.length >= max || isDeepStrictEqual(ours, theirs)) return;
  if (Array.isArray(ours) && Array.isArray(theirs)) {
    const length = Math.max(ours.length, theirs.length);
    for (let i = 0; i < length && out.length < max; i++) {
      const element = i < theirs.length ? theirs[i] : ours[i];
      const where = { path: `${at.path}[${i}]`, pattern: `${at.pattern}${elementPattern(element)}` };
      if (i >= ours.length) out.push(difference(where, 'missing', undefined, theirs[i]));
      else if (i >= theirs.length) out.push(difference(where, 'unexpected', ours[i], undefined));
      else walk(ours[i], theirs[i], where, out, max);
    }
    return;
  }
  if (isObject(ours) && isObject(theirs)) {
    const ourKeys = Object.keys(ours);
    const theirKeys = Object.keys(theirs);
    const segment = (key: string, tree: unknown) => (at.path === '' ? topPattern(key, tree) : keyPattern(key));
    for (const key of theirKeys) {
      if (out.length >= max) return;
      const where = child(at, key, segment(key, theirs[key]));
      if (!(key in ours)) out.push(difference(where, 'missing', undefined, theirs[key]));
      else walk(ours[key], theirs[key], where, out, max);
    }
    for (const key of ourKeys) {
      if (out.length >= max) return;
      if (!(key in theirs))
        out.push(difference(child(at, key, segment(key, ours[key])), 'unexpected', ours[key], undefined));
    }
    const common = theirKeys.filter((k) => k in ours);
    const ourOrder = ourKeys.filter((k) => k in theirs);
    if (out.length < max && !isDeepStrictEqual(common, ourOrder)) {
      const strip = (keys: string[]) => keys.map((k) => k.replace(MARK, ''));
      out.push(difference(at, 'order', strip(ourOrder), strip(common)));
    }
    return;
  }
  const sameType = typeof ours === typeof theirs && (ours === null) === (theirs === null);
  out.push(difference(at, sameType ? 'value' : 'type', ours, theirs));
}

function difference(at: Where, type: DifferenceType, ours: unknown, theirs: unknown): Difference {
  return { path: at.path || '(top)', pattern: `${at.pattern || '(top)'} ${type}`, type, ours, theirs };
}
