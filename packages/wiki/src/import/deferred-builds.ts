/**
 * Builds what an import left for after it (`src/store/deferred-builds.ts`): the link tables with
 * templates expanded, the full-text search index and the lint errors, in batches of pages, each
 * batch its own transaction that also records how far the build has come, so that the server
 * answers meanwhile (from what is built so far) and a build that is stopped resumes where it was.
 * The import's command runs this after the import; `serve` runs it in the background for a build
 * left unfinished.
 */

import type { WikiStore } from '../store/database.js';
import { type DeferredBuildState, deferredBuilds, finishBuild, recordBuildProgress } from '../store/deferred-builds.js';
import { refreshPlannerStatistics } from '../store/planner-statistics.js';
import { refreshQueryCache } from '../store/querycache.js';
import { refreshSearchIndex, startSearchIndexThread } from '../store/search-index.js';
import { siteStatistics } from '../store/site-statistics.js';
import { loadSite } from '../store/site-store.js';
import { countCategories } from './category-counts.js';
import { EXPANDED_LINK_TABLES, expandLinksAfter, writeExpandedRows } from './expanded-links.js';
import { lintPagesAfter, startLintPool, writeLintRows } from './lint-errors.js';
import { type ImportProgress, silentProgress } from './progress.js';

/**
 * Pages indexed per transaction: few enough that each is short (readers and other writers wait
 * little), many enough that a transaction's fixed costs vanish. Their words are stemmed as they are
 * indexed (a vocabulary pass after each batch would read the whole, growing vocabulary each time).
 */
const SEARCH_PAGES_PER_BATCH = 200;

export interface DeferredBuildResult {
  kind: DeferredBuildState['kind'];
  pages: number;
  seconds: number;
  /** Pages the build could not do as it should (`links`: their expansion failed; read as written). */
  failed?: number;
}

const DESCRIPTIONS: Record<DeferredBuildState['kind'], string> = {
  links: 'links with templates expanded',
  search: 'search index built',
  lint: 'lint errors found',
};

/** A line saying what a build did (`search index built: 2,004 pages in 3.1 s`). */
export function describeDeferredBuild(result: DeferredBuildResult): string {
  const what = DESCRIPTIONS[result.kind];
  const failed = result.failed
    ? ` (${result.failed.toLocaleString('en-US')} read as written: their expansion failed)`
    : '';
  return `${what}: ${result.pages.toLocaleString('en-US')} pages in ${result.seconds.toFixed(1)} s${failed}`;
}

export interface DeferredBuildOptions {
  /** Stop each build after this many batches (it resumes later from there); default: build to the end. */
  batches?: number;
  /** An interface message's text in the content language (tracking categories' names). */
  message?(key: string): Promise<string | undefined>;
}

/** Completes (or, with `batches`, advances) every build not complete; returns what each did. */
export async function completeDeferredBuilds(
  store: WikiStore,
  progress: ImportProgress = silentProgress,
  options: DeferredBuildOptions = {},
): Promise<DeferredBuildResult[]> {
  const results: DeferredBuildResult[] = [];
  const batches = options.batches ?? Number.POSITIVE_INFINITY;
  for (const state of await deferredBuilds(store.db)) {
    const started = performance.now();
    const { pages, failed } =
      state.kind === 'links'
        ? await buildExpandedLinks(store, state, progress, batches, options)
        : {
            pages:
              state.kind === 'search'
                ? await buildSearchIndex(store, state, progress, batches)
                : await buildLint(store, state, progress, batches),
            failed: 0,
          };
    const result: DeferredBuildResult = { kind: state.kind, pages, seconds: (performance.now() - started) / 1000 };
    if (failed > 0) result.failed = failed;
    results.push(result);
  }
  if (results.length > 0) await refreshPlannerStatistics(store.db);
  return results;
}

async function siteOf(store: WikiStore) {
  const site = await loadSite(store.db);
  if (!site) throw new Error('the store holds no wiki');
  return site;
}

/**
 * The link tables the import derived from wikitext as written, completed with what the pages'
 * templates add (`expanded-links.ts`), a batch of pages a transaction; at the end the category
 * counts and the query pages, which read the link tables, are computed again.
 */
