/**
 * The request's parameters, NFC-normalised, with a record of which ones a module read, so that
 * the rest can be reported as unrecognised (in the order the client sent them).
 */
export class RequestParams {
  private readonly values = new Map<string, string>();
  private readonly used = new Set<string>();
  /** The values as sent, of the parameters normalisation changed. */
  private readonly uncleaned = new Map<string, string>();

  constructor(entries: Iterable<[string, string]>) {
    for (const [name, value] of entries) {
      // PHP keeps the last of repeated names; so do we.
      this.values.delete(name);
      this.uncleaned.delete(name);
      const clean = normalizeText(value);
      this.values.set(name, clean);
      if (clean !== value) this.uncleaned.set(name, value);
    }
  }

  /** The value as sent when it was not valid NFC Unicode (and was cleaned); undefined otherwise. */
  sentUncleaned(name: string): string | undefined {
    return this.uncleaned.get(name);
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

/** Unicode NFC, with invalid UTF-16 (lone surrogates) replaced, as MediaWiki cleans its input. */
export function normalizeText(value: string): string {
  // ASCII needs no normalisation; this keeps the common path cheap.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII range check
  if (/^[\x00-\x7f]*$/.test(value)) return value;
  return value.replace(LONE_SURROGATE, '\uFFFD').normalize('NFC');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
