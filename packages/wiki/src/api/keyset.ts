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
 * integer (see `phpIntval`), as the modules that read their continue value so do; `looseint` is
 * any number whose integer cast equals it (`05`, ` 5`, `5.0`, `1e1`), as the modules that compare
 * the cast with the text check it; `timestamp` is any form of a timestamp (see
 * `continueTimestamp`), given as 14 digits.
 */
export type ContinueField = 'string' | 'int' | 'phpint' | 'looseint' | 'timestamp';

type FieldValue<T extends ContinueField> = T extends 'int' | 'phpint' | 'looseint' ? number : string;

/** A number as PHP reads one from the start of a text: white space, a sign, digits, a fraction, an exponent. */
const PHP_NUMBER = /^[ \t\n\r\v\f]*([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)/;
/** PHP's largest integer (2 ** 63 - 1, which a JavaScript number holds as 2 ** 63): a larger number's cast is capped. */
const PHP_INT_MAX = 2 ** 63;

/**
 * The integer PHP's cast makes of a text: the number it starts with (after white space; a
 * fraction or an exponent included: `1e3` is 1000, `5.9` is 5), capped at PHP's integer range;
 * 0 when it starts with none (`x`, `0x1A`).
 */
export function phpIntval(text: string): number {
  const match = PHP_NUMBER.exec(text);
  if (match === null) return 0;
  const value = Number(match[1]);
  if (!Number.isFinite(value)) return 0;
  return Math.trunc(Math.max(-PHP_INT_MAX, Math.min(PHP_INT_MAX, value))) || 0;
}

/**
 * The integer a text stands for when PHP's loose comparison finds it equal to its integer cast:
 * a number, white space around it allowed, whose value is a whole number; undefined otherwise.
 */
function looseInteger(text: string): number | undefined {
  const match = PHP_NUMBER.exec(text);
  if (match === null || text.slice(match[0].length).replace(/[ \t\n\r\v\f]+$/, '') !== '') return undefined;
  const value = phpIntval(text);
  return Number(match[1]) === value ? value : undefined;
}

/**
 * A continue value's timestamp as MediaWiki's database layer reads it: in any form a timestamp
 * may take (Unix seconds, ISO 8601, ...), an empty one or `0` meaning now, as PHP takes a false
 * value; a value that is none is `badcontinue` (where MediaWiki fails with an internal error).
 */
export function continueTimestamp(part: string): string {
  if (part === 'now') throw badContinue();
  const date = part === '' || part === '0' ? new Date() : parseTimestamp(part);
  if (date === null) throw badContinue();
  return toMwTimestamp(date);
}

/**
 * Whether a continue value counts where a module checks it as PHP tests a text for truth: an
 * empty one and `0` count as none.
 */
export function continueGiven(value: string | undefined): value is string {
  return value !== undefined && value !== '' && value !== '0';
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
      case 'phpint':
        return phpIntval(part);
      case 'looseint': {
        const value = looseInteger(part);
        if (value === undefined) throw badContinue();
        return value;
      }
      case 'timestamp':
        return continueTimestamp(part);
      default:
        return part;
    }
  }) as { [K in keyof T]: FieldValue<T[K]> };
}
