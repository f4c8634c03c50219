/**
 * Large texts that answers repeat from request to request (revision contents), with their JSON
 * form and UTF-8 size computed once. A formatversion 2 answer prints such a text by splicing in its
 * prepared JSON instead of escaping it again, and the result size limit counts its bytes without
 * encoding it again. Texts are registered by whoever keeps them (the content cache) and forgotten
 * when it lets them go; a text that is not registered is printed the ordinary way, so the registry
 * changes only the cost of an answer, never its bytes.
 */
import { observeKeptTexts } from '../../store/content-cache.js';
import { type DeflatedPiece, deflatedPiece, gzipOfRanges } from '../gzip.js';
import { stringifyInOrder } from '../result/ordered-keys.js';
import {
  EMPTY_NON_MAPS_AS_ARRAYS,
  type EmptyObjects,
  PRINTED,
  type PrintedForm,
  type ResultObject,
} from '../result/tree.js';

/** Only texts at least this long are worth a lookup. */
export const PREPARED_MIN_LENGTH = 512;

interface Prepared {
  text: string;
  /** `JSON.stringify(text)` with U+2028 and U+2029 escaped, as formatversion 2 prints it. */
  json: string | undefined;
  /** `json` in UTF-8, made the first time an answer holding the text is sent. */
  jsonBytes: Buffer | undefined;
  /** The JSON form with every non-ASCII character escaped (formatversion 1, `ascii`). */
  asciiJson: string | undefined;
  bytes: number;
  /** `jsonBytes` compressed on their own (see `gzip.ts`), made the first time a gzip answer holds the text. */
  gzip: DeflatedPiece | undefined;
  /** The text as the wiki's normalisation gives it (see `api/text-normalize.ts`), made on first use. */
  normalized: { by: (text: string) => string; text: string } | undefined;
}

const registry = new Map<string, Prepared>();

const LINE_SEPARATORS = /[\u2028\u2029]/g;

