/**
 * formatversion 1 JSON through the native `JSON.stringify`, several times faster than printing the
 * tree value by value in JavaScript. A replacer gives each value its formatversion 1 form as
 * `write` in json.ts does (the reference this must equal byte for byte; tests compare the two):
 *
 * - an object's content key prints as `*`; booleans print as `""` when true and are left out when
 *   false, except under the keys the object keeps as booleans, which print `""` or `false`; an
 *   object with nothing left to print is `[]`;
 * - booleans in arrays and keyed lists print as `""` or `false`;
 * - a KeyedList prints keyed (`bcarray`, `assoc`) or as an array (`bcassoc`), in insertion order.
 *
 * A JavaScript object lists integer keys first, in ascending order, whatever the order they were
 * added in; a keyed list whose keys an object would reorder (pages by id, in title order), or an
 * object whose content key is an integer (renamed `*`, it would move), becomes an object whose
 * keys carry a prefix that keeps them in order, and the prefix is taken out of the printed text.
 */
import { BC_BOOLS, CONTENT, KeyedList, printingKeyedLists, type ResultObject } from '../result/tree.js';

/**
 * A prefix no printed string can contain (a random text behind an escaped NUL): keys that carry it
 * are not integers, so an object lists them in the order they were added; it is taken out of the
 * printed answer.
 */
const KEY_PREFIX = `\u0000${Math.random().toString(36).slice(2)}${Date.now().toString(36)}#`;
const PRINTED_KEY_PREFIX = `"${JSON.stringify(KEY_PREFIX).slice(1, -1)}`;

const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;

const isArrayIndex = (key: string) => ARRAY_INDEX.test(key) && Number(key) < 4294967295;

/** Whether an object made of these keys lists them in the same order (integer keys come first, ascending). */
function keepsOrder(keys: Iterable<string>): boolean {
  let lastIndex = -1;
  let sawName = false;
  for (const key of keys) {
    if (isArrayIndex(key)) {
      const index = Number(key);
      if (sawName || index <= lastIndex) return false;
      lastIndex = index;
    } else {
      sawName = true;
    }
  }
  return true;
}

/**
 * The object as formatversion 1 prints it: the object itself when it prints as it is, else a copy,
 * or its entries in order where a copy would list them in another (see above).
 */
function objectForm(object: ResultObject): unknown {
  const content = object[CONTENT];
  let plain = content === undefined;
  let empty = true;
  for (const key in object) {
    const value = object[key];
    if (value === undefined) continue;
    if (typeof value === 'boolean') {
      plain = false;
      break;
    }
    empty = false;
  }
  if (plain) return empty ? [] : object;
  const keep = object[BC_BOOLS];
  if (content !== undefined && isArrayIndex(content) && object[content] !== undefined) {
    const entries: [string, unknown][] = [];
    for (const key of Object.keys(object)) {
      const value = object[key];
      if (value !== undefined && (value !== false || keep?.includes(key)))
        entries.push([key === content ? '*' : key, value]);
    }
    return entries.length === 0 ? [] : inOrder(entries);
  }
  const copy: Record<string, unknown> = {};
  empty = true;
  for (const key in object) {
    const value = object[key];
    if (value === undefined) continue;
    // false is left out; true prints as "" (the replacer's turn, as for kept booleans).
    if (value === false && (keep === undefined || !keep.includes(key))) continue;
    copy[key === content ? '*' : key] = value;
    empty = false;
  }
  return empty ? [] : copy;
}

/** Set when an object with prefixed keys was made for the answer being printed. */
let prefixed = false;

/** An object listing the entries in their order, its keys prefixed. */
function inOrder(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  prefixed = true;
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) object[KEY_PREFIX + key] = value === undefined ? null : value;
  return object;
}

function replacer(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value === true ? '' : value;
  if (Array.isArray(value)) return value;
  if (value instanceof KeyedList) {
    if (value.mode === 'bcassoc') return [...value.entries.values()];
    if (value.entries.size === 0) return [];
    if (!keepsOrder(value.entries.keys())) return inOrder(value.entries);
    const object: Record<string, unknown> = {};
    for (const [key, item] of value.entries) object[key] = item === undefined ? null : item;
    return object;
  }
  return objectForm(value as ResultObject);
}

/** formatversion 1 JSON of a result tree, not indented, before non-ASCII escaping. */
export function toJsonV1(root: unknown): string {
  printingKeyedLists.asThemselves = true;
  prefixed = false;
  try {
    const printed = JSON.stringify(root, replacer);
    return prefixed ? printed.replaceAll(PRINTED_KEY_PREFIX, '"') : printed;
  } finally {
    printingKeyedLists.asThemselves = false;
  }
}
