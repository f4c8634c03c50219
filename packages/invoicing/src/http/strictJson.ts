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

export function parseStrictJson(text: string): JsonValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`${what} at position ${i}`);
  };
  const skipSpace = () => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
  };
  const readString = (): string => {
    i++; // opening quote
    let out = '';
    let start = i;
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        out += text.slice(start, i);
        i++;
        return out;
      }
      if (c < 0x20) fail('control character in string');
      if (c === 0x5c) {
        out += text.slice(start, i);
        const e = text[i + 1];
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (e !== undefined && e in simple) {
          out += simple[e];
          i += 2;
        } else if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('bad \\u escape');
          out += String.fromCharCode(Number.parseInt(hex, 16));
          i += 6;
        } else {
          fail('bad escape');
        }
        start = i;
        continue;
      }
      i++;
    }
  };
  const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const readValue = (depth: number): JsonValue => {
    if (depth > MAX_DEPTH) fail('nesting too deep');
    skipSpace();
    const c = text[i];
    if (c === '{') {
      i++;
      const object: { [key: string]: JsonValue } = Object.create(null);
      skipSpace();
      if (text[i] === '}') {
        i++;
        return object;
      }
      for (;;) {
        skipSpace();
        if (text[i] !== '"') fail('expected a property name');
        const key = readString();
        if (Object.hasOwn(object, key)) fail(`duplicate property "${key}"`);
        skipSpace();
        if (text[i] !== ':') fail('expected ":"');
        i++;
        object[key] = readValue(depth + 1);
        skipSpace();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return object;
        }
        fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      i++;
      const array: JsonValue[] = [];
      skipSpace();
      if (text[i] === ']') {
        i++;
        return array;
      }
      for (;;) {
        array.push(readValue(depth + 1));
        skipSpace();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return array;
        }
        fail('expected "," or "]"');
      }
    }
    if (c === '"') return readString();
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return value;
      }
    }
    for (const word of ['NaN', 'Infinity', '-Infinity']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return new JsonNumber(word);
      }
    }
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    if (match) {
      i += match[0].length;
      return new JsonNumber(match[0]);
    }
    return fail(i >= text.length ? 'unexpected end of input' : 'unexpected character');
  };
  const value = readValue(0);
  skipSpace();
  if (i < text.length) fail('unexpected text after the JSON value');
  return value;
}

/** The same value as canonical text: keys sorted, numbers as written. Equal requests give equal text. */
export function canonicalJson(value: JsonValue): string {
  if (value instanceof JsonNumber) return value.text;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k]!)}`).join(',')}}`;
}
