/**
 * formatversion 1 JSON through the native `JSON.stringify`, several times faster than printing the
 * tree value by value in JavaScript. The tree is first given its formatversion 1 form (copies
 * only of what prints otherwise), as `write` in json.ts prints it (the reference this must equal
 * byte for byte; tests compare the two):
 *
 * - an object's content key prints as `*`; booleans print as `""` when true and are left out when
 *   false, except under the keys the object keeps as booleans, which print `true` or `false`; an
 *   object with nothing left to print is `[]`, or `{}` when marked as a map (`assoc`);
 * - booleans in arrays and keyed lists print as `""` or `false`;
 * - a KeyedList prints keyed or as an array as `printsKeyed` says (tree.ts), in insertion order.
 *
 * A JavaScript object lists integer keys first, in ascending order, whatever the order they were
 * added in; a keyed list whose keys an object would reorder (pages by id, in title order), or an
 * object whose content key is an integer (renamed `*`, it would move), is printed through
 * ordered-keys.ts, which keeps its keys in order.
 */
import { inOrder, isArrayIndex, objectOfEntries, stringifyInOrder } from '../result/ordered-keys.js';
import {
  ASSOC,
  BC_BOOLS,
  BC_SUBELEMENTS,
  CONTENT,
  KeyedList,
  type ResultObject,
  withBcSubelementsWrapped,
} from '../result/tree.js';

/**
 * The value as formatversion 1 prints it, for `JSON.stringify` without a replacer (a replacer costs
 * a call from V8's printer into JavaScript for every value, most of the printing's time): the
 * value itself where it prints as it is, else a copy made of its values' forms.
 */
function printable(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value === true ? '' : value;
  if (Array.isArray(value)) return printableItems(value);
  if (value instanceof KeyedList) {
    const list = value.bcForm();
    if (!list.printsKeyed(1)) return printableItems(list.arrayItems());
    // Pairs keyed by name (`kvp`) are an object even when there are none.
    if (list.entries.size === 0) return list.mode === 'kvp' ? {} : [];
    const entries = new Map<string, unknown>();
    for (const [key, item] of list.entries) entries.set(key, printable(item));
    return objectOfEntries(entries);
  }
  return printableObject(value as ResultObject);
}

/** The items' forms: the array itself when each item prints as it is (booleans print `""` or `false`). */
function printableItems(items: readonly unknown[]): unknown[] {
  let copy: unknown[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const form = printable(item);
    if (form !== item && copy === undefined) copy = items.slice(0, i);
    copy?.push(form);
  }
  return copy ?? (items as unknown[]);
}

/**
 * An object's form: the object itself when it prints as it is, else a copy, or its entries in
 * order where a copy would list them in another (see above).
 */
function printableObject(object: ResultObject): unknown {
  if (object[BC_SUBELEMENTS] !== undefined) return printableObject(withBcSubelementsWrapped(object));
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
  if (plain) {
    if (empty) return object[ASSOC] ? {} : [];
    let copy: Record<string, unknown> | undefined;
    for (const key in object) {
      const value = object[key];
      if (value === null || typeof value !== 'object') continue;
      const form = printable(value);
      if (form === value) continue;
      copy ??= { ...object };
      copy[key] = form;
    }
    return copy ?? object;
  }
  // A boolean is left out when false and prints "" when true (printable's turn), but under the
  // keys kept as booleans, where it prints as it is.
  const keep = object[BC_BOOLS];
  const kept = (key: string, value: unknown) =>
    typeof value === 'boolean' && keep?.includes(key) ? value : printable(value);
  // The content key prints as `*`, last (see objectEntries in json.ts).
  const contentValue = content === undefined ? undefined : object[content];
  const contentPrints = contentValue !== undefined && (contentValue !== false || keep?.includes(content as string));
  if (content !== undefined && isArrayIndex(content) && contentValue !== undefined) {
    const entries: [string, unknown][] = [];
    for (const key of Object.keys(object)) {
      const value = object[key];
      if (key !== content && value !== undefined && (value !== false || keep?.includes(key)))
        entries.push([key, kept(key, value)]);
    }
    if (contentPrints) entries.push(['*', kept(content, contentValue)]);
    return entries.length === 0 ? (object[ASSOC] ? {} : []) : inOrder(entries);
  }
  const copy: Record<string, unknown> = {};
  empty = true;
  for (const key in object) {
    const value = object[key];
    if (value === undefined || key === content) continue;
    if (value === false && (keep === undefined || !keep.includes(key))) continue;
    copy[key] = kept(key, value);
    empty = false;
  }
  if (contentPrints) {
    copy['*'] = kept(content as string, contentValue);
    empty = false;
  }
  return empty && !object[ASSOC] ? [] : copy;
}

/** formatversion 1 JSON of a result tree, not indented, before non-ASCII escaping. */
export function toJsonV1(root: unknown): string {
  return stringifyInOrder(root, printable);
}
