import { UserError } from '@svc/common';
import type { WikiStore } from '../store/database.js';
import { importMediaWikiDatabase } from './mediawiki-database/importer.js';
import type { ImportProgress } from './progress.js';

/** What every importer accepts; an importer ignores the options that do not apply to its input. */
export interface ImportOptions {
  settingsFile?: string;
  imagesDir?: string;
  replace?: boolean;
  progress?: ImportProgress;
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

/**
 * The importers by kind of input. MediaWiki XML dumps (`.xml`, `.xml.gz`, `.xml.bz2`) get theirs
 * here beside the database importer.
 */
export const importers: Importer[] = [mediaWikiDatabase];

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
