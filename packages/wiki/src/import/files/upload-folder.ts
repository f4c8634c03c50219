/**
 * MediaWiki's upload folder layout: a file's current version at `a/ab/Name` (the first one and two
 * hex digits of the MD5 of its name), its old versions at `archive/a/ab/<timestamp>!Name`. Files
 * are written, or taken from another upload folder by a hard link (a copy across file systems).
 */
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** `a/ab` for a file name (with underscores). */
export function hashDirectory(name: string): string {
  const md5 = createHash('md5').update(name, 'utf8').digest('hex');
  return `${md5[0]}/${md5.slice(0, 2)}`;
}

/** The path of a file's current version in an upload folder. */
export function currentPath(name: string): string {
  return `${hashDirectory(name)}/${name}`;
}

/** The path of an old version (`archive/a/ab/20200101000000!Name`). */
export function archivePath(name: string, archiveName: string): string {
  return `archive/${hashDirectory(name)}/${archiveName}`;
}

/** A path inside `root`, or undefined when `relative` would leave it (`..`, absolute paths). */
export function inside(root: string, relative: string): string | undefined {
  const base = resolve(root);
  const path = resolve(base, relative);
  return path.startsWith(base + sep) ? path : undefined;
}

export async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() === true;
}

/** Writes bytes to a path of the folder, replacing what was there. */
export async function writeInto(root: string, relative: string, bytes: Uint8Array): Promise<void> {
  const path = inside(root, relative);
  if (!path) return;
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
}

/** Puts a file from elsewhere at a path of the folder: a hard link where it can, else a copy. */
export async function linkInto(root: string, relative: string, source: string): Promise<void> {
  const path = inside(root, relative);
  if (!path || resolve(source) === path) return;
  await mkdir(dirname(path), { recursive: true });
  await unlink(path).catch(() => undefined);
  await link(source, path).catch(() => copyFile(source, path));
}

/** Moves a file within the folder (a current version becoming an old one). */
export async function moveWithin(root: string, from: string, to: string): Promise<void> {
  const source = inside(root, from);
  const target = inside(root, to);
  if (!source || !target || !(await isFile(source))) return;
  await mkdir(dirname(target), { recursive: true });
  await rename(source, target);
}

/** The archived versions of a file in a folder: `{ archiveName, timestamp }`, oldest first. */
export async function archivedVersions(
  root: string,
  name: string,
): Promise<Array<{ archiveName: string; timestamp: string; path: string }>> {
  const directory = inside(root, `archive/${hashDirectory(name)}`);
  if (!directory) return [];
  const entries = await readdir(directory).catch(() => [] as string[]);
  return entries
    .filter((entry) => /^\d{14}!/.test(entry) && entry.slice(15) === name)
    .sort()
    .map((entry) => ({ archiveName: entry, timestamp: entry.slice(0, 14), path: join(directory, entry) }));
}
