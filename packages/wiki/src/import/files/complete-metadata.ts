/**
 * Completes `image` and `oldimage` rows that a database import brought without what MediaWiki
 * reads from a file (no MIME type, or no metadata, or no hash): each is read from the file in the
 * upload folder, when it is there. What the database has is kept; only the missing fields are
 * filled. Rows are visited in name order, a batch at a time.
 */
import { type Kysely, sql } from 'kysely';
import type { WikiDatabase } from '../../store/schema.js';
import { readFileMetadata } from './file-metadata.js';
import { archivePath, currentPath, inside, isFile } from './upload-folder.js';

const BATCH = 500;

interface Incomplete {
  name: string;
  /** The archive name of an old version; empty for a current one. */
  archiveName: string;
  width: number;
  height: number;
  bits: number;
  metadata: string;
  mediaType: string | null;
  majorMime: string;
  sha1: string;
}

/** The columns to set: the file's values where the row has none. */
function filled(row: Incomplete, file: Awaited<ReturnType<typeof readFileMetadata>>) {
  const unknownType = row.majorMime === 'unknown' || row.majorMime === '';
  return {
    width: row.width || file.width,
    height: row.height || file.height,
    bits: row.bits || file.bits,
    metadata: row.metadata || file.metadata,
    mediaType: row.mediaType && row.mediaType !== 'UNKNOWN' ? row.mediaType : file.mediaType,
    majorMime: unknownType ? file.majorMime : undefined,
    minorMime: unknownType ? file.minorMime : undefined,
    sha1: row.sha1 || file.sha1,
  };
}

async function incompleteImages(db: Kysely<WikiDatabase>, after: string): Promise<Incomplete[]> {
  const rows = await db
    .selectFrom('image')
    .select([
      'img_name',
      'img_width',
      'img_height',
      'img_bits',
      'img_metadata',
      'img_media_type',
      'img_major_mime',
      'img_sha1',
    ])
    .where('img_name', '>', after)
    .where((eb) =>
      eb.or([eb('img_major_mime', 'in', ['unknown', '']), eb('img_metadata', '=', ''), eb('img_sha1', '=', '')]),
    )
    .orderBy('img_name')
    .limit(BATCH)
    .execute();
  return rows.map((r) => ({
    name: r.img_name,
    archiveName: '',
    width: r.img_width,
    height: r.img_height,
    bits: r.img_bits,
    metadata: r.img_metadata,
    mediaType: r.img_media_type,
    majorMime: r.img_major_mime,
    sha1: r.img_sha1,
  }));
}

async function incompleteOldVersions(db: Kysely<WikiDatabase>, after: string): Promise<Incomplete[]> {
  const rows = await db
    .selectFrom('oldimage')
    .select([
      'oi_name',
      'oi_archive_name',
      'oi_width',
      'oi_height',
      'oi_bits',
      'oi_metadata',
      'oi_media_type',
      'oi_major_mime',
      'oi_sha1',
    ])
    .where('oi_archive_name', '>', after)
    .where('oi_archive_name', '<>', '')
    .where((eb) =>
      eb.or([eb('oi_major_mime', 'in', ['unknown', '']), eb('oi_metadata', '=', ''), eb('oi_sha1', '=', '')]),
    )
    .orderBy('oi_archive_name')
    .limit(BATCH)
    .execute();
  return rows.map((r) => ({
    name: r.oi_name,
    archiveName: r.oi_archive_name,
    width: r.oi_width,
    height: r.oi_height,
    bits: r.oi_bits,
    metadata: r.oi_metadata,
    mediaType: r.oi_media_type,
    majorMime: r.oi_major_mime,
    sha1: r.oi_sha1,
  }));
}

/** Fills in the file rows a database import left without metadata; returns how many it completed. */
export async function completeFileMetadata(db: Kysely<WikiDatabase>, folder: string | undefined): Promise<number> {
  if (!folder) return 0;
  let completed = 0;
  for (const old of [false, true]) {
    let after = '';
    for (;;) {
      const rows = old ? await incompleteOldVersions(db, after) : await incompleteImages(db, after);
      if (rows.length === 0) break;
      for (const row of rows) {
        const path = inside(folder, old ? archivePath(row.name, row.archiveName) : currentPath(row.name));
        if (!path || !(await isFile(path))) continue;
        const v = filled(row, await readFileMetadata(path, row.name));
        const prefix = old ? 'oi' : 'img';
        await sql`update ${sql.table(old ? 'oldimage' : 'image')} set
            ${sql.ref(`${prefix}_width`)} = ${v.width}, ${sql.ref(`${prefix}_height`)} = ${v.height},
            ${sql.ref(`${prefix}_bits`)} = ${v.bits}, ${sql.ref(`${prefix}_metadata`)} = ${v.metadata},
            ${sql.ref(`${prefix}_media_type`)} = ${v.mediaType},
            ${sql.ref(`${prefix}_major_mime`)} = coalesce(${v.majorMime ?? null}, ${sql.ref(`${prefix}_major_mime`)}),
            ${sql.ref(`${prefix}_minor_mime`)} = coalesce(${v.minorMime ?? null}, ${sql.ref(`${prefix}_minor_mime`)}),
            ${sql.ref(`${prefix}_sha1`)} = ${v.sha1}
          where ${sql.ref(`${prefix}_name`)} = ${row.name}
          ${old ? sql`and oi_archive_name = ${row.archiveName}` : sql``}`.execute(db);
        completed++;
      }
      after = old ? rows.at(-1)!.archiveName : rows.at(-1)!.name;
    }
  }
  return completed;
}
