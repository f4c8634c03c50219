/**
 * Streaming reader of MediaWiki XML exports, schema 0.3 to 0.11. It turns a byte stream into
 * events (the siteinfo, then for each page: its header, its revisions one by one, its uploads,
 * its end), holding no more than one revision in memory, so a dump of any size reads in constant
 * memory. A malformed or truncated file fails with a DumpError naming the byte offset.
 */
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { isAllowedCodePoint } from '../../site/html-entities.js';
import type {
  DumpContributor,
  DumpEvent,
  DumpPage,
  DumpRevision,
  DumpSiteInfo,
  DumpSlot,
  DumpUpload,
} from './dump-types.js';

export class DumpError extends Error {
  /** Offset in the (uncompressed) XML where reading stopped. */
  readonly byteOffset: number;
  constructor(message: string, byteOffset: number) {
    super(message);
    this.name = 'DumpError';
    this.byteOffset = byteOffset;
  }
}

/** Elements whose text the reader keeps; everything else is structure or ignored. */
const TEXT_ELEMENTS = new Set([
  'sitename',
  'dbname',
  'base',
  'generator',
  'case',
  'namespace',
  'title',
  'ns',
  'id',
  'parentid',
  'timestamp',
  'username',
  'ip',
  'comment',
  'model',
  'format',
  'text',
  'sha1',
  'restrictions',
  'role',
  'origin',
  'filename',
  'src',
  'size',
  'sha1base36',
  'rel',
  'contents',
]);

function toInt(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const n = Number(text.trim());
  return Number.isSafeInteger(n) ? n : undefined;
}

function schemaVersionOf(tag: SaxesTagPlain): string {
  const version = tag.attributes.version;
  if (typeof version === 'string' && version) return version;
  const ns = tag.attributes.xmlns;
  const m = typeof ns === 'string' ? /export-(\d+\.\d+)/.exec(ns) : null;
  return m ? m[1]! : '';
}

function newContributor(): DumpContributor {
  return { deleted: false };
}

/** The entities XML predefines, by name. */
const PREDEFINED_ENTITIES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);

/**
 * Characters the `<text>` scanner leaves to saxes: those XML 1.0 forbids or that saxes changes (a
 * carriage return becomes a line feed), and surrogates (allowed in pairs only, which the scanner
 * checks). It leaves `]]>`, forbidden in character data, to saxes too (looked for apart: a
 * regular expression of characters alone is scanned much faster than one with a sequence).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML forbids are looked for
const UNUSUAL = /[\x00-\x08\x0B-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/g;

/** The longest entity reference (`&#x10FFFF;` with a few leading zeros) carried to the next piece. */
const LONGEST_CARRIED_ENTITY = 16;

/** The text an entity reference (`name` between `&` and `;`) stands for, if it is well-formed. */
function entityText(name: string): string | undefined {
  if (name.charCodeAt(0) !== 0x23 /* # */) return PREDEFINED_ENTITIES.get(name);
  let code = Number.NaN;
  if (name.charCodeAt(1) === 0x78 /* x */) {
    if (/^#x[0-9a-fA-F]{1,8}$/.test(name)) code = Number.parseInt(name.slice(2), 16);
  } else if (/^#[0-9]{1,10}$/.test(name)) code = Number.parseInt(name.slice(1), 10);
  return isAllowedCodePoint(code) ? String.fromCodePoint(code) : undefined;
}

/** Whether the text holds only what the `<text>` scanner may pass on unchanged (see `UNUSUAL`). */
function isPlainCharacterData(text: string): boolean {
  if (text.includes(']]>')) return false;
  UNUSUAL.lastIndex = 0;
  for (let m = UNUSUAL.exec(text); m; m = UNUSUAL.exec(text)) {
    const code = text.charCodeAt(m.index);
    if (code < 0xd800 || code > 0xdbff) return false;
    const next = text.charCodeAt(m.index + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
    UNUSUAL.lastIndex = m.index + 2;
  }
  return true;
}

/**
 * The end (after `>`) of a start tag whose name begins at `from`, skipping quoted attribute
 * values; -1 when the text ends first.
 */
function tagEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3e /* > */) return i + 1;
    if (c === 0x22 /* " */ || c === 0x27 /* ' */) {
      const close = text.indexOf(c === 0x22 ? '"' : "'", i + 1);
      if (close < 0) return -1;
      i = close;
    } else if (c === 0x3c /* < */) {
      return i; // not a tag that saxes will accept: it finds the error on its own
    }
  }
  return -1;
}

