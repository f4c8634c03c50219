import { UserError } from '@svc/common';
import type { WikiStore } from '../store/database.js';
import { importMediaWikiDatabase } from './mediawiki-database/importer.js';
import type { ImportProgress } from './progress.js';
import { isPipe } from './xml/open-dump.js';
import { importXmlDump } from './xml/xml-importer.js';

/** What every importer accepts; an importer ignores the options that do not apply to its input. */
export interface ImportOptions {
  settingsFile?: string;
  imagesDir?: string;
  /** The store's upload folder, where the files of a dump are written (a database's stay where they are). */
  uploadDirectory?: string;
  replace?: boolean;
  progress?: ImportProgress;
  /** Compute the pages' lint errors (default true). */
  lint?: boolean;
  /** An XML dump's: SQL dumps of the same wiki's link tables, which replace those derived from wikitext. */
  linkTables?: readonly string[];
  /** An XML dump's: leave the search index and lint errors to `completeDeferredBuilds`, after the import. */
  deferBuilds?: boolean;
}

/** What an import reports at its end, printed by the CLI as its summary. */
export interface ImportSummary {
  wikiId: string;
  /** Lines describing what was imported (counts per kind of row). */
  lines: string[];
  seconds: number;
}

export interface Importer {
  /** What the importer reads, for messages (`MediaWiki database`). */
  name: string;
  accepts(file: string): boolean;
  run(store: WikiStore, file: string, options: ImportOptions): Promise<ImportSummary>;
}

const mediaWikiDatabase: Importer = {
  name: 'MediaWiki database',
  accepts: (file) => /\.(sqlite3?|db)$/i.test(file),
  async run(store, file, options) {
    const summary = await importMediaWikiDatabase(store, file, options);
    const rows = summary.tables.reduce((sum, t) => sum + t.rows, 0);
    const count = (table: string) => (summary.tables.find((t) => t.table === table)?.rows ?? 0).toLocaleString('en-US');
    return {
      wikiId: summary.wikiId,
      seconds: summary.seconds,
      lines: [
        `${summary.outcome === 'new' ? 'imported' : summary.outcome === 'updated' ? 'updated' : 'replaced the store with'} ` +
          `${summary.siteName} (${summary.wikiId}): ${count('page')} pages, ${count('revision')} revisions, ` +
          `${count('user')} users, ${count('logging')} log entries, ${count('image')} files; ` +
          `${rows.toLocaleString('en-US')} rows in ${summary.tables.length} tables`,
        summary.uploadDirectory
          ? `upload folder: ${summary.uploadDirectory}`
          : 'no upload folder found (give --images DIR)',
      ],
    };
  },
};

const xmlDump: Importer = {
  name: 'MediaWiki XML dump',
  // A pipe (`/dev/stdin`, a named pipe, `<(lbzip2 -dc dump.xml.bz2)`) carries a dump: a database
  // cannot come through one.
  accepts: (file) => /\.xml(\.gz|\.bz2)?$/i.test(file) || /^\/dev\/(stdin|fd\/\d+)$/.test(file) || isPipe(file),
  async run(store, file, options) {
    const summary = await importXmlDump(store, file, {
      ...(options.replace ? { replace: true } : {}),
      ...(options.imagesDir ? { imagesDir: options.imagesDir } : {}),
      ...(options.uploadDirectory ? { uploadDirectory: options.uploadDirectory } : {}),
      ...(options.progress ? { progress: options.progress } : {}),
      ...(options.lint === false ? { lint: false } : {}),
      ...(options.linkTables?.length ? { linkTables: options.linkTables } : {}),
      ...(options.deferBuilds ? { deferBuilds: true } : {}),
    });
    const n = (value: number) => value.toLocaleString('en-US');
    const verb =
      summary.outcome === 'new' ? 'imported' : summary.outcome === 'updated' ? 'updated' : 'replaced the store with';
    return {
      wikiId: summary.wikiId,
      seconds: summary.seconds,
      lines: [
        `${verb} ${summary.siteName} (${summary.wikiId}): ${n(summary.pages)} pages (${n(summary.redirects)} redirects), ` +
          `${n(summary.revisions)} revisions${summary.uploads ? `, ${n(summary.uploads)} uploads` : ''}`,
        `${n(summary.newRevisions)} revisions new to the store, ${n(summary.updatedPages)} pages brought up to date; ` +
          `${(summary.bytes / 1e6 / Math.max(summary.seconds, 0.001)).toFixed(1)} MB/s`,
        ...(summary.filesStored
          ? [`${n(summary.filesStored)} files in the upload folder ${summary.uploadDirectory}`]
          : []),
        ...summary.linkTables.map(
          (t) =>
            `${t.table}: ${n(t.rows)} rows from its SQL dump` +
            (t.unresolved ? ` (${n(t.unresolved)} naming link targets the linktarget dump lacks, left out)` : ''),
        ),
      ],
    };
  },
};

/** The importers by kind of input. */
export const importers: Importer[] = [mediaWikiDatabase, xmlDump];

/** The importer for a file, chosen by its name; a clear error for a file no importer reads. */
export function importerFor(file: string): Importer {
  const importer = importers.find((i) => i.accepts(file));
  if (!importer) {
    throw new UserError(
      `cannot tell what ${file} is: expected ${importers.map((i) => i.name).join(' or ')} (by its file name extension)`,
    );
  }
  return importer;
}
