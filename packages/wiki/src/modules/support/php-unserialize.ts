/**
 * Values MediaWiki stored with PHP's `serialize()` (the properties of stashed uploads): null,
 * booleans, integers, floats, strings (lengths in bytes) and arrays, which become objects keyed
 * by their keys (or arrays when the keys are 0, 1, 2, ...). Anything else is refused.
 */
export type PhpValue = null | boolean | number | string | PhpValue[] | { [key: string]: PhpValue };

export function phpUnserialize(text: string): PhpValue {
  const bytes = Buffer.from(text, 'utf8');
  let at = 0;
  const fail = (): never => {
    throw new Error(`not a PHP serialization (at byte ${at})`);
  };
  const readUntil = (end: string): string => {
    const stop = bytes.indexOf(end, at);
    if (stop === -1) fail();
    const part = bytes.toString('utf8', at, stop);
    at = stop + 1;
    return part;
  };
  const expect = (char: string) => {
    if (bytes.toString('latin1', at, at + 1) !== char) fail();
    at += 1;
  };
  const value = (): PhpValue => {
    const kind = bytes.toString('latin1', at, at + 1);
    at += 1;
    if (kind === 'N') {
      expect(';');
      return null;
    }
    expect(':');
    switch (kind) {
      case 'b':
        return readUntil(';') === '1';
      case 'i':
      case 'd': {
        const number = Number(readUntil(';'));
        return Number.isNaN(number) ? fail() : number;
      }
      case 's': {
        const length = Number(readUntil(':'));
        expect('"');
        const string = bytes.toString('utf8', at, at + length);
        at += length;
        expect('"');
        expect(';');
        return string;
      }
      case 'a': {
        const count = Number(readUntil(':'));
        expect('{');
        const entries: [string, PhpValue][] = [];
        for (let i = 0; i < count; i++) {
          const key = value();
          if (typeof key !== 'string' && typeof key !== 'number') fail();
          entries.push([String(key), value()]);
        }
        expect('}');
        const isList = entries.every(([key], i) => key === String(i));
        return isList ? entries.map(([, v]) => v) : Object.fromEntries(entries);
      }
      default:
        return fail();
    }
  };
  const result = value();
  if (at !== bytes.length) fail();
  return result;
}
