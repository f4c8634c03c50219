/**
 * Helpers for modules that list rows by keyset: turning a title part typed by a client (`apfrom`,
 * `apprefix`) into the stored key, the upper bound of a prefix range, and reading continuation
 * values in MediaWiki's `a|b|c` form.
 */
import { NS_MAIN, type TitleCodec } from '../site/title.js';
import { badContinue, invalidTitle } from './errors.js';
import { parseTimestamp, toMwTimestamp } from './params/timestamp.js';

/**
 * A title part as stored (underscores, first letter upper-cased in first-letter namespaces).
 * MediaWiki parses the part as a title of the namespace with a letter appended, so that a part
 * ending in a space keeps it and an empty part stays empty; a part that is no title of that
 * namespace (bad characters, a fragment, another namespace, an interwiki prefix) is `invalidtitle`.
 */
export function titlePartToKey(titles: TitleCodec, part: string, namespace: number): string {
  const prefix = namespace === NS_MAIN ? '' : `${titles.namespaceName(namespace) || String(namespace)}:`;
  const parsed = titles.parse(`${prefix}${part}x`);
  if (
    !parsed.ok ||
    parsed.title.fragment !== '' ||
    parsed.title.interwiki !== '' ||
    parsed.title.namespace !== namespace
  ) {
    throw invalidTitle(part);
  }
  return parsed.title.dbKey.slice(0, -1);
}

/**
 * A title part that names its namespace (`Benutzer:Al`), as MediaWiki reads one: parsed with a
 * letter appended (so `..` is a part where it is no title), its namespace and stored key; a
 * fragment or an interwiki prefix is `invalidtitle`.
 */
export function prefixedTitlePartToKey(titles: TitleCodec, part: string): [number, string] {
  const parsed = titles.parse(`${part}X`);
  if (!parsed.ok || parsed.title.fragment !== '' || parsed.title.interwiki !== '') throw invalidTitle(part);
  return [parsed.title.namespace, parsed.title.dbKey.slice(0, -1)];
}

/**
 * The exclusive upper bound of the strings that start with `prefix`, for `>= prefix AND < bound`
 * on byte-ordered text: no character sorts after U+10FFFF.
 */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/**
 * `int` must be an integer as the module wrote it; `phpint` is read as PHP casts text to an
 * integer (its leading digits, 0 when none), as the modules that read their continue value so do;
 * `timestamp` is any form of a timestamp (see `continueTimestamp`), given as 14 digits.
 */
export type ContinueField = 'string' | 'int' | 'phpint' | 'timestamp';

type FieldValue<T extends ContinueField> = T extends 'int' | 'phpint' ? number : string;

/**
 * A continue value's timestamp as MediaWiki's database layer reads it: in any form a timestamp
 * may take (Unix seconds, ISO 8601, ...), an empty one or `0` meaning now, as PHP takes a false
 * value; a value that is none is `badcontinue` (where MediaWiki fails with an internal error).
 */
function continueTimestamp(part: string): string {
  if (part === 'now') throw badContinue();
  const date = part === '' || part === '0' ? new Date() : parseTimestamp(part);
  if (date === null) throw badContinue();
  return toMwTimestamp(date);
}

/**
 * Splits a `<prefix>continue` value into its fields as the module wrote them (`0|245` → [0, 245]);
 * another number of fields, a non-integer where an integer belongs or a malformed timestamp is
 * MediaWiki's `badcontinue`.
 */
export function parseContinueValue<const T extends readonly ContinueField[]>(
  value: string,
  fields: T,
): { [K in keyof T]: FieldValue<T[K]> } {
  const parts = value.split('|');
  if (parts.length !== fields.length) throw badContinue();
  return parts.map((part, i) => {
    switch (fields[i]) {
      case 'int':
        if (!/^-?\d+$/.test(part) || String(Number(part)) !== part) throw badContinue();
        return Number(part);
      case 'phpint': {
        const digits = /^\s*[+-]?\d+/.exec(part);
        return digits ? Number(digits[0]) : 0;
      }
      case 'timestamp':
        return continueTimestamp(part);
      default:
        return part;
    }
  }) as { [K in keyof T]: FieldValue<T[K]> };
}
