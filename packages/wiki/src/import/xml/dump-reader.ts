/**
 * Streaming reader of MediaWiki XML exports, schema 0.3 to 0.11. It turns a byte stream into
 * events (the siteinfo, then for each page: its header, its revisions one by one, its uploads,
 * its end), holding no more than one revision in memory, so a dump of any size reads in constant
 * memory. A malformed or truncated file fails with a DumpError naming the byte offset.
 */
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
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

/** Parses dump XML pushed in chunks; collects the events of each chunk for the caller to take. */
class DumpParser {
  private readonly parser = new SaxesParser({ xmlns: false, position: true });
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

  constructor() {
    this.parser.on('opentag', (tag) => this.open(tag));
    this.parser.on('closetag', (tag) => this.close(tag.name));
    this.parser.on('text', (t) => {
      if (this.text) this.text.push(t);
    });
    this.parser.on('cdata', (t) => {
      if (this.text) this.text.push(t);
    });
  }

  get position(): number {
    return this.parser.position;
  }

  write(chunk: string): DumpEvent[] {
    this.parser.write(chunk);
    return this.events.splice(0);
  }

  end(): DumpEvent[] {
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
        if (attrs['xml:lang']) this.language = attrs['xml:lang'];
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
 * names the input in error messages.
 */
export async function* readDump(input: AsyncIterable<Buffer | string>, source = 'dump'): AsyncGenerator<DumpEvent> {
  const parser = new DumpParser();
  const decoder = new StringDecoder('utf8');
  let bytesBefore = 0;
  let charsBefore = 0;
  let chunkText = '';

  const fail = (err: unknown, atEnd: boolean): never => {
    if (err instanceof DumpError) throw err;
    const reason = err instanceof Error ? err.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '') : String(err);
    const offset = atEnd
      ? bytesBefore
      : bytesBefore + Buffer.byteLength(chunkText.slice(0, Math.max(0, parser.position - charsBefore)));
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
