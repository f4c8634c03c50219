/**
 * A strict, lossless JSON reader for request bodies. Numbers are kept as their source text
 * (`JsonNumber`), so `12.345` is seen with its three decimals and `0.1` stays exactly 0.1.
 * Duplicate object keys are refused (which of two amounts would be meant?). The bare words
 * NaN, Infinity and -Infinity, which some JSON writers emit, are read as numbers so that the
 * field that carries them can be named in the error instead of failing the whole body.
 */
export class JsonNumber {
  constructor(readonly text: string) {}
}

export type JsonValue = null | boolean | string | JsonNumber | JsonValue[] | { [key: string]: JsonValue };

export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError';
}

const MAX_DEPTH = 64;

const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Bare words and what they read as (NaN and the infinities as numbers, to be refused by field). */
const WORDS: readonly (readonly [string, JsonValue | JsonNumber])[] = [
  ['true', true],
  ['false', false],
  ['null', null],
  ['NaN', new JsonNumber('NaN')],
  ['Infinity', new JsonNumber('Infinity')],
  ['-Infinity', new JsonNumber('-Infinity')],
];

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

export function parseStrictJson(text: string): JsonValue {
  const reader = new JsonReader(text);
  const value = reader.value(0);
  reader.skipSpace();
  if (reader.at < text.length) reader.fail('unexpected text after the JSON value');
  return value;
}

/** A cursor over the text; each method reads one kind of value from the cursor on. */
class JsonReader {
  at = 0;

  constructor(private readonly text: string) {}

  fail(what: string): never {
    throw new JsonSyntaxError(`${what} at position ${this.at}`);
  }

  skipSpace(): void {
    const { text } = this;
    while (this.at < text.length) {
      const c = text.charCodeAt(this.at);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.at++;
      else break;
    }
  }

  value(depth: number): JsonValue {
    if (depth > MAX_DEPTH) this.fail('nesting too deep');
    this.skipSpace();
    const c = this.text[this.at];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    return this.scalar();
  }

  private object(depth: number): { [key: string]: JsonValue } {
    const { text } = this;
    this.at++;
    const object: { [key: string]: JsonValue } = Object.create(null);
    this.skipSpace();
    if (text[this.at] === '}') {
      this.at++;
      return object;
    }
    for (;;) {
      this.skipSpace();
      if (text[this.at] !== '"') this.fail('expected a property name');
      const key = this.string();
      if (Object.hasOwn(object, key)) this.fail(`duplicate property "${key}"`);
      this.skipSpace();
      if (text[this.at] !== ':') this.fail('expected ":"');
      this.at++;
      object[key] = this.value(depth + 1);
      this.skipSpace();
      const next = text[this.at++];
      if (next === ',') continue;
      if (next === '}') return object;
      this.at--;
      this.fail('expected "," or "}"');
    }
  }

  private array(depth: number): JsonValue[] {
    const { text } = this;
    this.at++;
    const array: JsonValue[] = [];
    this.skipSpace();
    if (text[this.at] === ']') {
      this.at++;
      return array;
    }
    for (;;) {
      array.push(this.value(depth + 1));
      this.skipSpace();
      const next = text[this.at++];
      if (next === ',') continue;
      if (next === ']') return array;
      this.at--;
      this.fail('expected "," or "]"');
    }
  }

  private string(): string {
    const { text } = this;
    this.at++; // opening quote
    let out = '';
    let start = this.at;
    for (;;) {
      if (this.at >= text.length) this.fail('unterminated string');
      const c = text.charCodeAt(this.at);
      if (c === 0x22) {
        out += text.slice(start, this.at);
        this.at++;
        return out;
      }
      if (c < 0x20) this.fail('control character in string');
      if (c === 0x5c) {
        out += text.slice(start, this.at) + this.escape();
        start = this.at;
        continue;
      }
      this.at++;
    }
  }

  /** The escape at the cursor (a backslash and what follows), moving past it. */
  private escape(): string {
    const e = this.text[this.at + 1];
    if (e !== undefined && Object.hasOwn(ESCAPES, e)) {
      this.at += 2;
      return ESCAPES[e]!;
    }
    if (e !== 'u') this.fail('bad escape');
    const hex = this.text.slice(this.at + 2, this.at + 6);
    if (!HEX4.test(hex)) this.fail('bad \\u escape');
    this.at += 6;
    return String.fromCharCode(Number.parseInt(hex, 16));
  }

  private scalar(): JsonValue {
    const { text } = this;
    for (const [word, value] of WORDS) {
      if (text.startsWith(word, this.at)) {
        this.at += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = this.at;
    const match = NUMBER.exec(text);
    if (match) {
      this.at += match[0].length;
      return new JsonNumber(match[0]);
    }
    return this.fail(this.at >= text.length ? 'unexpected end of input' : 'unexpected character');
  }
}

/** The same value as canonical text: keys sorted, numbers as written. Equal requests give equal text. */
export function canonicalJson(value: JsonValue): string {
  if (value instanceof JsonNumber) return value.text;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k]!)}`).join(',')}}`;
}
