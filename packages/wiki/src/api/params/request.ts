import { fromLegacyEncoding } from './legacy-encoding.js';

/**
 * A parameter's name as PHP reads it into MediaWiki's request: leading spaces dropped, spaces and
 * dots of the name turned into underscores (`a.b` is `a_b`), and a name with an index (`titles[]`,
 * `a[x][y]`) an array under the name before the bracket, which MediaWiki does not take. A bracket
 * never closed is an underscore (`e[f` is `e_f`). Undefined for a name PHP drops (an empty one).
 */
export function phpParameterName(raw: string): { name: string; array: boolean } | undefined {
  const text = raw.replace(/^ +/, '');
  const bracket = text.indexOf('[');
  const head = (bracket === -1 ? text : text.slice(0, bracket)).replace(/[ .]/g, '_');
  if (head === '') return undefined;
  if (bracket === -1) return { name: head, array: false };
  if (text.indexOf(']', bracket + 1) === -1) return { name: `${head}_${text.slice(bracket + 1)}`, array: false };
  return { name: head, array: true };
}

/**
 * A value as sent whose bytes were not UTF-8: a byte string, one character per byte. `legacy`: the
 * legacy 8-bit encoding the value is read in (see legacy-encoding.ts); when absent, it is read
 * with U+FFFD for what is not UTF-8.
 */
export class SentBytes {
  constructor(
    readonly bytes: string,
    readonly legacy: string | undefined,
  ) {}

  /** The value as read from these bytes, before cleaning. */
  read(): string {
    return this.legacy !== undefined
      ? fromLegacyEncoding(this.bytes, this.legacy)
      : Buffer.from(this.bytes, 'latin1').toString('utf8');
  }
}

/**
 * The request's parameters, cleaned as MediaWiki cleans its input (see `normalizeText`), with a
 * record of which ones a module read, so that the rest can be reported as unrecognised (in the
 * order the client sent them), and of which ones cleaning changed, so that reading one warns.
 * Names are read as PHP reads them (`phpParameterName`); one sent in array syntax has no value.
 */
export class RequestParams {
  private readonly values = new Map<string, string>();
  private readonly used = new Set<string>();
  /**
   * The values as sent, of the parameters normalisation changed: text, or a byte string
   * (`SentBytes`) for a value whose bytes were not UTF-8.
   */
  private readonly uncleaned = new Map<string, string | SentBytes>();
  /** Names whose last value came in PHP's array syntax (`titles[]=…`): they have no value. */
  private readonly arrays = new Set<string>();

  /**
   * `sentBytes`: the values whose bytes were not UTF-8, by name (their entries hold them as read).
   * `spellingFixes`: what the wiki's language adds to cleaning (see `inputSpellingFixes`).
   */
  constructor(
    entries: Iterable<[string, string]>,
    sentBytes?: ReadonlyMap<string, SentBytes>,
    spellingFixes?: (text: string) => string,
  ) {
    for (const [sent, value] of entries) {
      const php = PLAIN_NAME.test(sent) ? { name: sent, array: false } : phpParameterName(sent);
      if (php === undefined) continue;
      const name = php.name;
      // PHP keeps the last value of a repeated name, at the place where the name came first.
      this.uncleaned.delete(name);
      if (php.array) {
        this.arrays.add(name);
        this.values.set(name, '');
        continue;
      }
      this.arrays.delete(name);
      let clean = normalizeText(value);
      if (spellingFixes !== undefined && !PLAIN_ASCII.test(clean)) clean = spellingFixes(clean);
      this.values.set(name, clean);
      const bytes = sentBytes?.get(sent);
      if (bytes !== undefined) this.uncleaned.set(name, bytes);
      else if (clean !== value) this.uncleaned.set(name, value);
    }
  }

  /** Whether `name` came in PHP's array syntax (`titles[]=…`), which gives it no value. */
  sentAsArray(name: string): boolean {
    return this.arrays.size > 0 && this.arrays.has(name);
  }

  /** The value as sent when it was not valid NFC Unicode (and was cleaned); undefined otherwise. */
  sentUncleaned(name: string): string | SentBytes | undefined {
    return this.uncleaned.size === 0 ? undefined : this.uncleaned.get(name);
  }

  /** The value of `name`, marking it used; undefined when absent (or sent as an array). */
  get(name: string): string | undefined {
    const value = this.values.get(name);
    // Only names that were sent can be reported unused: the others need no record.
    if (value !== undefined) this.used.add(name);
    return this.sentAsArray(name) ? undefined : value;
  }

  /** Whether `name` was sent with a value, without marking it used. */
  has(name: string): boolean {
    return this.values.has(name) && !this.sentAsArray(name);
  }

  /** The value without marking it used (for logging decisions, continuation bookkeeping). */
  peek(name: string): string | undefined {
    return this.sentAsArray(name) ? undefined : this.values.get(name);
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

/** The text cleaned as MediaWiki cleans a value (see `normalizeText`), without the multi-value rule. */
export function cleanText(value: string): string {
  const cleaned = value.replace(NOT_XML_TEXT, '\uFFFD');
  return /^[\t\n\r\x20-\x7e]*$/.test(cleaned) ? cleaned : cleaned.replace(LONE_SURROGATE, '\uFFFD').normalize('NFC');
}

const PLAIN_ASCII = /^[\t\n\r\x20-\x7e]*$/;
/** A name PHP takes as it is: no leading space, no space, dot or bracket. */
const PLAIN_NAME = /^[^ .[]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const NOT_XML_TEXT = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
