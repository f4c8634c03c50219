import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { UserError } from '@svc/common';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { SettingsError, siteFromSettings } from '../../site/defaults.js';
import type { InterwikiEntry, SiteConfig } from '../../site/site.js';
import { insertRows } from '../../store/bulk-insert.js';
import type { WikiStore } from '../../store/database.js';
import { syncIdSequences } from '../../store/id-sequences.js';
import type { ColumnDef } from '../../store/migrations/columns.js';
import { refreshPlannerStatistics } from '../../store/planner-statistics.js';
import { refreshQueryCache } from '../../store/querycache.js';
import type { WikiDatabase } from '../../store/schema.js';
import { refreshSearchIndex } from '../../store/search-index.js';
import { saveSite } from '../../store/site-store.js';
import { clearWiki, wikiTable } from '../../store/wiki-tables.js';
import { completeFileMetadata } from '../files/complete-metadata.js';
import { refreshLintErrors } from '../lint-errors.js';
import { type ImportProgress, silentProgress } from '../progress.js';
import { checkWikiIdentity } from '../wiki-identity.js';
import { type MediaWikiSource, openMediaWikiSource } from './source.js';
import { requiredLookupTables, type TableCopy, tableCopies } from './table-copies.js';

export interface DatabaseImportOptions {
  /** The wiki's settings (MediaWiki's names without `$wg`); default: settings.json beside the file. */
  settingsFile?: string;
  /** The upload folder; default: images/ beside the file, when it exists. */
  imagesDir?: string;
  /** Replace a different wiki the store holds. */
  replace?: boolean;
  progress?: ImportProgress;
  /** Compute the pages' lint errors (default true; `--no-lint`). */
  lint?: boolean;
}

export interface DatabaseImportSummary {
  wikiId: string;
  siteName: string;
  /** `new` into an empty store, `updated` over the same wiki, `replaced` another wiki. */
  outcome: 'new' | 'updated' | 'replaced';
  tables: Array<{ table: string; rows: number }>;
  uploadDirectory?: string;
  seconds: number;
}

/** Rows written at once, unless their text reaches the second bound first (large pages). */
const maxRowsPerBatch = 5000;
const maxTextPerBatch = 16 * 1024 * 1024;

function readSettings(file: string, explicit: boolean): Record<string, unknown> {
  if (!existsSync(file)) {
    throw new UserError(
      explicit
        ? `settings file ${file} does not exist`
        : `no settings.json beside the database (looked for ${file}); the wiki's configuration is not in its database: give --settings FILE`,
    );
  }
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UserError(`settings file ${file} is not valid JSON: ${(error as Error).message}`);
  }
}

function uploadFolder(databaseFile: string, explicit: string | undefined): string | undefined {
  const folder = resolve(explicit ?? join(dirname(databaseFile), 'images'));
  const isFolder = existsSync(folder) && statSync(folder).isDirectory();
  if (explicit && !isFolder) throw new UserError(`upload folder ${explicit} is not a directory`);
  return isFolder ? folder : undefined;
}

function readInterwiki(source: MediaWikiSource): InterwikiEntry[] {
  const rows = source.db
    .prepare('select iw_prefix, iw_url, iw_api, iw_wikiid, iw_local, iw_trans from interwiki order by iw_prefix')
    .all() as Array<Record<string, string | number | Buffer>>;
  return rows.map((row) => {
    const entry: InterwikiEntry = {
      prefix: String(row.iw_prefix),
      url: String(row.iw_url),
      local: Number(row.iw_local) === 1,
      trans: Number(row.iw_trans) === 1,
    };
    if (row.iw_api) entry.api = String(row.iw_api);
    if (row.iw_wikiid) entry.wikiId = String(row.iw_wikiid);
    return entry;
  });
}

/** Converts a value read from MediaWiki's SQLite file to what the store's column holds. */
function storeValue(value: unknown, column: ColumnDef, table: string): string | number | null {
  if (value === null || value === undefined) {
    if (column.nullable) return null;
    if (column.defaultValue !== undefined) return column.defaultValue;
    throw new UserError(`${table}.${column.name} is empty in the source database, which MediaWiki does not allow`);
  }
  if (column.kind === 'text') return Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
  const number = Buffer.isBuffer(value) ? Number(value.toString('utf8')) : Number(value);
  if (!Number.isFinite(number)) throw new UserError(`${table}.${column.name} holds ${String(value)}, not a number`);
  return number;
}

type Reader = SQLite.Statement<[], Record<string, unknown>>;

/** Prepares the read of every table first, so that a database of another shape is refused before anything is written. */
function prepareReaders(source: MediaWikiSource): Reader[] {
  return tableCopies.map((copy) => {
    try {
      return source.db.prepare(copy.select(source.shape));
    } catch (error) {
      throw new UserError(
        `the ${copy.source} table is not shaped as in MediaWiki 1.39 (${(error as Error).message}); other versions are not supported`,
      );
    }
  });
}