async function buildExpandedLinks(
  store: WikiStore,
  state: DeferredBuildState,
  progress: ImportProgress,
  batches: number,
  options: DeferredBuildOptions,
): Promise<{ pages: number; failed: number }> {
  const site = await siteOf(store);
  const counts = { ...(await siteStatistics(store)) };
  const tables = EXPANDED_LINK_TABLES.filter((table) => state.tables.includes(table));
  const messages = new Map<string, Promise<string | undefined>>();
  const message = (key: string) => {
    let text = messages.get(key);
    if (text === undefined) {
      text = options.message?.(key) ?? Promise.resolve(undefined);
      messages.set(key, text);
    }
    return text;
  };
  let { done, after } = state;
  let failed = 0;
  progress.begin('expanding templates for the link tables', Math.max(1, state.total), 'pages');
  progress.advance(done);
  try {
    for (let batch = 0; batch < batches; batch++) {
      // Parsed before the batch's transaction, which then only writes (as the lint build does).
      const result = await expandLinksAfter(store.db, site, after, { now: new Date(), counts, message });
      failed += result.failed;
      const read = await store.db.transaction().execute(async (trx) => {
        await writeExpandedRows(trx, result, tables);
        if (result.pages === 0) {
          if (state.tables.includes('category')) await countCategories(trx);
          await refreshQueryCache(trx, site);
          await finishBuild(trx, 'links');
        } else await recordBuildProgress(trx, 'links', done + result.pages, result.last);
        return result;
      });
      if (read.pages === 0) break;
      done += read.pages;
      after = read.last;
      progress.advance(Math.min(done, state.total));
    }
  } finally {
    progress.end();
  }
  return { pages: done - state.done, failed };
}

async function buildSearchIndex(
  store: WikiStore,
  state: DeferredBuildState,
  progress: ImportProgress,
  batches: number,
): Promise<number> {
  const site = await siteOf(store);
  let done = state.done;
  progress.begin('building the search index', Math.max(1, state.total), 'pages');
  progress.advance(done);
  // The pages' texts are prepared on a thread of the build's own: the garbage of copying every
  // text several times then goes with it, where this thread kept up to 60 MB of it into the lint
  // build (this thread has little to collect for long after, so V8 does not collect it soon).
  const helper = startSearchIndexThread(store.db, site.language);
  try {
    for (let batch = 0; batch < batches; batch++) {
      const indexed = await store.db.transaction().execute(async (trx) => {
        const n = await refreshSearchIndex(trx, site, {
          maxPages: SEARCH_PAGES_PER_BATCH,
          vocabularyPassPages: SEARCH_PAGES_PER_BATCH + 1,
          ...(helper ? { helper } : {}),
        });
        if (n === 0) await finishBuild(trx, 'search');
        else await recordBuildProgress(trx, 'search', done + n, 0);
        return n;
      });
      if (indexed === 0) break;
      done += indexed;
      progress.advance(Math.min(done, state.total));
    }
  } finally {
    progress.end();
    await helper?.close();
  }
  return done - state.done;
}

async function buildLint(
  store: WikiStore,
  state: DeferredBuildState,
  progress: ImportProgress,
  batches: number,
): Promise<number> {
  const site = await siteOf(store);
  const pool = startLintPool(site);
  let { done, after } = state;
  progress.begin('finding lint errors', Math.max(1, state.total), 'pages');
  progress.advance(done);
  try {
    for (let batch = 0; batch < batches; batch++) {
      // Linted before the batch's transaction, which then only writes: it holds the store's
      // write lock for a moment, not for the linting.
      const batch = await lintPagesAfter(store.db, pool, after);
      await store.db.transaction().execute(async (trx) => {
        // A build from the start replaces the errors of an earlier import.
        if (after === 0) await trx.deleteFrom('linter').execute();
        await writeLintRows(trx, batch.rows);
        if (batch.pages === 0) await finishBuild(trx, 'lint');
        else await recordBuildProgress(trx, 'lint', done + batch.pages, batch.last);
      });
      if (batch.pages === 0) break;
      done += batch.pages;
      after = batch.last;
      progress.advance(Math.min(done, state.total));
    }
  } finally {
    progress.end();
    await pool.close();
  }
  return done - state.done;
}