function escapeLineSeparator(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16)}`;
}

/** Registers a text (its JSON form is made on first use). */
export function prepareText(text: string): void {
  if (text.length < PREPARED_MIN_LENGTH || registry.has(text)) return;
  registry.set(text, {
    text,
    json: undefined,
    jsonBytes: undefined,
    asciiJson: undefined,
    bytes: Buffer.byteLength(text),
    gzip: undefined,
    normalized: undefined,
  });
}

export function forgetText(text: string): void {
  registry.delete(text);
}

// The content cache's texts are the ones answers repeat.
observeKeptTexts({ kept: prepareText, dropped: forgetText });

/** The UTF-8 size of a string, from the registry when the text is registered. */
export function utf8Length(text: string): number {
  return preparedLength(text) ?? Buffer.byteLength(text);
}

/** The UTF-8 size of a registered text; undefined for a text that is not registered. */
export function preparedLength(text: string): number | undefined {
  return text.length >= PREPARED_MIN_LENGTH ? registry.get(text)?.bytes : undefined;
}

/**
 * The JSON form of a registered text as `print` makes it (`ascii`: with every non-ASCII character
 * escaped), made once; undefined for texts that are not registered.
 */
export function preparedJson(
  text: string,
  ascii: boolean,
  print: (text: string, ascii: boolean) => string,
): string | undefined {
  if (text.length < PREPARED_MIN_LENGTH) return undefined;
  const prepared = registry.get(text);
  if (!prepared) return undefined;
  if (ascii) {
    prepared.asciiJson ??= print(text, true);
    return prepared.asciiJson;
  }
  prepared.json ??= print(text, false);
  return prepared.json;
}

/**
 * `normalize(text)`, made once for a registered text (normalising a long text costs milliseconds,
 * and answers repeat these texts); for any other text, made now.
 */
export function normalizedText(text: string, normalize: (text: string) => string): string {
  const prepared = text.length < PREPARED_MIN_LENGTH ? undefined : registry.get(text);
  if (prepared === undefined) return normalize(text);
  if (prepared.normalized?.by !== normalize) prepared.normalized = { by: normalize, text: normalize(text) };
  return prepared.normalized.text;
}

/** A marker no printed string can contain: a random key behind an escaped NUL. */
const MARKER_KEY = `\u0000${Math.random().toString(36).slice(2)}${Date.now().toString(36)}:`;
const PRINTED_MARKER = JSON.stringify(MARKER_KEY).slice(1, -1);

/** The marker as the printed answer holds it, in UTF-8 (ASCII). */
const MARKER_BYTES = Buffer.from(PRINTED_MARKER);
const QUOTE = 0x22;
/** A quoted marker without its number: what stands between two parts in the encoded answer. */
const QUOTED_MARKER = `"${PRINTED_MARKER}"`;

/**
 * A printed answer made of printed parts with prepared texts between them. Its UTF-8 form is made
 * by encoding the printed answer with its markers once and copying the texts' bytes, which are
 * encoded once for every answer that holds them: encoding a long text is the largest cost of
 * sending it (Node 20's UTF-8 encoder takes milliseconds for a megabyte of text with characters
 * beyond Latin-1).
 */
export class SplicedJson {
  #text: string | undefined;

  /** `parts` has one more entry than `texts`: part, text, part, …, part. */
  constructor(
    private readonly parts: readonly string[],
    private readonly texts: readonly Prepared[],
  ) {}

  /** The printed object as a shared object's JSON (see `attachPrinted`). */
  fragment(size: number): PrintedFragment {
    return new PrintedFragment(this.parts, this.texts, size);
  }

  /** The answer with `prefix` before it and `suffix` after it (a JSONP callback). */
  wrap(prefix: string, suffix: string): SplicedJson {
    const parts = [...this.parts];
    parts[0] = prefix + parts[0];
    parts[parts.length - 1] += suffix;
    return new SplicedJson(parts, this.texts);
  }

  toString(): string {
    if (this.#text === undefined) {
      let out = this.parts[0] as string;
      for (let i = 0; i < this.texts.length; i++) out += (this.texts[i]?.json as string) + this.parts[i + 1];
      this.#text = out;
    }
    return this.#text;
  }

  /**
   * The answer's parts in UTF-8 with a marker between each two, and where the parts lie: part i
   * from `bounds[2i]` to `bounds[2i + 1]`. One encoding of the whole instead of one a part.
   */
  #encoded(): { bytes: Buffer; bounds: number[] } {
    const bytes = Buffer.from(this.parts.join(QUOTED_MARKER));
    const bounds: number[] = [];
    let at = 0;
    for (let i = 0; i < this.texts.length; i++) {
      const found = bytes.indexOf(MARKER_BYTES, at);
      const end = found === -1 ? -1 : bytes.indexOf(QUOTE, found + MARKER_BYTES.length);
      if (end === -1) throw new Error('a prepared text lost its marker');
      // The part ends before the marker's opening quote; the next starts after its closing one.
      bounds.push(at, found - 1);
      at = end + 1;
    }
    bounds.push(at, bytes.length);
    return { bytes, bounds };
  }

  /**
   * The answer in UTF-8 as consecutive parts: the printed parts encoded, the texts' bytes as they
   * are kept (a socket can send them one after another without copying them into one buffer).
   */
  encodedParts(): Buffer[] {
    const { bytes, bounds } = this.#encoded();
    const chunks: Buffer[] = [bytes.subarray(bounds[0], bounds[1])];
    for (let i = 0; i < this.texts.length; i++) {
      const prepared = this.texts[i] as Prepared;
      prepared.jsonBytes ??= Buffer.from(prepared.json as string);
      chunks.push(prepared.jsonBytes, bytes.subarray(bounds[2 * i + 2], bounds[2 * i + 3]));
    }
    return chunks;
  }

  /**
   * The answer as a gzip member, in parts: the printed parts encoded, each text's DEFLATE piece as
   * it is kept (compressed once per text, not per answer).
   */
  gzipParts(): Buffer[] {
    const { bytes, bounds } = this.#encoded();
    const pieces: DeflatedPiece[] = [];
    for (const prepared of this.texts) {
      prepared.jsonBytes ??= Buffer.from(prepared.json as string);
      prepared.gzip ??= deflatedPiece(prepared.jsonBytes);
      pieces.push(prepared.gzip);
    }
    return gzipOfRanges(bytes, bounds, pieces);
  }
}

/** An object of the answer and the key under which it holds a text (see `PreparedHolders`). */
export type TextHolder = [holder: Record<string, unknown>, key: string];

/**
 * The formatversion 2 JSON of an object that answers share (see `attachPrinted`): its printed
 * parts around the prepared texts it holds, and its result size.
 */
class PrintedFragment implements PrintedForm {
  readonly holdsPrepared: boolean;
  constructor(
    readonly parts: readonly string[],
    readonly texts: readonly Prepared[],
    readonly size: number,
  ) {
    this.holdsPrepared = texts.length > 0;
  }
}

/** While `printWithPrepared` prints: makes the marker that stands for a shared object's JSON. */
let fragmentMarker: ((fragment: PrintedFragment) => string) | undefined;

/**
 * `toJSON` of a shared object: while `printWithPrepared` prints, a marker that its printed JSON
 * replaces; for any other printing, the object itself, printed the ordinary way.
 */
function sharedToJson(this: ResultObject): unknown {
  const fragment = this[PRINTED];
  return fragmentMarker && fragment instanceof PrintedFragment ? fragmentMarker(fragment) : this;
}

/**
 * Prints an object that answers will share, once, and records the JSON (and `size`, its result
 * size) on it, so that the JSON printer splices it into every answer that holds the object instead
 * of printing the object again. The object must be frozen after this and never change.
 */
export function attachPrinted(object: ResultObject, size: number): void {
  const printed = printWithPrepared(object);
  const fragment = printed instanceof SplicedJson ? printed.fragment(size) : new PrintedFragment([printed], [], size);
  // Neither is enumerable: a copy of the object (`{ ...object }`) is an ordinary object.
  Object.defineProperty(object, PRINTED, { value: fragment, enumerable: false });
  Object.defineProperty(object, 'toJSON', { value: sharedToJson, enumerable: false });
}

/**
 * `JSON.stringify(root)` with U+2028/U+2029 escaped, as formatversion 2 prints it; registered
 * texts are spliced in from their prepared form (the answer is then a SplicedJson), as is the JSON
 * made beforehand of shared objects (`attachPrinted`; `holdsPrinted` says that the answer holds
 * such an object).
 *
 * `holders` are where the answer's registered texts were found when its size was counted: each
 * such text is swapped for a marker while the answer is printed by the native `JSON.stringify`
 * without a replacer, which is about twice as fast as with one, and put back after. Without
 * `holders` (undefined), the whole answer is searched through a replacer; an empty list means
 * that it holds no registered text. A text that is not where a holder says is printed the
 * ordinary way: the holders change only the cost of an answer, never its bytes.
 */
export function printWithPrepared(
  root: unknown,
  holders?: readonly TextHolder[],
  holdsPrinted = false,
  /** How empty objects print; null when the answer is known to hold none that prints `[]`. */
  emptyObjects: EmptyObjects | null = EMPTY_NON_MAPS_AS_ARRAYS,
): string | SplicedJson {
  const outerMarker = fragmentMarker;
  if (!holdsPrinted && (registry.size === 0 || holders?.length === 0)) {
    // Shared objects print the ordinary way here, even inside another printing.
    fragmentMarker = undefined;
    try {
      return escapeSeparators(stringifyInOrder(root, undefined, undefined, emptyObjects ?? undefined));
    } finally {
      fragmentMarker = outerMarker;
    }
  }
  const spliced: Array<Prepared | PrintedFragment> = [];
  const markerOf = (entry: Prepared | PrintedFragment) => `${MARKER_KEY}${spliced.push(entry) - 1}`;
  const marker = (prepared: Prepared) => {
    prepared.json ??= JSON.stringify(prepared.text).replace(LINE_SEPARATORS, escapeLineSeparator);
    return markerOf(prepared);
  };
  fragmentMarker = markerOf;
  let skeleton: string;
  try {
    if (holders) {
      const swapped: Array<[Record<string, unknown>, string, string]> = [];
      for (const [holder, key] of holders) {
        const text = holder[key];
        if (typeof text !== 'string' || text.length < PREPARED_MIN_LENGTH) continue;
        const prepared = registry.get(text);
        if (!prepared || Object.isFrozen(holder)) continue;
        holder[key] = marker(prepared);
        swapped.push([holder, key, text]);
      }
      try {
        skeleton = stringifyInOrder(root, undefined, undefined, emptyObjects ?? undefined);
      } finally {
        for (let i = swapped.length - 1; i >= 0; i--) {
          const [holder, key, text] = swapped[i] as [Record<string, unknown>, string, string];
          holder[key] = text;
        }
      }
    } else {
      skeleton = stringifyInOrder(
        root,
        undefined,
        (_key, value) => {
          if (typeof value !== 'string' || value.length < PREPARED_MIN_LENGTH) return value;
          const prepared = registry.get(value);
          return prepared ? marker(prepared) : value;
        },
        emptyObjects ?? undefined,
      );
    }
  } finally {
    fragmentMarker = outerMarker;
  }
  if (spliced.length === 0) return escapeSeparators(skeleton);
  const printed = escapeSeparators(skeleton);
  const parts: string[] = [];
  const texts: Prepared[] = [];
  // The printed text since the last spliced text: the part that will stand before the next.
  let part = '';
  let at = 0;
  for (;;) {
    const found = printed.indexOf(PRINTED_MARKER, at);
    if (found === -1) break;
    const end = printed.indexOf('"', found);
    const entry = spliced[Number(printed.slice(found + PRINTED_MARKER.length, end))];
    // The marker stands inside its quotes: the quoted marker gives way to the quoted JSON.
    part += printed.slice(at, found - 1);
    if (entry instanceof PrintedFragment) {
      // A shared object's JSON, with the texts it holds.
      part += entry.parts[0] as string;
      for (let i = 0; i < entry.texts.length; i++) {
        parts.push(part);
        texts.push(entry.texts[i] as Prepared);
        part = entry.parts[i + 1] as string;
      }
    } else {
      parts.push(part);
      texts.push(entry as Prepared);
      part = '';
    }
    at = end + 1;
  }
  parts.push(part + printed.slice(at));
  return texts.length === 0 ? (parts[0] as string) : new SplicedJson(parts, texts);
}

/**
 * The answer with U+2028 and U+2029 escaped. Looked for with `includes`: V8 answers at once for a
 * string held in one byte per character, and a regular expression takes microseconds over a
 * two-byte one (an answer with a single character beyond Latin-1).
 */
function escapeSeparators(text: string): string {
  return !text.includes('\u2028') && !text.includes('\u2029')
    ? text
    : text.replace(LINE_SEPARATORS, escapeLineSeparator);
}
