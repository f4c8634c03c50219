import { createReadStream, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createGunzip, gunzipSync } from 'node:zlib';
import { readDump } from '../../src/import/xml/dump-reader.js';
import type { DumpEvent } from '../../src/import/xml/dump-types.js';

export const fixturesDir = fileURLToPath(new URL('../fixtures/', import.meta.url));
export const dumpsDir = `${fixturesDir}dumps/`;

/** The events of a gzipped fixture dump. */
export function readFixtureDump(name: string): AsyncGenerator<DumpEvent> {
  return readDump(createReadStream(`${dumpsDir}${name}.gz`).pipe(createGunzip()), name);
}

export function readGzipJson<T>(name: string): T {
  return JSON.parse(gunzipSync(readFileSync(`${fixturesDir}${name}`)).toString('utf8')) as T;
}
