import { accessSync, constants } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { UserError } from '@svc/common';
import SQLite from 'better-sqlite3';
import type { SourceShape } from './table-copies.js';

/** A MediaWiki SQLite database, opened read-only, with what the importer needs to know of it. */
export interface MediaWikiSource {
  db: SQLite.Database;
  shape: SourceShape;
  /** The text of a content address (`tt:<old_id>`), decompressed. */
  textAt(address: string): string;
  close(): void;
}

export function openMediaWikiSource(file: string): MediaWikiSource {
  try {
    accessSync(file, constants.R_OK);
  } catch (error) {
    throw new UserError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let db: SQLite.Database;
  const columns = new Map<string, Set<string>>();
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const names = db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[];
    for (const name of names) {
      const cols = db.prepare(`select name from pragma_table_info(?)`).pluck().all(name) as string[];
      columns.set(name, new Set(cols));
    }
  } catch (error) {
    throw new UserError(`${file} is not a readable SQLite database: ${(error as Error).message}`);
  }
  let textById: SQLite.Statement | undefined;
  return {
    db,
    shape: { columns },
    textAt(address) {
      const match = /^tt:(\d+)$/.exec(address);
      if (!match) {
        throw new UserError(
          `content address ${address} is not in the database's text table (external storage is not supported)`,
        );
      }
      textById ??= db.prepare('select old_text, old_flags from text where old_id = ?');
      const row = textById.get(Number(match[1])) as
        | { old_text: string | Buffer; old_flags: string | Buffer }
        | undefined;
      if (!row) throw new UserError(`content address ${address} points to a missing text row`);
      const flags = String(row.old_flags).split(',').filter(Boolean);
      const unsupported = flags.filter((f) => f !== 'utf-8' && f !== 'gzip');
      if (unsupported.length > 0) {
        throw new UserError(`text ${match[1]} is stored with flags ${unsupported.join(',')}, which cannot be imported`);
      }
      let bytes = typeof row.old_text === 'string' ? Buffer.from(row.old_text, 'utf8') : row.old_text;
      if (flags.includes('gzip')) bytes = inflateRawSync(bytes);
      return bytes.toString('utf8');
    },
    close() {
      db.close();
    },
  };
}