/**
 * Parses dump XML pushed in chunks; collects the events of each chunk for the caller to take.
 *
 * The content of `<text>` elements (nearly all of a dump's bytes) is read by a scanner of its own
 * rather than by saxes, which looks at one character at a time and joins the text line by line and
 * around each entity: once saxes has read a `<text>` start tag, the scanner takes the characters
 * up to the next `<`, decoding entity references, and hands the `<` (normally the end tag) back to
 * saxes. Whatever the scanner does not handle exactly as saxes would (characters XML forbids,
 * carriage returns, `]]>`, an entity reference it does not know or that is malformed, a CDATA
 * section or comment within the text) it leaves to saxes, which reads the rest of that element as
 * before and fails with the same message where the input is not well-formed.
 */
class DumpParser {
  private readonly parser = new SaxesParser({ xmlns: false, position: true });
  /** Whether the scanner reads `<text>` contents (off: saxes reads everything, as a reference). */
  private readonly scanTexts: boolean;
  /** True while the scanner reads a `<text>` element's content. */
  private inText = false;
  /** Characters of the input the scanner has read (saxes has not seen them). */
  private scanned = 0;
  /** The end of the input read so far that the scanner left for the next piece (an entity cut in two). */
  private carried = '';
  /** Characters written to saxes. */
  private fed = 0;
  /** saxes's position just after the last `<text>` start tag it read (-1: none since it was asked). */
  private textStart = -1;
  private readonly events: DumpEvent[] = [];
  private readonly stack: string[] = [];
  private text: string[] | undefined;
  private textAttributes: Record<string, string> = {};

  private siteinfo: DumpSiteInfo | undefined;
  private schemaVersion = '';
  private language: string | undefined;
  private page: DumpPage | undefined;
  private pageAnnounced = false;
  private revision: DumpRevision | undefined;
  private slot: DumpSlot | undefined;
  private upload: DumpUpload | undefined;
  private contributor: DumpContributor | undefined;
  private sawRoot = false;

  constructor(scanTexts = true) {
    this.scanTexts = scanTexts;
    this.parser.on('opentag', (tag) => {
      if (tag.name === 'text' && !tag.isSelfClosing) this.textStart = this.parser.position;
      this.open(tag);
    });
    this.parser.on('closetag', (tag) => this.close(tag.name));
    this.parser.on('text', (t) => {
      if (this.text) this.text.push(t);
    });
    this.parser.on('cdata', (t) => {
      if (this.text) this.text.push(t);
    });
  }

  /** Characters of the input read, by saxes or by the scanner. */
  get position(): number {
    return this.parser.position + this.scanned;
  }

  write(chunk: string): DumpEvent[] {
    if (!this.scanTexts) {
      this.parser.write(chunk);
      return this.events.splice(0);
    }
    const text = this.carried === '' ? chunk : this.carried + chunk;
    this.carried = '';
    let i = 0;
    while (i < text.length) {
      if (this.inText) {
        i = this.scanText(text, i);
        continue;
      }
      // Up to the end of the next start tag that may be a <text>: saxes reads it, and if it was
      // one (and XML 1.0's rules apply), the scanner takes its content.
      const open = text.indexOf('<text', i);
      const end = open < 0 ? -1 : tagEnd(text, open + 5);
      if (end < 0) {
        this.feed(i === 0 ? text : text.slice(i));
        break;
      }
      this.textStart = -1;
      this.feed(text.slice(i, end));
      i = end;
      // (saxes's position is only meaningful while it reads: after a write it counts the last chunk twice.)
      this.inText = this.textStart === this.fed && this.parser.xmlDecl.version !== '1.1';
    }
    return this.events.splice(0);
  }

