/**
 * The sample wiki `wiki serve` starts with: a real dump bundled with the package (see
 * sample/README.md), imported into the store when the store holds no wiki yet.
 */
import { fileURLToPath } from 'node:url';
import type { WikiStore } from '../store/database.js';
import { loadSite } from '../store/site-store.js';
import type { ImportProgress } from './progress.js';
import { importXmlDump, type XmlImportSummary } from './xml/xml-importer.js';

export const bundledSampleDump = fileURLToPath(
  new URL('../../sample/ltgwiki-pages-articles-sample2004.xml.gz', import.meta.url),
);

/**
 * Imports the dump when the store is empty (`starting` is told first); returns its summary, or
 * undefined when nothing was done.
 */
export async function importSampleIfEmpty(
  store: WikiStore,
  dump: string,
  progress?: ImportProgress,
  starting?: () => void,
): Promise<XmlImportSummary | undefined> {
  if (await loadSite(store.db)) return undefined;
  starting?.();
  return importXmlDump(store, dump, progress ? { progress } : {});
}
