/**
 * The `linter` table rebuilt from the pages' current wikitext, for importers that copy pages
 * without reading their text on the way (the MediaWiki database importer). Pages are read in
 * batches by page id (keyset), linted on worker threads (every core: linting costs far more than
 * the rest of such an import), and their errors written.
 */
import { availableParallelism } from 'node:os';
import type { Insertable, Kysely } from 'kysely';
import type { SiteConfig } from '../site/site.js';
import type { WikiDatabase } from '../store/schema.js';
import { LinkExtractorPool } from '../wikitext/extract-pool.js';
import { wikitextPagesAfter } from './wikitext-pages.js';

const PAGES_PER_BATCH = 100;
const ROWS_PER_INSERT = 400;

export async function refreshLintErrors(db: Kysely<WikiDatabase>, site: SiteConfig): Promise<number> {
  await db.deleteFrom('linter').execute();
  const pool = startLintPool(site);
  try {
    return await lintAll(db, pool);
  } finally {
    await pool.close();
  }
}

async function lintAll(db: Kysely<WikiDatabase>, pool: LinkExtractorPool): Promise<number> {
  let after = 0;
  let written = 0;
  for (;;) {
    const batch = await lintPagesAfter(db, pool, after);
    if (batch.pages === 0) return written;
    await writeLintRows(db, batch.rows);
    after = batch.last;
    written += batch.rows.length;
  }
}

/** Linter threads for `lintPagesAfter`: up to two (linting costs far more than the rest); the caller closes them. */
export function startLintPool(site: SiteConfig): LinkExtractorPool {
  return new LinkExtractorPool(site, Math.min(2, availableParallelism()));
}

/** A batch of pages linted: how many, the last one's id, and their errors' rows. */
export interface LintedBatch {
  pages: number;
  last: number;
  rows: Array<Insertable<WikiDatabase['linter']>>;
}

/** Lints the wikitext pages after page id `after` (a batch of them, in page id order); writes nothing. */
export async function lintPagesAfter(
  db: Kysely<WikiDatabase>,
  pool: LinkExtractorPool,
  after: number,
): Promise<LintedBatch> {
  const pages = await wikitextPagesAfter(db, after, PAGES_PER_BATCH);
  if (pages.length === 0) return { pages: 0, last: after, rows: [] };
  const extracted = pages.map((page) =>
    pool.extract(page.content_text, { namespace: page.page_namespace, dbKey: page.page_title }),
  );
  pool.flush();
  const lints = await Promise.all(extracted);
  const rows = pages.flatMap((page, i) =>
    (lints[i].lint ?? []).map((e) => ({
      linter_page: page.page_id,
      linter_namespace: page.page_namespace,
      linter_cat: e.category,
      linter_start: e.start,
      linter_end: e.end,
      linter_params: JSON.stringify(e.params),
      linter_template: e.template ?? null,
    })),
  );
  return { pages: pages.length, last: pages[pages.length - 1].page_id, rows };
}

/** Writes a batch's lint errors. */
export async function writeLintRows(db: Kysely<WikiDatabase>, rows: LintedBatch['rows']): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto('linter')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
  }
}
