/**
 * Thumbnails made by this server, kept in a folder of the store's own data folder (never in the
 * upload folder, which belongs to the wiki it was imported from and is only read), bounded in
 * bytes: the least recently used ones are removed when a new one would pass the bound.
 *
 * Several server processes share the folder. Each keeps an index of it (sizes, and the order of
 * use, which a file's modification time records so that a restart keeps it), read from disk at
 * first use, again whenever its count passes the bound, and after every 64 thumbnails it wrote, so
 * that what the other processes wrote is counted too. A thumbnail another process removed is made
 * again when asked for.
 */
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Writes between two readings of the folder. */
const RESCAN_EVERY = 64;

interface Entry {
  size: number;
}

export class ThumbnailCache {
  /** Keys (relative paths) in order of use, least recent first. */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private writesSinceScan = 0;
  private scanned: Promise<void> | undefined;
  /** Writes and removals one after another, so the count stays true. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly directory: string,
    readonly maxBytes: number,
  ) {}

  /** The bytes the index counts now (the folder's size at its last reading, plus what was written since). */
  get size(): number {
    return this.bytes;
  }

  /** The kept thumbnail at the relative path `segments`, marked as just used; undefined when none. */
  async read(segments: readonly string[]): Promise<Buffer | undefined> {
    await this.ready();
    const key = segments.join('/');
    const path = join(this.directory, ...segments);
    let data: Buffer;
    try {
      data = await readFile(path);
    } catch {
      this.forget(key);
      return undefined;
    }
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    const now = new Date();
    utimes(path, now, now).catch(() => {});
    return data;
  }

  /** Keeps a thumbnail, removing the least recently used ones beyond the bound. */
  write(segments: readonly string[], data: Buffer): Promise<void> {
    if (data.length > this.maxBytes) return Promise.resolve();
    const run = this.queue.then(() => this.store(segments, data));
    this.queue = run.catch(() => {});
    return run;
  }

  private async store(segments: readonly string[], data: Buffer): Promise<void> {
    await this.ready();
    const key = segments.join('/');
    const path = join(this.directory, ...segments);
    await mkdir(join(path, '..'), { recursive: true });
    const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, path);
    this.forget(key);
    this.entries.set(key, { size: data.length });
    this.bytes += data.length;
    if (++this.writesSinceScan >= RESCAN_EVERY || this.bytes > this.maxBytes) await this.scan();
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.size;
      await unlink(join(this.directory, ...oldest.split('/'))).catch(() => {});
    }
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  private ready(): Promise<void> {
    this.scanned ??= this.scan();
    return this.scanned;
  }

  /** Reads the folder: every kept thumbnail's size, in order of last use. */
  private async scan(): Promise<void> {
    const found: { key: string; size: number; used: number }[] = [];
    const visit = async (dir: string) => {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return;
      }
      for (const name of names) {
        const path = join(dir, name);
        const info = await stat(path).catch(() => undefined);
        if (!info) continue;
        if (info.isDirectory()) await visit(path);
        else if (!name.endsWith('.tmp')) {
          found.push({ key: relative(this.directory, path).split(sep).join('/'), size: info.size, used: info.mtimeMs });
        }
      }
    };
    await visit(this.directory);
    found.sort((a, b) => a.used - b.used);
    this.entries.clear();
    this.bytes = 0;
    for (const file of found) {
      this.entries.set(file.key, { size: file.size });
      this.bytes += file.size;
    }
    this.writesSinceScan = 0;
  }
}
