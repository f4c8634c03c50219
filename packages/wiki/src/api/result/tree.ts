/**
 * The result tree: plain objects, arrays and scalars that modules build once, with a few
 * annotations for where MediaWiki's output formats differ. Printers read the annotations; modules
 * never look at the format.
 *
 * - `CONTENT`: the key of an object whose value is its text content. formatversion 2 prints it
 *   under its own name, formatversion 1 as `*`, XML as the element's text.
 * - `ELEMENT`: the XML tag of an array's items (`<p>`, `<page>`, `<ns>`).
 * - `BC_BOOLS`: keys that stay booleans in formatversion 1 (other booleans print as `""` when
 *   true and are left out when false, as MediaWiki's formatversion 1 does).
 * - `SUBELEMENTS`: keys XML prints as child elements rather than attributes.
 * - `BC_SUBELEMENTS`: keys whose text formatversion 1 prints as an object's content (`{"*": …}`)
 *   and XML as a child element, formatversion 2 as the text itself (expandtemplates' old
 *   `parsetree`).
 * - `KNOWN_SIZE`: the result size of a frozen object shared by answers, counted once (see
 *   `withKnownSize`).
 * - `PRINTED`: a frozen object shared by answers whose formatversion 2 JSON and result size were
 *   made once (see `sharedPrinted` in request-state.ts): the JSON printer splices that JSON in.
 * - `KeyedList`: a map that formatversion 1 and XML print keyed (`pages: {"236": …}` and
 *   `<page _idx="236">`) in insertion order, and formatversion 2 as an array in key order (other
 *   modes below).
 */

import { byWholeNumber } from './numeric-order.js';
import { objectOfEntries } from './ordered-keys.js';

export const CONTENT = Symbol('content');
export const ELEMENT = Symbol('element');
export const BC_BOOLS = Symbol('bcBools');
export const SUBELEMENTS = Symbol('subelements');
export const BC_SUBELEMENTS = Symbol('bcSubelements');
/** An object printed as an array in formatversion 1 and XML when all keys are list-like; marks maps
 * that must stay objects even when empty (`{}` rather than `[]`). */
export const ASSOC = Symbol('assoc');
export const KNOWN_SIZE = Symbol('knownSize');
export const PRINTED = Symbol('printed');

/** What `PRINTED` holds: the object's printed JSON (see format/prepared-json.ts) and its result size. */
export interface PrintedForm {
  readonly size: number;
  /** Whether the object holds texts registered with the JSON printer. */
  readonly holdsPrepared: boolean;
}

export type ResultScalar = string | number | boolean | null;
export type ResultValue = ResultScalar | ResultObject | ResultValue[] | KeyedList;

export interface ResultObject {
  [key: string]: ResultValue | undefined;
  [CONTENT]?: string;
  [BC_BOOLS]?: readonly string[];
  [SUBELEMENTS]?: readonly string[];
  [BC_SUBELEMENTS]?: readonly string[];
  [ASSOC]?: boolean;
  [KNOWN_SIZE]?: number;
  [PRINTED]?: PrintedForm;
}

export interface ResultArray extends Array<ResultValue> {
  [ELEMENT]?: string;
}

/**
 * How a KeyedList prints: `bcarray` keyed in formatversion 1 and an array in 2 (`pages`), `bcassoc`
 * an array in 1 and keyed in 2 (`thumblimits`), `assoc` keyed in both (`namespaces`), `default`
 * in both as PHP prints an array (`badrevids`).
 *
 * Where a list prints as PHP prints an array (`bcarray`, `bcassoc` and `default` lists in
 * formatversion 1, `bcarray` and `default` ones in XML, `default` ones in formatversion 2) it is an
 * array, in the order of its keys, when its keys are 0, 1, 2, ..., n - 1, and keyed otherwise:
 * `revids=0` gives `badrevids: [{revid: 0}]` and `pageids=0|1` gives `pages: [...]`, where other
 * ids give objects.
 *
 * A `kvp` list (MediaWiki's key-value pairs: siteinfo's `languagevariants`) prints keyed in every
 * JSON and PHP format, and in XML as one element a pair, its key in the attribute `keyAttribute`
 * (`<lang code="sr">`).
 */
