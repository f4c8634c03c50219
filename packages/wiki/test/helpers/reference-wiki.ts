/**
 * The reference wiki for tests: `importReferenceWiki()` gives a store holding it, imported from
 * the fixture by the MediaWiki database importer.
 *
 * Importing takes a second or two and every test file runs in its own process, so the imported
 * SQLite store is cached in the system's temp folder under a key made of the fixture and of the
 * code that shapes the store (schema, importer, site); each caller gets its own copy of it and may
 * write to it. On PostgreSQL every caller imports into a fresh schema.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { TestEngine } from '@svc/common/testing';
import { testEngines } from '@svc/common/testing';
import { importMediaWikiDatabase } from '../../src/import/mediawiki-database/importer.js';
import type { SiteConfig } from '../../src/site/site.js';
import { openWikiStore, type WikiStore } from '../../src/store/database.js';
import { loadSite } from '../../src/store/site-store.js';

const fixtureDir = fileURLToPath(new URL('../fixtures/reference-wiki/', import.meta.url));
const sourceDir = fileURLToPath(new URL('../../src/', import.meta.url));

/** The fixture's files: settings.json and images/ in place, the database decompressed once. */
export interface ReferenceWikiFiles {
  database: string;
  settings: string;
  images: string;
}

function hashFiles(hash: ReturnType<typeof createHash>, dir: string) {
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) hashFiles(hash, path);
    else if (entry.endsWith('.ts')) hash.update(path.slice(sourceDir.length)).update(readFileSync(path));
  }
}

/** Caches of earlier code versions, unused for an hour, are removed when a new one is made. */
function removeStaleCaches() {
  const hourAgo = Date.now() - 3600_000;
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith('wiki-reference-')) continue;
    const path = join(tmpdir(), entry);
    try {
      if (statSync(path).mtimeMs < hourAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      // Another test process removed it first.
    }
  }
}

function cacheDir(): string {
  const hash = createHash('sha256').update(readFileSync(join(fixtureDir, 'wiki.sqlite.gz')));
  hash.update(readFileSync(join(fixtureDir, 'settings.json')));
  for (const dir of ['store', 'site', 'import']) hashFiles(hash, join(sourceDir, dir));
  const dir = join(tmpdir(), `wiki-reference-${hash.digest('hex').slice(0, 16)}`);
  if (!existsSync(dir)) {
    removeStaleCaches();
    mkdirSync(dir, { recursive: true });
  }
  return dir;
}

/** Writes a file by renaming a finished temporary one, so parallel test files never see half a file. */
async function publish(target: string, write: (temporary: string) => void | Promise<void>): Promise<void> {
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await write(temporary);
  renameSync(temporary, target);
}

export async function referenceWikiFiles(): Promise<ReferenceWikiFiles> {
  const database = join(cacheDir(), 'testwiki.sqlite');
  if (!existsSync(database)) {
    await publish(database, (tmp) => writeFileSync(tmp, gunzipSync(readFileSync(join(fixtureDir, 'wiki.sqlite.gz')))));
  }
  return { database, settings: join(fixtureDir, 'settings.json'), images: join(fixtureDir, 'images') };
}

async function importInto(store: WikiStore, lint: boolean) {
  const files = await referenceWikiFiles();
  await importMediaWikiDatabase(store, files.database, {
    settingsFile: files.settings,
    imagesDir: files.images,
    lint,
  });
}

export interface ReferenceWikiOptions {
  /**
   * Compute the pages' lint errors. The SQLite store is imported once per run (and cached) with
   * them; a PostgreSQL import runs for each suite and lints only when the suite asks, since linting
   * costs more than the rest of the import.
   */
  lint?: boolean;
}

export interface ReferenceWiki {
  store: WikiStore;
  site: SiteConfig;
  /** Closes the store and removes its database. */
  dispose(): Promise<void>;
}

/** A store holding the reference wiki, on SQLite (default) or on the engine given. */
export async function importReferenceWiki(
  engine?: TestEngine,
  options: ReferenceWikiOptions = {},
): Promise<ReferenceWiki> {
  const chosen = engine ?? testEngines().find((e) => e.name === 'sqlite')!;
  const created = await chosen.createTarget();
  let store: WikiStore;
  if (created.target.engine === 'sqlite') {
    const imported = join(cacheDir(), 'imported-store.sqlite');
    if (!existsSync(imported)) {
      await publish(imported, async (tmp) => {
        const fresh = await openWikiStore({ engine: 'sqlite', file: tmp });
        try {
          await importInto(fresh, true);
          fresh.sqlite?.pragma('wal_checkpoint(TRUNCATE)');
          fresh.sqlite?.pragma('journal_mode = DELETE');
        } finally {
          await fresh.close();
        }
      });
    }
    copyFileSync(imported, created.target.file);
    store = await openWikiStore(created.target);
  } else {
    store = await openWikiStore(created.target);
    await importInto(store, options.lint ?? false);
  }
  const site = await loadSite(store.db);
  if (!site) throw new Error('the reference wiki import stored no site');
  return {
    store,
    site,
    async dispose() {
      await store.close();
      await created.dispose();
    },
  };
}

/**
 * Inside a describe: the reference wiki imported before the suite's tests, removed after them.
 * Returns a getter, as useTestDatabase does.
 */
export function useReferenceWiki(engine?: TestEngine, options: ReferenceWikiOptions = {}): () => ReferenceWiki {
  let wiki: ReferenceWiki | undefined;
  before(async () => {
    wiki = await importReferenceWiki(engine, options);
  });
  after(async () => {
    await wiki?.dispose();
  });
  return () => {
    if (!wiki) throw new Error('the reference wiki is not imported yet');
    return wiki;
  };
}
