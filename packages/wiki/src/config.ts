import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { DatabaseTarget } from '@svc/common';
import { envInteger, envOptionalString, envPort, envPostgresUrl, envString } from '@svc/common';
import { bundledSampleDump } from './import/sample-wiki.js';

export interface WikiConfig {
  host: string;
  port: number;
  dataDir: string;
  database: DatabaseTarget;
  logLevel: string;
  /** Server processes sharing the port (`WIKI_WORKERS`; default: one per core). */
  workers: number;
  /** Threads per server process that answer expensive requests (`WIKI_REQUEST_THREADS`; default 1, 0: none). */
  requestThreads: number;
  /** A dump `serve` imports into an empty store on its first start (`WIKI_SAMPLE_DUMP`; `none`: no sample). */
  sampleDump?: string;
  /** Where thumbnails made are kept (`$WIKI_DATA_DIR/thumbnails`), and the bytes they may take. */
  thumbnails: { directory: string; maxBytes: number };
}

/** Reads the wiki service's configuration; throws a ConfigError naming a bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): WikiConfig {
  const dataDir = resolve(envString(env, 'WIKI_DATA_DIR', './data/wiki'));
  const url = envPostgresUrl(env, 'WIKI_DATABASE_URL');
  return {
    host: envString(env, 'WIKI_HOST', '127.0.0.1'),
    port: envPort(env, 'WIKI_PORT', 8080),
    dataDir,
    database: url ? { engine: 'postgres', url } : { engine: 'sqlite', file: join(dataDir, 'wiki.sqlite') },
    logLevel: envOptionalString(env, 'LOG_LEVEL') ?? 'info',
    workers: envInteger(env, 'WIKI_WORKERS', availableParallelism(), { min: 1, max: 256 }),
    requestThreads: envInteger(env, 'WIKI_REQUEST_THREADS', 1, { min: 0, max: 64 }),
    thumbnails: {
      directory: join(dataDir, 'thumbnails'),
      maxBytes: envInteger(env, 'WIKI_THUMBNAIL_CACHE_MB', 1024, { min: 1, max: 1_048_576 }) * 1024 * 1024,
    },
    ...sampleDump(env),
  };
}

function sampleDump(env: Record<string, string | undefined>): { sampleDump?: string } {
  const value = envOptionalString(env, 'WIKI_SAMPLE_DUMP');
  if (value === 'none') return {};
  return { sampleDump: value ? resolve(value) : bundledSampleDump };
}
