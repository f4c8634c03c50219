/**
 * The files of a dump: its `<upload>` elements become `image` rows (the newest version of a file)
 * and `oldimage` rows (older ones), and File: pages without uploads get their file from a source
 * upload folder (`--images DIR`) when it has one. The bytes come from the dump
 * (`<contents encoding="base64">`) or from that folder; they are written or linked into the
 * store's upload folder in MediaWiki's layout, and size, hash, type, dimensions and metadata are
 * read from them. Without the bytes a row has what the dump says (size, SHA-1).
 */
import type { BulkWriter } from '../bulk-writer.js';
import type { DumpUpload } from '../xml/dump-types.js';
import { mediaWikiTimestamp } from '../xml/page-rows.js';
import { type FileMetadata, readFileMetadata } from './file-metadata.js';
import {
  archivedVersions,
  archivePath,
  currentPath,
  inside,
  isFile,
  linkInto,
  moveWithin,
  writeInto,
} from './upload-folder.js';

export interface DumpFilesOptions {
  /** The store's upload folder: files are written or linked here. */
  uploadDirectory?: string;
  /** The source wiki's upload folder, where the dump's files are looked up. */
  imagesDir?: string;
}

/** One version of a file to record. */
interface FileVersion {
  name: string;
  timestamp: string;
  actor: number;
  description: string;
  /** The dump's size and hash, used when the bytes are not there. */
  size?: number;
  sha1?: string;
  bytes?: Uint8Array;
  /** The file in the source folder. */
  source?: string;
}

const IMAGE_COLUMNS = [
  'img_name',
  'img_size',
  'img_width',
  'img_height',
  'img_metadata',
  'img_bits',
  'img_media_type',
  'img_major_mime',
  'img_minor_mime',
  'img_description',
  'img_actor',
  'img_timestamp',
  'img_sha1',
];
const OLDIMAGE_COLUMNS = [
  'oi_name',
  'oi_archive_name',
  'oi_size',
  'oi_width',
  'oi_height',
  'oi_metadata',
  'oi_bits',
  'oi_media_type',
  'oi_major_mime',
  'oi_minor_mime',
  'oi_description',
  'oi_actor',
  'oi_timestamp',
  'oi_sha1',
];

export class DumpFiles {
  /** Files written or linked into the store's upload folder. */
  stored = 0;
  /** Timestamps of the versions of the current page's file seen so far. */
  private seen: string[] = [];

  constructor(
    private readonly writer: BulkWriter,
    private readonly options: DumpFilesOptions,
  ) {}

  /** The folder the site serves files from after the import, if any. */
  get servedFolder(): string | undefined {
    return this.stored > 0 ? this.options.uploadDirectory : this.options.imagesDir;
  }

  startPage(): void {
    this.seen = [];
  }

  /** One `<upload>` of the current page. */
  async addUpload(upload: DumpUpload, pageKey: string, actor: number): Promise<void> {
    const name = (upload.filename || pageKey).replace(/ /g, '_');
    const timestamp = mediaWikiTimestamp(upload.timestamp);
    const version: FileVersion = {
      name,
      timestamp,
      actor,
      description: upload.comment ?? '',
      ...(upload.size !== undefined ? { size: upload.size } : {}),
      ...(upload.sha1base36 ? { sha1: upload.sha1base36 } : {}),
      ...(upload.contents ? { bytes: upload.contents } : {}),
    };
    const current = await this.currentTimestamp(name);
    const archiveName = this.archiveName(name, timestamp, upload.rel);
    if (!upload.contents && this.options.imagesDir) {
      const rel =
        upload.rel ??
        (current !== undefined && current > timestamp ? archivePath(name, archiveName) : currentPath(name));
      const source = inside(this.options.imagesDir, rel);
      if (source && (await isFile(source))) version.source = source;
    }
    this.seen.push(timestamp);
    if (current === undefined || current === timestamp) {
      await this.writeCurrent(version);
    } else if (current < timestamp) {
      await this.archiveCurrent(name, `${timestamp}!${name}`);
      await this.writeCurrent(version);
    } else {
      await this.writeOld(version, archiveName);
    }
  }