  /**
   * Reads a `<text>` element's content from `from`: up to the next `<` (which it hands back to
   * saxes) or the text's end (keeping an entity reference cut there for the next piece). Returns
   * where reading goes on. Content it does not handle as saxes would, it leaves to saxes.
   */
  private scanText(text: string, from: number): number {
    const lt = text.indexOf('<', from);
    let stop = lt < 0 ? text.length : lt;
    let carry = '';
    if (lt < 0) {
      // A reference cut by the piece's end, or a "]]" that a ">" may follow, waits for the next one.
      const amp = text.lastIndexOf('&', stop - 1);
      if (amp >= from && text.indexOf(';', amp) < 0) {
        if (stop - amp > LONGEST_CARRIED_ENTITY) return this.leaveToSaxes(from);
        stop = amp;
      } else {
        for (let n = 0; n < 2 && stop > from && text.charCodeAt(stop - 1) === 0x5d /* ] */; n++) stop--;
      }
      carry = text.slice(stop);
    }
    const raw = text.slice(from, stop);
    if (!isPlainCharacterData(raw)) return this.leaveToSaxes(from);
    let decoded = raw;
    let amp = raw.indexOf('&');
    if (amp >= 0) {
      const parts: string[] = [];
      let done = 0;
      while (amp >= 0) {
        const semicolon = raw.indexOf(';', amp + 1);
        const value = semicolon < 0 ? undefined : entityText(raw.slice(amp + 1, semicolon));
        if (value === undefined) return this.leaveToSaxes(from);
        parts.push(raw.slice(done, amp), value);
        done = semicolon + 1;
        amp = raw.indexOf('&', done);
      }
      parts.push(raw.slice(done));
      decoded = parts.join('');
    }
    if (decoded !== '') this.text?.push(decoded);
    this.scanned += stop - from;
    if (lt >= 0) {
      this.inText = false;
      return lt;
    }
    this.carried = carry;
    return text.length;
  }

  /** Lets saxes read the rest of the current `<text>` element (from where the scanner stopped). */
  private feed(text: string): void {
    this.fed += text.length;
    this.parser.write(text);
  }

  private leaveToSaxes(from: number): number {
    this.inText = false;
    return from;
  }

  end(): DumpEvent[] {
    if (this.carried !== '') {
      this.inText = false;
      this.feed(this.carried);
      this.carried = '';
    }
    this.parser.close();
    if (!this.sawRoot) throw new Error('no <mediawiki> element: this is not a MediaWiki XML export');
    return this.events.splice(0);
  }

  private parent(): string | undefined {
    return this.stack[this.stack.length - 2];
  }

  private open(tag: SaxesTagPlain): void {
    const name = tag.name;
    this.stack.push(name);
    const attrs = tag.attributes as Record<string, string>;
    switch (name) {
      case 'mediawiki':
        if (this.stack.length !== 1) break;
        this.sawRoot = true;
        this.schemaVersion = schemaVersionOf(tag);
        // Written as HTML writes the code (`pt-BR`); MediaWiki's codes are lower case.
        if (attrs['xml:lang']) this.language = attrs['xml:lang'].toLowerCase();
        return;
      case 'siteinfo':
        this.siteinfo = { schemaVersion: this.schemaVersion, siteName: '', namespaces: [] };
        if (this.language) this.siteinfo.language = this.language;
        return;
      case 'page':
        this.page = { title: '', namespace: Number.NaN };
        this.pageAnnounced = false;
        return;
      case 'revision':
        if (!this.page) break;
        this.announcePage();
        this.revision = {
          id: 0,
          timestamp: '',
          contributor: newContributor(),
          minor: false,
          commentDeleted: false,
          textDeleted: false,
          slots: [],
        };
        return;
      case 'upload':
        if (!this.page) break;
        this.announcePage();
        this.upload = { timestamp: '', contributor: newContributor(), filename: '' };
        return;
      case 'content':
        if (this.revision) this.slot = { role: '', textDeleted: false };
        return;
      case 'contributor':
        this.contributor = this.upload?.contributor ?? this.revision?.contributor;
        if (this.contributor && attrs.deleted !== undefined) this.contributor.deleted = true;
        return;
      case 'minor':
        if (this.revision) this.revision.minor = true;
        return;
      case 'redirect':
        if (this.page && this.parent() === 'page')
          this.page.redirect = attrs.title !== undefined ? { title: attrs.title } : {};
        return;
      default:
        break;
    }
    if (TEXT_ELEMENTS.has(name)) {
      this.text = [];
      this.textAttributes = attrs;
    }
  }

  private announcePage(): void {
    const page = this.page!;
    if (this.pageAnnounced) return;
    if (Number.isNaN(page.namespace)) page.namespace = this.namespaceFromTitle(page.title);
    this.pageAnnounced = true;
    this.events.push({ type: 'page', page });
  }

  /** Schema 0.3 and 0.4 have no `<ns>`: the namespace is the title's prefix, if it names one. */
  private namespaceFromTitle(title: string): number {
    const colon = title.indexOf(':');
    if (colon <= 0 || !this.siteinfo) return 0;
    const prefix = title.slice(0, colon).toLowerCase();
    for (const ns of this.siteinfo.namespaces) {
      if (ns.id !== 0 && ns.name.toLowerCase() === prefix) return ns.id;
    }
    return 0;
  }

