/**
 * Objects that `JSON.stringify` prints with their keys in a given order. A JavaScript object lists
 * integer keys first, in ascending order, whatever the order they were added in, while MediaWiki's
 * answers keep the order of the PHP array (pages in title order keyed by id, namespaces from -2).
 * Keys that carry a prefix are not integers, so an object lists them in the order they were added;
 * the prefix (a random text behind an escaped NUL, which no printed string can contain) is taken
 * out of the printed text.
 */
const KEY_PREFIX = `\u0000${Math.random().toString(36).slice(2)}${Date.now().toString(36)}#`;
const PRINTED_KEY_PREFIX = `"${JSON.stringify(KEY_PREFIX).slice(1, -1)}`;

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

/** Whether `stringifyInOrder` runs, and whether an object with prefixed keys was made for it. */
const printing = { active: false, prefixed: false };

/** An object listing the entries in their order (keys prefixed: only while `stringifyInOrder` runs). */
export function inOrder(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  if (!printing.active) throw new Error('inOrder is for values printed by stringifyInOrder');
  printing.prefixed = true;
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) object[KEY_PREFIX + key] = value;
  return object;
}

/** The entries as an object, in their order when `stringifyInOrder` prints it. */
export function objectOfEntries(entries: Map<string, unknown>): Record<string, unknown> {
  return printing.active && !keepsOrder(entries.keys()) ? inOrder(entries) : Object.fromEntries(entries);
}

/**
 * `JSON.stringify`, with the keys of objects made by `inOrder` printed in their order; `form` (if
 * given) makes the value to print, and may make such objects.
 */
export function stringifyInOrder(
  value: unknown,
  form?: (value: unknown) => unknown,
  replacer?: (key: string, value: unknown) => unknown,
): string {
  const { active, prefixed } = printing;
  printing.active = true;
  printing.prefixed = false;
  try {
    const printed = JSON.stringify(form ? form(value) : value, replacer);
    return printing.prefixed ? printed.replaceAll(PRINTED_KEY_PREFIX, '"') : printed;
  } finally {
    printing.active = active;
    printing.prefixed = prefixed;
  }
}
