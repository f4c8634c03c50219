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
 * object whose content key is an integer (renamed `*`, it would move), is printed through
 * ordered-keys.ts, which keeps its keys in order.
 */
import { inOrder, isArrayIndex, objectOfEntries, stringifyInOrder } from '../result/ordered-keys.js';
import { BC_BOOLS, CONTENT, KeyedList, printingKeyedLists, type ResultObject } from '../result/tree.js';

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

function replacer(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value === true ? '' : value;
  if (Array.isArray(value)) return value;
  if (value instanceof KeyedList) {
    if (value.mode === 'bcassoc') return [...value.entries.values()];
    if (value.entries.size === 0) return [];
    return objectOfEntries(value.entries);
  }
  return objectForm(value as ResultObject);
}

/** formatversion 1 JSON of a result tree, not indented, before non-ASCII escaping. */
export function toJsonV1(root: unknown): string {
  printingKeyedLists.asThemselves = true;
  try {
    return stringifyInOrder(root, replacer);
  } finally {
    printingKeyedLists.asThemselves = false;
  }
}