  private close(name: string): void {
    const parent = this.parent();
    this.stack.pop();
    const value = this.text ? this.text.join('') : undefined;
    if (this.text && TEXT_ELEMENTS.has(name)) this.text = undefined;
    if (value !== undefined) this.assign(name, parent, value);
    switch (name) {
      case 'siteinfo':
        if (this.siteinfo) this.events.push({ type: 'siteinfo', siteinfo: this.siteinfo });
        return;
      case 'content':
        if (this.revision && this.slot) {
          if (this.slot.role === 'main' || this.slot.role === '') this.mergeMainSlot(this.revision, this.slot);
          else this.revision.slots.push(this.slot);
        }
        this.slot = undefined;
        return;
      case 'contributor':
        this.contributor = undefined;
        return;
      case 'revision':
        if (this.page && this.revision)
          this.events.push({ type: 'revision', page: this.page, revision: this.revision });
        this.revision = undefined;
        return;
      case 'upload':
        if (this.page && this.upload) this.events.push({ type: 'upload', page: this.page, upload: this.upload });
        this.upload = undefined;
        return;
      case 'page':
        if (this.page) {
          this.announcePage();
          this.events.push({ type: 'page-end', page: this.page });
        }
        this.page = undefined;
        return;
      default:
    }
  }

  private mergeMainSlot(revision: DumpRevision, slot: DumpSlot): void {
    if (slot.model) revision.model = slot.model;
    if (slot.format) revision.format = slot.format;
    if (slot.text !== undefined) revision.text = slot.text;
    if (slot.textDeleted) revision.textDeleted = true;
    if (slot.bytes !== undefined) revision.bytes = slot.bytes;
  }

  private assign(name: string, parent: string | undefined, value: string): void {
    const attrs = this.textAttributes;
    if (this.contributor && parent === 'contributor') {
      if (name === 'username') this.contributor.username = value;
      else if (name === 'id') this.contributor.id = toInt(value);
      else if (name === 'ip') this.contributor.ip = value;
      return;
    }
    if (this.slot && parent === 'content') {
      const slot = this.slot;
      if (name === 'role') slot.role = value;
      else if (name === 'origin') slot.origin = toInt(value);
      else if (name === 'model') slot.model = value;
      else if (name === 'format') slot.format = value;
      else if (name === 'text') this.assignText(slot, value, attrs);
      else if (name === 'sha1') slot.sha1 = value;
      return;
    }
    if (this.revision && parent === 'revision') {
      const rev = this.revision;
      if (name === 'id') rev.id = toInt(value) ?? 0;
      else if (name === 'parentid') rev.parentId = toInt(value);
      else if (name === 'timestamp') rev.timestamp = value;
      else if (name === 'comment') {
        if (attrs.deleted !== undefined) rev.commentDeleted = true;
        else rev.comment = value;
      } else if (name === 'model') rev.model = value;
      else if (name === 'format') rev.format = value;
      else if (name === 'text') this.assignText(rev, value, attrs);
      else if (name === 'sha1') rev.sha1 = value;
      return;
    }
    if (this.upload && parent === 'upload') {
      const up = this.upload;
      if (name === 'timestamp') up.timestamp = value;
      else if (name === 'comment') up.comment = value;
      else if (name === 'filename') up.filename = value;
      else if (name === 'src') up.src = value;
      else if (name === 'size') up.size = toInt(value);
      else if (name === 'sha1base36') up.sha1base36 = value;
      else if (name === 'rel') up.rel = value;
      else if (name === 'contents' && attrs.encoding === 'base64') up.contents = Buffer.from(value, 'base64');
      return;
    }
    if (this.page && parent === 'page') {
      if (name === 'title') this.page.title = value;
      else if (name === 'ns') this.page.namespace = toInt(value) ?? 0;
      else if (name === 'id') this.page.id = toInt(value);
      else if (name === 'restrictions') this.page.restrictions = value;
      return;
    }
    if (this.siteinfo) {
      const site = this.siteinfo;
      if (parent === 'siteinfo') {
        if (name === 'sitename') site.siteName = value;
        else if (name === 'dbname') site.dbName = value;
        else if (name === 'base') site.base = value;
        else if (name === 'generator') site.generator = value;
        else if (name === 'case' && (value === 'first-letter' || value === 'case-sensitive')) site.case = value;
      } else if (parent === 'namespaces' && name === 'namespace') {
        const id = toInt(attrs.key);
        if (id === undefined) return;
        const ns: (typeof site.namespaces)[number] = { id, name: value };
        if (attrs.case === 'first-letter' || attrs.case === 'case-sensitive') ns.case = attrs.case;
        site.namespaces.push(ns);
      }
    }
  }

