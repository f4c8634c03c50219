/**
 * The import directions of a package, checked: every source file belongs to a room (the longest
 * matching path prefix), and a file may import from its own room and from the rooms its room is
 * allowed to use. The architecture tests of the packages state their rooms and run this.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

export interface Layers {
  /** Room name → the path prefixes (relative to the source folder) of its files. */
  rooms: Record<string, readonly string[]>;
  /** Room name → the other rooms its files may import; `*` for every room. */
  mayImport: Record<string, readonly string[]>;
}

/** One import of a source file from another: both paths relative to the source folder. */
export interface SourceImport {
  from: string;
  to: string;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\s*\(\s*['"](\.[^'"]+)['"]\s*\)|^import\s+['"](\.[^'"]+)['"]/gm;

/** Every relative import (static, re-export or dynamic) of every `.ts` file under `srcDir`. */
export function sourceImports(srcDir: string): SourceImport[] {
  const found: SourceImport[] = [];
  for (const file of tsFiles(srcDir)) {
    const from = relative(srcDir, file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3];
      if (!spec) continue;
      const to = normalize(join(dirname(from), spec)).replace(/\.js$/, '.ts');
      found.push({ from, to });
    }
  }
  return found;
}

function tsFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) tsFiles(path, found);
    else if (entry.endsWith('.ts') && !entry.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** The room of a file: the room of its longest matching prefix; undefined when none matches. */
export function roomOf(layers: Layers, file: string): string | undefined {
  let best: { room: string; length: number } | undefined;
  for (const [room, prefixes] of Object.entries(layers.rooms)) {
    for (const prefix of prefixes) {
      const matches = prefix.endsWith('/') ? file.startsWith(prefix) : file === prefix;
      if (matches && (!best || prefix.length > best.length)) best = { room, length: prefix.length };
    }
  }
  return best?.room;
}

/**
 * What goes against the directions: each import from a room to one it may not use, and each file
 * that belongs to no room, as readable lines (empty when the package keeps its layers).
 */
export function layerViolations(srcDir: string, layers: Layers): string[] {
  const problems = new Set<string>();
  for (const { from, to } of sourceImports(srcDir)) {
    const fromRoom = roomOf(layers, from);
    const toRoom = roomOf(layers, to);
    if (fromRoom === undefined) problems.add(`${from} belongs to no room`);
    if (toRoom === undefined) problems.add(`${to} (imported by ${from}) belongs to no room`);
    if (fromRoom === undefined || toRoom === undefined || fromRoom === toRoom) continue;
    const allowed = layers.mayImport[fromRoom] ?? [];
    if (!allowed.includes('*') && !allowed.includes(toRoom)) {
      problems.add(`${from} (${fromRoom}) imports ${to} (${toRoom})`);
    }
  }
  return [...problems];
}