export type KeyedListMode = 'bcarray' | 'bcassoc' | 'assoc' | 'kvp' | 'bckvp' | 'default';

export class KeyedList {
  readonly entries = new Map<string, ResultValue>();
  /**
   * Whether the keys are names as well as numbers, as in a PHP array holding both (`intestactions`
   * asking for `edit|0`): formatversion 1 converts its booleans as an object's (true `""`, false
   * left out) before its keys are seen to be a list or not (see `bcForm`), and XML prints its named
   * entries as an object's attributes and children, followed by the numbered ones as items
   * (`<_v _idx="0">`), booleans as `true` and `false`. Set by `namedList`.
   */
  namedKeys = false;
  constructor(
    readonly element: string,
    readonly mode: KeyedListMode = 'bcarray',
    /** The XML attribute naming each pair's key, for a `kvp` list. */
    readonly keyAttribute = 'key',
  ) {}

  /**
   * The list as formatversion 1 prints it: itself, or for a list with named keys a copy whose
   * booleans are converted as an object's.
   */
  bcForm(): KeyedList {
    if (this.mode === 'bckvp') {
      // A list of pairs, each its key in `keyAttribute` and its value as content.
      const pairs = new KeyedList(this.element, 'bcarray');
      let index = 0;
      for (const [key, item] of this.entries) {
        pairs.entries.set(String(index++), withContent({ [this.keyAttribute]: key, value: item }, 'value'));
      }
      return pairs;
    }
    // Named keys, and pairs keyed by name (`kvp`), convert their booleans as an object's.
    if (!this.namedKeys && this.mode !== 'kvp') return this;
    const form = new KeyedList(this.element, this.mode, this.keyAttribute);
    for (const [key, item] of this.entries) {
      if (item === false) continue;
      form.entries.set(key, item === true ? '' : item);
    }
    return form;
  }

  /**
   * The items as an array prints them: in the numeric order of their keys rather than in the order
   * they were added, as MediaWiki sorts an array by key when it makes it a list (the page set's
   * pages, whose fake ids of missing, invalid and special titles come first).
   */
  arrayItems(): ResultValue[] {
    // Added in order (the usual case): the items as they are, no pairs made and no sort at all.
    const items: ResultValue[] = [];
    let last = Number.NEGATIVE_INFINITY;
    for (const [key, item] of this.entries) {
      const n = Number(key);
      if (!(n >= last)) return this.sortedItems();
      last = n;
      items.push(item);
    }
    return items;
  }

  /** The items sorted by their keys' numbers, each key read as a number once, not at every comparison. */
  private sortedItems(): ResultValue[] {
    const keys = [...this.entries.keys()];
    return byWholeNumber([...this.entries.values()], (_, i) => Number(keys[i]));
  }

  /**
   * Whether MediaWiki's printers take the list for an array: every key a whole number and the
   * largest n - 1. That holds for 0, 1, ..., n - 1 in any order, and also where negative keys make
   * up the count (a missing title's -1 beside page 1).
   */
  hasSequentialKeys(): boolean {
    let largest = Number.NEGATIVE_INFINITY;
    for (const key of this.entries.keys()) {
      const n = Number(key);
      if (!Number.isInteger(n) || String(n) !== key) return false;
      if (n > largest) largest = n;
    }
    return this.entries.size === 0 || largest === this.entries.size - 1;
  }

  /** Whether this list prints keyed in a formatversion (XML prints as formatversion 1 does). */
  printsKeyed(formatVersion: 1 | 2): boolean {
    if (this.mode === 'assoc' || this.mode === 'kvp' || this.mode === 'bckvp') return true;
    if (formatVersion === 2 && this.mode !== 'default') return this.mode === 'bcassoc';
    return !this.hasSequentialKeys();
  }

  set(key: string | number, value: ResultValue): void {
    this.entries.set(String(key), value);
  }
  get(key: string | number): ResultValue | undefined {
    return this.entries.get(String(key));
  }
  get size(): number {
    return this.entries.size;
  }

  /**
   * formatversion 2 through the native JSON.stringify (the fast path of the JSON printer); keyed
   * in insertion order when printed through `stringifyInOrder`.
   */
  toJSON(): unknown {
    if (!this.printsKeyed(2)) return this.arrayItems();
    // A keyed list is a map: `{}` when empty.
    return this.entries.size === 0 ? assoc({}) : objectOfEntries(this.entries);
  }
}

