import { stringifyInOrder } from '../result/ordered-keys.js';
import {
  ASSOC,
  BC_BOOLS,
  CONTENT,
  ELEMENT,
  EMPTY_NON_MAPS_AS_ARRAYS,
  KeyedList,
  type ResultObject,
  type ResultValue,
  withBcSubelementsWrapped,
} from '../result/tree.js';
import { toJsonV1 } from './json-v1.js';
import { preparedJson, printWithPrepared, type SplicedJson, type TextHolder } from './prepared-json.js';

export interface JsonOptions {
  formatVersion: 1 | 2;
  /** Escape every non-ASCII character as `\uXXXX` (formatversion 1 default, or `ascii`). */
  escapeNonAscii: boolean;
  /** Indent (for the HTML `jsonfm` page). */
  pretty: boolean;
  /** False when the answer holds no registered text (see `prepared-json.ts`); default true. */
  mayHoldPrepared?: boolean;
  /** Where the answer's registered texts were counted (see `printWithPrepared`); unknown when absent. */
  preparedHolders?: readonly TextHolder[];
  /** Whether the answer holds objects printed beforehand (see `printWithPrepared`). */
  holdsPrinted?: boolean;
  /**
   * False when the answer holds no empty object that is no map, so that formatversion 2 need not
   * look for one to print as `[]` (counted as the answer was made); unknown when absent.
   */
  mayHoldEmptyNonMap?: boolean;
}

const NON_ASCII = /[\u0080-\uffff]/g;

function escapeChar(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

const ASCII_PLAIN = /^[\x20-\x7e]*$/;
const LINE_SEPARATORS = /[\u2028\u2029]/g;

export function jsonString(value: string, escapeNonAscii: boolean): string {
  return preparedJson(value, escapeNonAscii, escapedJson) ?? escapedJson(value, escapeNonAscii);
}

function escapedJson(value: string, escapeNonAscii: boolean): string {
  const text = JSON.stringify(value);
  // Printable ASCII needs nothing more; this is most keys and many values.
  if (ASCII_PLAIN.test(value)) return text;
  if (escapeNonAscii) return text.replace(NON_ASCII, escapeChar);
  return text.replace(LINE_SEPARATORS, escapeChar);
}

/** Serialises a result tree as MediaWiki's JSON format prints it for the given version. */
export function toJson(root: ResultValue, options: JsonOptions): string {
  return String(toJsonBody(root, options));
}

/**
 * `toJson`, where an answer holding prepared texts stays in parts (see `SplicedJson`), so that
 * it can be sent without encoding those texts again.
 */
export function toJsonBody(root: ResultValue, options: JsonOptions): string | SplicedJson {
  if (options.formatVersion === 2 && !options.pretty) {
    // formatversion 2 prints the tree as it is: native JSON.stringify does it fastest (KeyedList
    // has toJSON; annotations are symbols, which it skips).
    // Large texts the answer repeats from earlier ones are spliced in from their prepared JSON.
    const empties = options.mayHoldEmptyNonMap === false ? null : EMPTY_NON_MAPS_AS_ARRAYS;
    if (!options.escapeNonAscii) {
      return printWithPrepared(
        root,
        options.mayHoldPrepared === false ? [] : options.preparedHolders,
        options.holdsPrinted === true,
        empties,
      );
    }
    return stringifyInOrder(root, undefined, undefined, empties ?? undefined).replace(NON_ASCII, escapeChar);
  }
  if (!options.pretty && options.mayHoldPrepared === false) {
    // formatversion 1 through the native printer (json-v1.ts); an answer holding prepared texts
    // is printed below, where their JSON is made once.
    const text = toJsonV1(root);
    return options.escapeNonAscii ? text.replace(NON_ASCII, escapeChar) : text.replace(LINE_SEPARATORS, escapeChar);
  }
  const out: string[] = [];
  write(root, options, out, '');
  return out.join('');
}

function write(value: ResultValue | undefined, o: JsonOptions, out: string[], indent: string): void {
  if (value === null || value === undefined) {
    out.push('null');
  } else if (typeof value === 'string') {
    out.push(jsonString(value, o.escapeNonAscii));
  } else if (typeof value === 'number') {
    out.push(Number.isFinite(value) ? String(value) : 'null');
  } else if (typeof value === 'boolean') {
    out.push(o.formatVersion === 1 ? (value ? '""' : 'false') : String(value));
  } else if (Array.isArray(value)) {
    writeArray(value, o, out, indent);
  } else if (value instanceof KeyedList) {
    if (o.formatVersion === 1) value = value.bcForm();
    // Pairs keyed by name (`kvp`) are an object even when there are none, in either version.
    if (value.mode === 'kvp' && value.size === 0) out.push('{}');
    else if (value.printsKeyed(o.formatVersion)) writeEntries([...value.entries.entries()], o, out, indent);
    else writeArray(value.arrayItems(), o, out, indent);
  } else {
    const entries = objectEntries(value, o.formatVersion);
    // A map (`assoc`) stays an object when empty; other empty objects print as `[]`, as PHP prints
    // an empty array.
    if (entries.length === 0) out.push(value[ASSOC] ? '{}' : '[]');
    else writeEntries(entries, o, out, indent, true);
  }
}

/**
 * The entries an object prints in a JSON version: in formatversion 1 the content key becomes `*`
 * and moves to the end (as MediaWiki's backward-compatible transformation re-adds it), and
 * booleans are converted.
 */
export function objectEntries(given: ResultObject, formatVersion: 1 | 2): [string, ResultValue][] {
  const object = formatVersion === 1 ? withBcSubelementsWrapped(given) : given;
  const entries: [string, ResultValue][] = [];
  const content = formatVersion === 1 ? object[CONTENT] : undefined;
  const keep = object[BC_BOOLS];
  let contentEntry: [string, ResultValue] | undefined;
  for (const key of Object.keys(object)) {
    let value = object[key];
    if (value === undefined) continue;
    if (formatVersion === 1 && typeof value === 'boolean' && !keep?.includes(key)) {
      if (!value) continue;
      value = '';
    }
    if (key === content) contentEntry = ['*', value];
    else entries.push([key, value]);
  }
  if (contentEntry) entries.push(contentEntry);
  return entries;
}

function writeArray(items: ResultValue[], o: JsonOptions, out: string[], indent: string): void {
  if (items.length === 0) {
    out.push('[]');
    return;
  }
  const inner = o.pretty ? `${indent}    ` : '';
  out.push('[');
  items.forEach((item, i) => {
    if (i > 0) out.push(',');
    if (o.pretty) out.push('\n', inner);
    write(item, o, out, inner);
  });
  if (o.pretty) out.push('\n', indent);
  out.push(']');
}

/** `ofObject`: the entries are an object's (objectEntries), whose booleans left are kept as booleans. */
function writeEntries(
  entries: [string, ResultValue][],
  o: JsonOptions,
  out: string[],
  indent: string,
  ofObject = false,
): void {
  if (entries.length === 0) {
    out.push(o.formatVersion === 1 ? '[]' : '{}');
    return;
  }
  const inner = o.pretty ? `${indent}    ` : '';
  out.push('{');
  entries.forEach(([key, item], i) => {
    if (i > 0) out.push(',');
    if (o.pretty) out.push('\n', inner);
    out.push(jsonString(key, o.escapeNonAscii), o.pretty ? ': ' : ':');
    if (ofObject && typeof item === 'boolean') out.push(String(item));
    else write(item, o, out, inner);
  });
  if (o.pretty) out.push('\n', indent);
  out.push('}');
}

export { ELEMENT };
