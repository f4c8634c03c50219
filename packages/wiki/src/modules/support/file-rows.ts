/**
 * Reading file versions from the store: the current versions of some files (`image`) and their
 * older versions (`oldimage`), newest first, each with its uploader's name, in one query per table.
 */
import type { Selectable } from 'kysely';
import type { WikiStore } from '../../store/database.js';
import { keptRows } from '../../store/row-cache.js';
import type { ImageTable } from '../../store/schema.js';
import type { FileVersion } from './files.js';

/** A row of `image` joined with its uploader's actor. */
export type ImageRow = Selectable<ImageTable> & { actor_name: string; actor_user: number | null };

/** The current version of a file from its `image` row. */
export function imageVersion(row: ImageRow): FileVersion {
  return {
    name: row.img_name,
    size: row.img_size,
    width: row.img_width,
    height: row.img_height,
    bits: row.img_bits,
    metadata: row.img_metadata,
    mediaType: row.img_media_type,
    mime: `${row.img_major_mime}/${row.img_minor_mime}`,
    description: row.img_description,
    timestamp: row.img_timestamp,
    sha1: row.img_sha1,
    actorName: row.actor_name,
    actorUser: row.actor_user ?? 0,
    deleted: 0,
  };
}

/** The current versions of the named files (names as stored, with underscores), by name. */
export async function currentVersions(store: WikiStore, names: readonly string[]): Promise<Map<string, FileVersion>> {
  const found = new Map<string, FileVersion>();
  if (names.length === 0) return found;
  const read = (wanted: string[]) =>
    store.db
      .selectFrom('image')
      .innerJoin('actor', 'actor_id', 'img_actor')
      .selectAll('image')
      .select(['actor_name', 'actor_user'])
      .where('img_name', 'in', wanted)
      .execute();
  // Kept between requests by name (store/row-cache.ts), where the store keeps rows.
  const rows = (await keptRows(store, 'image', names, (row) => row.img_name, read)) ?? (await read([...names]));
  for (const row of rows) {
    found.set(row.img_name, imageVersion(row));
  }
  return found;
}

/**
 * Older versions of the named files between `start` and `end` (14-digit timestamps, inclusive),
 * newest first, at most `limit` per file, by name.
 */
export async function olderVersions(
  store: WikiStore,
  names: readonly string[],
  range: { start?: string; end?: string; limit: number },
): Promise<Map<string, FileVersion[]>> {
  const found = new Map<string, FileVersion[]>();
  if (names.length === 0 || range.limit <= 0) return found;
  let query = store.db
    .selectFrom('oldimage')
    .innerJoin('actor', 'actor_id', 'oi_actor')
    .selectAll('oldimage')
    .select(['actor_name', 'actor_user'])
    .where('oi_name', 'in', names);
  if (range.start !== undefined) query = query.where('oi_timestamp', '<=', range.start);
  if (range.end !== undefined) query = query.where('oi_timestamp', '>=', range.end);
  const rows = await query.orderBy('oi_name').orderBy('oi_timestamp', 'desc').execute();
  for (const row of rows) {
    const versions = found.get(row.oi_name) ?? [];
    if (versions.length >= range.limit) continue;
    versions.push({
      name: row.oi_name,
      archiveName: row.oi_archive_name,
      size: row.oi_size,
      width: row.oi_width,
      height: row.oi_height,
      bits: row.oi_bits,
      metadata: row.oi_metadata,
      mediaType: row.oi_media_type,
      mime: `${row.oi_major_mime}/${row.oi_minor_mime}`,
      description: row.oi_description,
      timestamp: row.oi_timestamp,
      sha1: row.oi_sha1,
      actorName: row.actor_name,
      actorUser: row.actor_user ?? 0,
      deleted: row.oi_deleted,
    });
    found.set(row.oi_name, versions);
  }
  return found;
}