async function copyTable(
  source: MediaWikiSource,
  db: Kysely<any>,
  copy: TableCopy,
  statement: Reader,
  progress: ImportProgress,
  label: string,
): Promise<number> {
  const columns = wikiTable(copy.target).columns;
  const total = source.db.prepare(`select count(*) from ${copy.source}`).pluck().get() as number;
  const selected = statement
    .columns()
    .map((c) => c.name)
    .sort();
  const expected = columns.map((c) => c.name).sort();
  if (selected.join() !== expected.join()) {
    throw new Error(`the copy of ${copy.target} selects ${selected.join(', ')} instead of ${expected.join(', ')}`);
  }
  const resolvesText = copy.target === 'content';
  progress.begin(label, total);
  let batch: Record<string, unknown>[] = [];
  let batchText = 0;
  let done = 0;
  for (const raw of statement.iterate() as Iterable<Record<string, unknown>>) {
    const row: Record<string, unknown> = {};
    for (const column of columns) {
      const value = storeValue(raw[column.name], column, copy.target);
      row[column.name] = value;
      if (typeof value === 'string') batchText += value.length;
    }
    if (resolvesText) {
      const text = source.textAt(String(row.content_text));
      row.content_text = text;
      batchText += text.length;
    }
    batch.push(row);
    if (batch.length >= maxRowsPerBatch || batchText >= maxTextPerBatch) {
      await insertRows(db, copy.target, batch);
      done += batch.length;
      batch = [];
      batchText = 0;
      progress.advance(done);
    }
  }
  if (batch.length > 0) {
    await insertRows(db, copy.target, batch);
    done += batch.length;
    progress.advance(done);
  }
  progress.end();
  if (done !== total) throw new Error(`copied ${done} rows of ${copy.source}, but it has ${total}`);
  return done;
}

/**
 * Imports a MediaWiki 1.39 SQLite database into the store: every table the API serves, with
 * MediaWiki's ids, in one transaction (a failure leaves the store as it was). The wiki's settings
 * come from settings.json beside the file (or `settingsFile`), its upload folder is recorded.
 * A store holding another wiki is refused (ImportRefused) unless `replace` is set; importing the
 * same wiki again replaces its content with the database's, so an unchanged database changes nothing.
 */
export async function importMediaWikiDatabase(
  store: WikiStore,
  file: string,
  options: DatabaseImportOptions = {},
): Promise<DatabaseImportSummary> {
  const started = Date.now();
  const progress = options.progress ?? silentProgress;
  const databaseFile = resolve(file);
  const source = openMediaWikiSource(databaseFile);
  try {
    const needed = [...new Set([...tableCopies.map((c) => c.source), ...requiredLookupTables, 'interwiki'])];
    const missing = needed.filter((t) => !source.shape.columns.has(t));
    if (missing.length > 0) {
      throw new UserError(
        `${file} is not a MediaWiki 1.39 database: it has no table ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''}`,
      );
    }
    const settingsFile = options.settingsFile ?? join(dirname(databaseFile), 'settings.json');
    const settings = readSettings(settingsFile, options.settingsFile !== undefined);
    let site: SiteConfig;
    try {
      site = siteFromSettings(settings, {
        fallbackWikiId: basename(databaseFile, extname(databaseFile)),
        uploadDirectory: uploadFolder(databaseFile, options.imagesDir),
      });
    } catch (error) {
      if (error instanceof SettingsError) throw new UserError(`${settingsFile}: ${error.message}`);
      throw error;
    }
    site.interwiki = readInterwiki(source);
    const readers = prepareReaders(source);

    const db = store.db as Kysely<WikiDatabase>;
    const identity = await checkWikiIdentity(db, site, options.replace ?? false);
    const tables: DatabaseImportSummary['tables'] = [];
    await db.transaction().execute(async (trx) => {
      await clearWiki(trx);
      for (const [i, copy] of tableCopies.entries()) {
        const label = `${copy.target} (table ${i + 1} of ${tableCopies.length})`;
        const rows = await copyTable(source, trx, copy, readers[i]!, progress, label);
        tables.push({ table: copy.target, rows });
      }
      await completeFileMetadata(trx, site.uploadDirectory);
      await syncIdSequences(trx);
      await saveSite(trx, site);
      await refreshQueryCache(trx, site, { keepImported: true });
      await refreshSearchIndex(trx, site, { rebuild: identity !== 'same' });
      if (options.lint ?? true) tables.push({ table: 'linter', rows: await refreshLintErrors(trx, site) });
    });
    await refreshPlannerStatistics(db);
    tables.push({ table: 'interwiki', rows: site.interwiki.length });
    return {
      wikiId: site.wikiId,
      siteName: site.siteName,
      outcome: identity === 'empty' ? 'new' : identity === 'same' ? 'updated' : 'replaced',
      tables,
      ...(site.uploadDirectory ? { uploadDirectory: site.uploadDirectory } : {}),
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    source.close();
  }
}
