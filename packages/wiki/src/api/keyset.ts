/**
 * Helpers for modules that list rows by keyset: turning a title typed by a client into the stored
 * key, and reading and writing continuation values in MediaWiki's `a|b|c` form.
 */
import type { TitleCodec } from '../site/title.js';
import { badContinue } from './errors.js';

/**
 * A title part (`from`, `to`, `prefix`, `continue`) as stored: spaces as underscores, the first
 * letter upper-cased in namespaces that ask for it. MediaWiki trims nothing else.
 */
export function titlePartToKey(titles: TitleCodec, part: string, namespace: number): string {
  return titles.capitalize(part.replace(/ /g, '_'), namespace);
}

export type ContinueField = 'int' | 'string';

/**
 * Splits a continuation value into its fields (`236|Stadt` → [236, 'Stadt']); a value with another
 * number of fields or a non-integer where an integer belongs is `badcontinue`. The last string field
 * may itself contain `|`.
 */
export function parseContinue(value: string, fields: readonly ContinueField[]): (string | number)[] {
  const parts = value.split('|');
  if (parts.length < fields.length || (parts.length > fields.length && fields[fields.length - 1] !== 'string')) {
    throw badContinue();
  }
  const head = parts.slice(0, fields.length - 1);
  const tail = parts.slice(fields.length - 1).join('|');
  return [...head, tail].map((part, i) => {
    if (fields[i] === 'string') return part;
    if (!/^-?\d+$/.test(part)) throw badContinue();
    return Number(part);
  });
}

export function formatContinue(values: readonly (string | number)[]): string {
  return values.join('|');
}

/** The smallest string greater than every string that starts with `prefix` (byte order). */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}