/** An array whose items XML prints as `<tag>`. */
export function list<T extends ResultValue>(element: string, items: T[] = []): T[] & ResultArray {
  const array = items as T[] & ResultArray;
  array[ELEMENT] = element;
  return array;
}

/**
 * A map whose keys are names and numbers alike, kept in the order they were added, printed as PHP
 * prints such an array (see `KeyedList.namedKeys`): keyed in every format, or a list when its keys
 * are 0, 1, ..., n - 1.
 */
export function namedList(): KeyedList {
  const map = new KeyedList('_v', 'default');
  map.namedKeys = true;
  return map;
}

/** An object whose `key` is its content (`*` in formatversion 1, text in XML). */
export function withContent<T extends ResultObject>(object: T, key: string): T {
  object[CONTENT] = key;
  return object;
}

/** Marks keys of `object` that stay booleans in formatversion 1. */
export function keepBooleans<T extends ResultObject>(object: T, keys: readonly string[]): T {
  object[BC_BOOLS] = keys;
  return object;
}

/**
 * The object as formatversion 1 prints it where it has `BC_SUBELEMENTS`: a copy whose texts under
 * those keys are objects with the text as content.
 */
export function withBcSubelementsWrapped(object: ResultObject): ResultObject {
  const keys = object[BC_SUBELEMENTS];
  if (keys === undefined) return object;
  const copy: ResultObject = {};
  for (const key of Object.keys(object)) {
    const value = object[key];
    copy[key] = typeof value === 'string' && keys.includes(key) ? withContent({ text: value }, 'text') : value;
  }
  if (object[CONTENT] !== undefined) copy[CONTENT] = object[CONTENT];
  if (object[BC_BOOLS] !== undefined) copy[BC_BOOLS] = object[BC_BOOLS];
  if (object[ASSOC] !== undefined) copy[ASSOC] = object[ASSOC];
  return copy;
}

/** Marks keys of `object` that XML prints as child elements with text. */
export function asSubelements<T extends ResultObject>(object: T, keys: readonly string[]): T {
  object[SUBELEMENTS] = keys;
  return object;
}

/** Marks an object that stays an object (`{}`) even when it has no keys. */
export function assoc<T extends ResultObject>(object: T): T {
  object[ASSOC] = true;
  return object;
}

/**
 * Whether an empty object prints as `[]` in formatversion 2: any but a map (`assoc`), as PHP's
 * JSON encoder prints an empty array that MediaWiki did not type as a map.
 */
function emptyAsArray(object: object): boolean {
  return (object as ResultObject)[ASSOC] !== true;
}

/**
 * Whether a tree holds an empty object that is no map, stopping at the first: asked only of an
 * answer whose JSON shows `{}`, which is most often an empty map (a log entry's `params`).
 * Objects printed beforehand are left to their own printing.
 */
function holdsEmptyNonMap(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsEmptyNonMap);
  if (value instanceof KeyedList) {
    for (const item of value.entries.values()) if (holdsEmptyNonMap(item)) return true;
    return false;
  }
  const object = value as ResultObject;
  if (object[PRINTED] !== undefined) return false;
  let empty = true;
  for (const key in object) {
    const item = object[key];
    if (item === undefined || typeof item === 'function') continue;
    empty = false;
    if (typeof item === 'object' && item !== null && holdsEmptyNonMap(item)) return true;
  }
  return empty && object[ASSOC] !== true;
}

/** How an answer of formatversion 2 prints empty objects: maps as `{}`, others as `[]` (see `stringifyInOrder`). */
export interface EmptyObjects {
  /** Whether the tree may hold an empty object to print as `[]`. */
  mayHold(root: unknown): boolean;
  asArray(object: object): boolean;
}

export const EMPTY_NON_MAPS_AS_ARRAYS: EmptyObjects = { mayHold: holdsEmptyNonMap, asArray: emptyAsArray };

export function isResultObject(value: unknown): value is ResultObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof KeyedList);
}

/** Freezes a value and everything in it: answers share it, so nobody may change it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    const inner = value instanceof KeyedList ? [...value.entries.values()] : Object.values(value as object);
    for (const item of inner) deepFreeze(item);
  }
  return value;
}