  /**
   * A File: page of the dump that had no uploads: its file (and old versions) from the source
   * folder, when the store has no row for it yet. The page's first revision stands for the upload.
   */
  async addFromFolder(pageKey: string, first: { timestamp: string; actor: () => Promise<number>; comment: string }) {
    const folder = this.options.imagesDir;
    if (!folder) return;
    const source = inside(folder, currentPath(pageKey));
    if (!source || !(await isFile(source)) || (await this.currentTimestamp(pageKey)) !== undefined) return;
    const actor = await first.actor();
    await this.writeCurrent({ name: pageKey, timestamp: first.timestamp, actor, description: first.comment, source });
    for (const old of await archivedVersions(folder, pageKey)) {
      const version = { name: pageKey, timestamp: old.timestamp, actor, description: '', source: old.path };
      await this.writeOld(version, old.archiveName);
    }
  }

  /** The archive name of an old version: from the dump's path, else the time a newer version replaced it. */
  private archiveName(name: string, timestamp: string, rel: string | undefined): string {
    const fromRel = rel?.split('/').pop();
    if (fromRel && /^\d{14}!/.test(fromRel)) return fromRel;
    const newer = this.seen.filter((t) => t > timestamp).sort()[0];
    return `${newer ?? timestamp}!${name}`;
  }

  private async currentTimestamp(name: string): Promise<string | undefined> {
    const rows = await this.writer.all<{ img_timestamp: string }>(
      'select img_timestamp from image where img_name = ?',
      [name],
    );
    return rows[0]?.img_timestamp;
  }

  /** Size, hash, type and dimensions: from the bytes where there are any, else what the dump says. */
  private async metadata(version: FileVersion): Promise<FileMetadata> {
    const input = version.bytes ?? version.source;
    if (input !== undefined) return readFileMetadata(input, version.name);
    return {
      size: version.size ?? 0,
      sha1: version.sha1 ?? '',
      width: 0,
      height: 0,
      bits: 0,
      mediaType: 'UNKNOWN',
      majorMime: 'unknown',
      minorMime: 'unknown',
      metadata: '',
    };
  }

  /** Puts the version's bytes at a path of the store's upload folder. */
  private async store(version: FileVersion, relative: string): Promise<void> {
    const folder = this.options.uploadDirectory;
    if (!folder) return;
    if (version.bytes) await writeInto(folder, relative, version.bytes);
    else if (version.source) await linkInto(folder, relative, version.source);
    else return;
    this.stored++;
  }

  private async writeCurrent(version: FileVersion): Promise<void> {
    const row = [version.name, ...(await this.versionColumns(version))];
    await this.writer.insert('image', IMAGE_COLUMNS, [row], { kind: 'update', key: ['img_name'] });
    await this.store(version, currentPath(version.name));
  }

  private async writeOld(version: FileVersion, archiveName: string): Promise<void> {
    const known = await this.writer.all<{ n: number }>(
      'select count(*) as n from oldimage where oi_name = ? and oi_archive_name = ?',
      [version.name, archiveName],
    );
    if (Number(known[0]?.n ?? 0) > 0) return;
    const row = [version.name, archiveName, ...(await this.versionColumns(version))];
    await this.writer.insert('oldimage', OLDIMAGE_COLUMNS, [row]);
    await this.store(version, archivePath(version.name, archiveName));
  }

  /** The columns `image` and `oldimage` share, from size to hash, in their order there. */
  private async versionColumns(version: FileVersion): Promise<unknown[]> {
    const m = await this.metadata(version);
    return [
      m.size,
      m.width,
      m.height,
      m.metadata,
      m.bits,
      m.mediaType,
      m.majorMime,
      m.minorMime,
      version.description,
      version.actor,
      version.timestamp,
      m.sha1,
    ];
  }

  /** The current version becomes an old one (a newer version arrived). */
  private async archiveCurrent(name: string, archiveName: string): Promise<void> {
    await this.writer.run(
      `insert into oldimage (${OLDIMAGE_COLUMNS.join(', ')})
       select img_name, ?, img_size, img_width, img_height, img_metadata, img_bits, img_media_type,
         img_major_mime, img_minor_mime, img_description, img_actor, img_timestamp, img_sha1
       from image where img_name = ?`,
      [archiveName, name],
    );
    const folder = this.options.uploadDirectory;
    if (folder) await moveWithin(folder, currentPath(name), archivePath(name, archiveName));
  }
}