  private assignText(
    target: { text?: string; textDeleted: boolean; bytes?: number },
    value: string,
    attrs: Record<string, string>,
  ): void {
    if (attrs.bytes !== undefined) target.bytes = toInt(attrs.bytes);
    if (attrs.deleted !== undefined) {
      target.textDeleted = true;
      return;
    }
    // A stub dump names the text by id and has none; an empty element with bytes="0" is empty text.
    if (value === '' && attrs.id !== undefined && attrs.bytes !== '0') return;
    target.text = value;
  }
}

/**
 * Bytes decoded and parsed at a time. The text of a piece stays alive until the events made from
 * it are taken (the parser's strings are cut from it), which over a few pages outlives a young
 * generation collection or two; a piece this small is an ordinary heap object that such a
 * collection copies or frees, where a larger string is a large object that the first collection
 * it survives moves into the old generation, for a full collection to free. Together with the
 * reader thread's small batches (`dump-worker.ts`), this took the import of the generated
 * 10,000-page dump from 101 full collections on that thread to 17, and their marking from 4.6 to
 * 0.5 CPU-seconds.
 */
const PIECE_BYTES = 1 << 16;

/**
 * Reads a dump from a stream of bytes (already decompressed) and yields its events. `source`
 * names the input in error messages. `scanTexts: false` has saxes read the `<text>` elements'
 * content too (the reader as it was before its own scanner, kept to compare the two).
 */
export async function* readDump(
  input: AsyncIterable<Buffer | string>,
  source = 'dump',
  options: { scanTexts?: boolean } = {},
): AsyncGenerator<DumpEvent> {
  const parser = new DumpParser(options.scanTexts ?? true);
  const decoder = new StringDecoder('utf8');
  let bytesBefore = 0;
  let charsBefore = 0;
  let chunkText = '';
  // The piece before (the scanner may carry its last characters into the next one).
  let previous = { text: '', bytesBefore: 0, charsBefore: 0 };

  /** The byte offset of a character position within the current piece or the one before. */
  const byteOffset = (position: number): number => {
    if (position >= charsBefore) return bytesBefore + Buffer.byteLength(chunkText.slice(0, position - charsBefore));
    const inPrevious = Math.max(0, position - previous.charsBefore);
    return previous.bytesBefore + Buffer.byteLength(previous.text.slice(0, inPrevious));
  };

  const fail = (err: unknown, atEnd: boolean): never => {
    if (err instanceof DumpError) throw err;
    const reason = err instanceof Error ? err.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '') : String(err);
    const offset = atEnd ? bytesBefore : byteOffset(parser.position);
    const what = atEnd ? 'ends too early (truncated?)' : 'is not well-formed XML';
    throw new DumpError(`${source} ${what} at byte ${offset}: ${reason}`, offset);
  };

  try {
    for await (const chunk of input) {
      const pieces = typeof chunk === 'string' ? 1 : Math.ceil(chunk.length / PIECE_BYTES);
      for (let piece = 0; piece < pieces; piece++) {
        chunkText =
          typeof chunk === 'string'
            ? chunk
            : decoder.write(chunk.subarray(piece * PIECE_BYTES, (piece + 1) * PIECE_BYTES));
        let events: DumpEvent[];
        try {
          events = parser.write(chunkText);
        } catch (err) {
          fail(err, false);
        }
        for (const event of events!) yield event;
        previous = { text: chunkText, bytesBefore, charsBefore };
        bytesBefore += Buffer.byteLength(chunkText);
        charsBefore += chunkText.length;
      }
    }
    chunkText = decoder.end();
    let events: DumpEvent[];
    try {
      if (chunkText) parser.write(chunkText);
      bytesBefore += Buffer.byteLength(chunkText);
      events = parser.end();
    } catch (err) {
      fail(err, true);
    }
    for (const event of events!) yield event;
  } catch (err) {
    if (err instanceof DumpError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new DumpError(`${source} could not be read at byte ${bytesBefore}: ${reason}`, bytesBefore);
  }
}
