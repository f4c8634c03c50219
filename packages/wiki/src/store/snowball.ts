/**
 * Snowball stemmers of the `snowball-stemmers` package, made several times faster to call.
 *
 * The package is a machine translation of Snowball's Java stemmers. Every field of a stemmer (its
 * cursor, limits, the word being stemmed) and of its rule tables is an accessor whose getter asks
 * `hasOwnProperty` before each read, and every call of an overloaded method copies its arguments
 * into an array to pick the variant by their number. That is most of a word's time: 5 to 14 µs a
 * word here, for a vocabulary of a million words a pass of many seconds.
 *
 * `fastStemmer` keeps the package's stemming code and changes only how its objects hold their
 * state: the stemmer object, its word buffer and its rule tables get plain data properties with
 * the same values in place of the accessors, the buffer's overloaded methods point straight at
 * their only variant, and a word is stemmed by the variants the package's own `stem` calls,
 * keeping the one word buffer rather than making a new one per word. The package hides the stemmer
 * object behind a closure; it is found by noting the object that the first stem reads its cursor
 * from. Should any of this not be as expected (another version of the package), the package's
 * own stemmer is used as it is. A test compares both on thousands of words in every language.
 */
import snowball from 'snowball-stemmers';

export interface Stemmer {
  stem(word: string): string;
  /** True when the stemmer is called the faster way, false for the package's stemmer as it is. */
  readonly direct: boolean;
}

/** The package's stemmer object as `fastStemmer` uses it. */
interface StemmerObject {
  current: { b: string };
  setCurrent$esjava$1(word: string): void;
  stem$esjava$0(): boolean;
}

/** The object whose `_$esjava$cursor` the first stem of `wrapper` asks about: the stemmer. */
function stemmerBehind(wrapper: { stem(word: string): string }): unknown {
  const hasOwn = Object.prototype.hasOwnProperty;
  let found: unknown;
  // The package's getters call Object.prototype.hasOwnProperty; it is watched for one stem only,
  // which runs synchronously, so no other code sees the replacement (where the built-ins are
  // frozen, nothing is found and the package's stemmer is used as it is).
  try {
    Object.prototype.hasOwnProperty = function (this: unknown, key: PropertyKey) {
      if (found === undefined && key === '_$esjava$cursor') found = this;
      return hasOwn.call(this, key);
    };
  } catch {
    return undefined;
  }
  try {
    wrapper.stem('a');
  } finally {
    Object.prototype.hasOwnProperty = hasOwn;
  }
  return found;
}

/**
 * Gives `target` own data properties for the accessors (getter and setter) of its prototypes,
 * holding the values they give, and does the same for the objects and arrays of objects its
 * fields then hold.
 */
function plainFields(target: unknown, done: Set<object>): void {
  if (target === null || typeof target !== 'object' || done.has(target)) return;
  done.add(target);
  const object = target as Record<string, unknown>;
  for (
    let proto = Object.getPrototypeOf(object);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, key)!;
      if (!descriptor.get || !descriptor.set || Object.hasOwn(object, key)) continue;
      const value = object[key];
      Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
    }
  }
  for (const value of Object.values(object)) {
    if (Array.isArray(value)) for (const item of value) plainFields(item, done);
    else plainFields(value, done);
  }
}

/** The rule tables a stemmer class keeps as static arrays (`a_0`, …) and its instances use. */
function plainTables(stemmer: object, done: Set<object>): void {
  const skip = new Set(['length', 'name', 'prototype', 'caller', 'arguments']);
  for (
    let ctor = Object.getPrototypeOf(stemmer)?.constructor;
    typeof ctor === 'function' && ctor !== Function.prototype;
  ) {
    for (const key of Object.getOwnPropertyNames(ctor)) {
      if (skip.has(key)) continue;
      const value = (ctor as unknown as Record<string, unknown>)[key];
      if (Array.isArray(value)) for (const item of value) plainFields(item, done);
    }
    ctor = Object.getPrototypeOf(ctor);
  }
}

/** The word buffer's overloaded methods (`charAt`, …) bound to their only variant, on the buffer. */
function directMethods(buffer: object): void {
  const variants = new Map<string, string[]>();
  for (
    let proto = Object.getPrototypeOf(buffer);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      const at = key.indexOf('$esjava$');
      if (at <= 0) continue;
      const name = key.slice(0, at);
      variants.set(name, [...(variants.get(name) ?? []), key]);
    }
  }
  const methods = buffer as Record<string, unknown>;
  for (const [name, keys] of variants) {
    if (keys.length === 1 && typeof methods[keys[0]!] === 'function') methods[name] = methods[keys[0]!];
  }
}

function isStemmerObject(value: unknown): value is StemmerObject {
  const object = value as Partial<StemmerObject> | undefined;
  return (
    typeof object?.setCurrent$esjava$1 === 'function' &&
    typeof object.stem$esjava$0 === 'function' &&
    typeof object.current === 'object' &&
    object.current !== null
  );
}

/** The Snowball stemmer `algorithm` (a name `snowball-stemmers` knows: `german`, `english`, …). */
export function fastStemmer(algorithm: string): Stemmer {
  const stemmer = stemmerBehind(snowball.newStemmer(algorithm));
  if (!isStemmerObject(stemmer)) return packageStemmer(algorithm);
  const done = new Set<object>();
  plainFields(stemmer, done);
  plainTables(stemmer, done);
  const buffer = stemmer.current;
  if (typeof buffer.b !== 'string' || !Object.hasOwn(buffer, 'b')) return packageStemmer(algorithm);
  directMethods(buffer);
  return {
    direct: true,
    stem(word: string): string {
      stemmer.setCurrent$esjava$1(word);
      stemmer.stem$esjava$0();
      return stemmer.current.b;
    },
  };
}

/** The plain stemmer of the package, as it comes (the reference the tests compare with). */
export function packageStemmer(algorithm: string): Stemmer {
  const wrapper = snowball.newStemmer(algorithm);
  return { direct: false, stem: (word) => wrapper.stem(word) };
}
