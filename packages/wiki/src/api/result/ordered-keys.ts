/**
 * Objects that `JSON.stringify` prints with their keys in a given order. A JavaScript object lists
 * integer keys first, in ascending order, whatever the order they were added in, while MediaWiki's
 * answers keep the order of the PHP array (pages in title order keyed by id, namespaces from -2).
 *
 * While `stringifyInOrder` runs, such an object is printed at once, entry by entry, and a marked
 * string (a random text behind an escaped NUL, which no printed string can contain) stands in its
 * place, to be replaced by that text once the whole value is printed. An object with fresh
 * property names would cost the printer far more (each name a new hidden class and a string to
 * intern, and the names' prefix to take out of the text afterwards).
 */
const MARK = `\u0000${Math.random().toString(36).slice(2)}${Date.now().toString(36)}#`;
const PRINTED_MARK = JSON.stringify(MARK).slice(1, -1);

const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;

export const isArrayIndex = (key: string) => ARRAY_INDEX.test(key) && Number(key) < 4294967295;

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

type Replacer = (key: string, value: unknown) => unknown;

/** Whether `stringifyInOrder` runs, its replacer, and the texts of the ordered objects it made. */
const printing: { active: boolean; replacer: Replacer | undefined; printed: string[] } = {
  active: false,
  replacer: undefined,
  printed: [],
};

/** The text with the marks of printed ordered objects replaced by their text. */
function spliceOrdered(text: string): string {
  let found = text.indexOf(PRINTED_MARK);
  if (found === -1) return text;
  const parts: string[] = [];
  let at = 0;
  for (; found !== -1; found = text.indexOf(PRINTED_MARK, at)) {
    const end = text.indexOf('"', found);
    const index = Number(text.slice(found + PRINTED_MARK.length, end));
    if (!(index < printing.printed.length)) {
      // Not one of this printing's marks: printed as it is.
      parts.push(text.slice(at, end));
      at = end;
      continue;
    }
    // The mark stands inside its quotes: the quoted mark gives way to the object's text.
    parts.push(text.slice(at, found - 1), printing.printed[index] as string);
    at = end + 1;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * An object listing the entries in their order (standing for it: only while `stringifyInOrder`
 * runs). Entries without a value are left out, as `JSON.stringify` leaves out such keys.
 */
export function inOrder(entries: Iterable<[string, unknown]>): unknown {
  if (!printing.active) throw new Error('inOrder is for values printed by stringifyInOrder');
  const { replacer, printed } = printing;
  let text = '';
  for (const [key, value] of entries) {
    const json = replacer ? JSON.stringify(value, replacer) : JSON.stringify(value);
    if (json === undefined) continue;
    text += `${text === '' ? '{' : ','}${JSON.stringify(key)}:${json}`;
  }
  if (text === '') return {};
  text += '}';
  // Values may hold the marks of ordered objects printed before (each stored without marks).
  printed.push(printed.length > 0 ? spliceOrdered(text) : text);
  return `${MARK}${printed.length - 1}`;
}

/** The entries as an object, in their order when `stringifyInOrder` prints it. */
export function objectOfEntries(entries: Map<string, unknown>): unknown {
  return printing.active && !keepsOrder(entries.keys()) ? inOrder(entries) : Object.fromEntries(entries);
}

/**
 * `JSON.stringify`, with the objects made by `inOrder` printed with their keys in order; `form` (if
 * given) makes the value to print, and may make such objects. With `emptyObjects`, an empty object
 * it holds prints as `[]` when `emptyObjects.asArray` says so (formatversion 2: as PHP prints an
 * empty array that is not typed as a map).
 */
export function stringifyInOrder(
  value: unknown,
  form?: (value: unknown) => unknown,
  replacer?: Replacer,
  emptyObjects?: { mayHold(root: unknown): boolean; asArray(object: object): boolean },
): string {
  const outer = { ...printing };
  printing.active = true;
  printing.replacer = replacer;
  printing.printed = [];
  try {
    const root = form ? form(value) : value;
    let text = JSON.stringify(root, replacer);
    if (emptyObjects && text.includes('{}') && EMPTY_OBJECT_VALUE.test(text) && emptyObjects.mayHold(root)) {
      // An empty object that is no map: printed again, such objects as `[]`. A replacer costs the
      // native printer about half its speed, and most `{}` are empty maps, so only here.
      printing.printed = [];
      printing.replacer = function (this: unknown, key: string, item: unknown) {
        const value = replacer ? replacer.call(this, key, item) : item;
        return isEmptyObject(value) && emptyObjects.asArray(value) ? [] : value;
      };
      text = JSON.stringify(root, printing.replacer);
    }
    return printing.printed.length > 0 ? spliceOrdered(text) : text;
  } finally {
    Object.assign(printing, outer);
  }
}

/** `{}` where JSON has a value: at the start, after a key or in an array (or inside a string). */
const EMPTY_OBJECT_VALUE = /(?:^|[:,[])\{\}/;

/** Whether `JSON.stringify` prints the value as `{}` (after its `toJSON`, which has run). */
function isEmptyObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined && typeof item !== 'function' && typeof item !== 'symbol') return false;
  }
  return true;
}
