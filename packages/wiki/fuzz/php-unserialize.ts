/**
 * A strict reader of PHP's `serialize()` text (what `format=php` prints): lengths of strings are
 * in bytes, every value and the text as a whole must end where they say. Throws on anything else.
 */
export type PhpValue = null | boolean | number | string | Map<string | number, PhpValue>;

export function phpUnserialize(bytes: Buffer): PhpValue {
  const reader = new Reader(bytes);
  const value = reader.value();
  if (reader.at !== bytes.length) throw new Error(`trailing bytes at ${reader.at}`);
  return value;
}

class Reader {
  at = 0;
  constructor(private readonly bytes: Buffer) {}

  private fail(what: string): never {
    throw new Error(`${what} at byte ${this.at}`);
  }

  private expect(char: string): void {
    if (this.bytes[this.at] !== char.charCodeAt(0)) this.fail(`expected "${char}"`);
    this.at++;
  }

  private until(char: string): string {
    const end = this.bytes.indexOf(char.charCodeAt(0), this.at);
    if (end === -1) this.fail(`no "${char}"`);
    const text = this.bytes.toString('latin1', this.at, end);
    this.at = end + 1;
    return text;
  }

  private integer(text: string): number {
    if (!/^-?\d+$/.test(text)) this.fail(`bad integer "${text}"`);
    return Number(text);
  }

  value(): PhpValue {
    const type = String.fromCharCode(this.bytes[this.at] ?? 0);
    this.at++;
    if (type === 'N') {
      this.expect(';');
      return null;
    }
    this.expect(':');
    switch (type) {
      case 'b': {
        const flag = this.until(';');
        if (flag !== '0' && flag !== '1') this.fail('bad boolean');
        return flag === '1';
      }
      case 'i':
        return this.integer(this.until(';'));
      case 'd': {
        const number = this.until(';');
        if (!/^(-?\d+(\.\d+)?([eE][-+]?\d+)?|NAN|-?INF)$/.test(number)) this.fail(`bad float "${number}"`);
        return Number(number);
      }
      case 's': {
        const length = this.integer(this.until(':'));
        this.expect('"');
        if (this.at + length > this.bytes.length) this.fail('string past the end');
        const text = this.bytes.toString('utf8', this.at, this.at + length);
        this.at += length;
        this.expect('"');
        this.expect(';');
        return text;
      }
      case 'a': {
        const count = this.integer(this.until(':'));
        this.expect('{');
        const map = new Map<string | number, PhpValue>();
        for (let i = 0; i < count; i++) {
          const key = this.value();
          if (typeof key !== 'string' && typeof key !== 'number') this.fail('bad array key');
          if (map.has(key)) this.fail(`repeated key ${key}`);
          map.set(key, this.value());
        }
        this.expect('}');
        return map;
      }
      default:
        return this.fail(`unknown type "${type}"`);
    }
  }
}
