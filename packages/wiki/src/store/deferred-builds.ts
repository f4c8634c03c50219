/**
 * The builds an import leaves for after it: the link tables with templates expanded, the
 * full-text search index and the lint errors. The import records each with the number of pages
 * to go through; the builder (`src/import/deferred-builds.ts`, run by the import's command and by
 * `serve`) records its progress after every batch and removes the row when done, so that a build
 * stopped halfway resumes where it was. The API reads the rows to say that its answers are
 * incomplete meanwhile: a row is one primary-key lookup, read for every request while a build is
 * pending (the builder writes from another process); once none is, a module asks again at most
 * once a second (`modules/support/deferred-build-warning.ts`).
 */
import type { Kysely } from 'kysely';
import type { WikiDatabase } from './schema.js';

export type DeferredBuildKind = 'links' | 'search' | 'lint';

export interface DeferredBuildState {
  kind: DeferredBuildKind;
  total: number;
  done: number;
  /** The last page id done. */
  after: number;
  /** A `links` build's tables to replace. */
  tables: string[];
}

/**
 * Records that a build is to be done (again) over `total` pages, from the first page (a `links`
 * build replacing `tables`).
 */
export async function deferBuild(
  db: Kysely<WikiDatabase>,
  kind: DeferredBuildKind,
  total: number,
  tables: readonly string[] = [],
): Promise<void> {
  const started = new Date().toISOString();
  const state = { db_total: total, db_done: 0, db_after: 0, db_started: started, db_tables: tables.join(' ') };
  await db
    .insertInto('deferred_build')
    .values({ db_kind: kind, ...state })
    .onConflict((oc) => oc.column('db_kind').doUpdateSet(state))
    .execute();
}

/** The build's state while it is not complete; undefined once it is (or was never deferred). */
export async function deferredBuild(
  db: Kysely<WikiDatabase>,
  kind: DeferredBuildKind,
): Promise<DeferredBuildState | undefined> {
  const row = await db
    .selectFrom('deferred_build')
    .select(['db_total', 'db_done', 'db_after', 'db_tables'])
    .where('db_kind', '=', kind)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    kind,
    total: Number(row.db_total),
    done: Number(row.db_done),
    after: Number(row.db_after),
    tables: row.db_tables.split(' ').filter((t) => t !== ''),
  };
}

/** Every build not complete. */
export async function deferredBuilds(db: Kysely<WikiDatabase>): Promise<DeferredBuildState[]> {
  const states: DeferredBuildState[] = [];
  for (const kind of ['links', 'search', 'lint'] as const) {
    const state = await deferredBuild(db, kind);
    if (state) states.push(state);
  }
  return states;
}

/** Records a build's progress (in the transaction of the batch it finished). */
export async function recordBuildProgress(
  db: Kysely<WikiDatabase>,
  kind: DeferredBuildKind,
  done: number,
  after: number,
): Promise<void> {
  await db.updateTable('deferred_build').set({ db_done: done, db_after: after }).where('db_kind', '=', kind).execute();
}

/** The build is complete. */
export async function finishBuild(db: Kysely<WikiDatabase>, kind: DeferredBuildKind): Promise<void> {
  await db.deleteFrom('deferred_build').where('db_kind', '=', kind).execute();
}
