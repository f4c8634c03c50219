/**
 * The request's parameters, cleaned as MediaWiki cleans its input (see `normalizeText`), with a
 * record of which ones a module read, so that the rest can be reported as unrecognised (in the
 * order the client sent them), and of which ones cleaning changed, so that reading one warns.
 */
export class RequestParams {
  private readonly values = new Map<string, string>();
  private readonly used = new Set<string>();
  /** The values as sent, of the parameters normalisation changed. */
  private readonly uncleaned = new Map<string, string>();

  /** `invalidUtf8`: names whose value came as bytes that are not UTF-8 (decoded with U+FFFD). */
  constructor(entries: Iterable<[string, string]>, invalidUtf8?: ReadonlySet<string>) {
    for (const [name, value] of entries) {
      // PHP keeps the last of repeated names; so do we.
      this.values.delete(name);
      this.uncleaned.delete(name);
      const clean = normalizeText(value);
      this.values.set(name, clean);
      if (clean !== value || invalidUtf8?.has(name)) this.uncleaned.set(name, value);
    }
  }

  /** The value as sent when it was not valid NFC Unicode (and was cleaned); undefined otherwise. */
  sentUncleaned(name: string): string | undefined {
    return this.uncleaned.size === 0 ? undefined : this.uncleaned.get(name);
  }

  /** The value of `name`, marking it used; undefined when absent. */
  get(name: string): string | undefined {
    const value = this.values.get(name);
    // Only names that were sent can be reported unused: the others need no record.
    if (value !== undefined) this.used.add(name);
    return value;
  }

  /** Whether `name` was sent, without marking it used. */
  has(name: string): boolean {
    return this.values.has(name);
  }

  /** The value without marking it used (for logging decisions, continuation bookkeeping). */
  peek(name: string): string | undefined {
    return this.values.get(name);
  }

  markUsed(name: string): void {
    if (this.values.has(name)) this.used.add(name);
  }

  unused(): string[] {
    return [...this.values.keys()].filter((name) => !this.used.has(name));
  }

  names(): string[] {
    return [...this.values.keys()];
  }
}

/**
 * Unicode NFC, with what XML cannot carry replaced by U+FFFD as MediaWiki cleans its input:
 * invalid UTF-16 (lone surrogates), C0 control characters other than tab, line feed and carriage
 * return, and U+FFFE/U+FFFF. A value starting with U+001F is a multi-value (`\x1fa\x1fb`) whose
 * separators are kept.
 */
export function normalizeText(value: string): string {
  // Printable ASCII needs no cleaning; this keeps the common path cheap.
  if (PLAIN_ASCII.test(value)) return value;
  if (value.charCodeAt(0) === 0x1f) return `\u001f${value.slice(1).split('\u001f').map(cleanText).join('\u001f')}`;
  return cleanText(value);
}

function cleanText(value: string): string {
  const cleaned = value.replace(NOT_XML_TEXT, '\uFFFD');
  return /^[\t\n\r\x20-\x7e]*$/.test(cleaned) ? cleaned : cleaned.replace(LONE_SURROGATE, '\uFFFD').normalize('NFC');
}

const PLAIN_ASCII = /^[\t\n\r\x20-\x7e]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const NOT_XML_TEXT = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
