/**
 * A revision's diff to another revision (`diffto`), as MediaWiki's difference engine makes it for
 * the API: which two revisions are compared (`prev`, `next`, `cur` or a revision id), what it
 * answers when one of them is missing or hidden, and whether the diff was made (counted against
 * the module's budget of uncached diffs) or answered without comparing anything.
 */
import type { ModuleContext } from '../../api/module.js';
import { type ResultObject, withContent } from '../../api/result/tree.js';
import { contentTexts, revisionSlots } from '../../store/content-cache.js';
import { type DiffLabels, diffTableRows } from '../../text/text-diff.js';
import { canSeeField, DELETED_TEXT } from './hidden-content.js';

/** The revision a diff is made to: the one before, the one after, a revision id (0: the current one). */
export type DiffTarget = 'prev' | 'next' | number;

/** The `diffto` value as MediaWiki reads it (`cur` is 0). */
export function diffTargetOf(diffto: string): DiffTarget {
  if (diffto === 'prev' || diffto === 'next') return diffto;
  return diffto === 'cur' ? 0 : Number(diffto);
}

/** A revision as the difference engine loads it from the revision table. */
interface LoadedRevision {
  id: number;
  page: number;
  timestamp: string;
  deleted: number;
  sha1: string;
}

/** The revision being diffed: its id and its page's title (for `cur`). */
export interface DiffedRevision {
  revId: number;
  namespace: number;
  dbKey: string;
}

/** A diff's answer, and whether it was made (an uncached diff, counted) or answered at once. */
export interface RevisionDiff {
  diff: ResultObject;
  made: boolean;
}

type Db = ModuleContext<object>['store']['db'];

async function revisionById(db: Db, id: number): Promise<LoadedRevision | undefined> {
  const row = await db
    .selectFrom('revision')
    .select(['rev_id', 'rev_page', 'rev_timestamp', 'rev_deleted', 'rev_sha1'])
    .where('rev_id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      id: row.rev_id,
      page: row.rev_page,
      timestamp: row.rev_timestamp,
      deleted: row.rev_deleted,
      sha1: row.rev_sha1,
    }
  );
}

/** The revision of the same page just before (or after) `rev`, by timestamp then id. */
export async function neighbour(
  db: Db,
  rev: Pick<LoadedRevision, 'id' | 'page' | 'timestamp'>,
  direction: 'prev' | 'next',
): Promise<number | undefined> {
  const [op, order] = direction === 'prev' ? (['<', 'desc'] as const) : (['>', 'asc'] as const);
  const row = await db
    .selectFrom('revision')
    .select('rev_id')
    .where('rev_page', '=', rev.page)
    .where((eb) =>
      eb.or([
        eb('rev_timestamp', op, rev.timestamp),
        eb.and([eb('rev_timestamp', '=', rev.timestamp), eb('rev_id', op, rev.id)]),
      ]),
    )
    .orderBy('rev_timestamp', order)
    .orderBy('rev_id', order)
    .limit(1)
    .executeTakeFirst();
  return row?.rev_id;
}

/** The current revision of a title's page, if the page exists. */
async function currentRevision(db: Db, namespace: number, dbKey: string): Promise<LoadedRevision | undefined> {
  const page = await db
    .selectFrom('page')
    .select('page_latest')
    .where('page_namespace', '=', namespace)
    .where('page_title', '=', dbKey)
    .executeTakeFirst();
  return page ? revisionById(db, page.page_latest) : undefined;
}

/**
 * The two revision ids compared, as the answer names them (`from`, `to`): `prev` compares the
 * revision before with this one (none: false), `next` this one with the one after (none: 0, the
 * current revision), a revision id this one with it.
 */
async function comparedIds(db: Db, revId: number, target: DiffTarget): Promise<[number | false, number]> {
  if (target === 'prev') {
    const rev = await revisionById(db, revId);
    const before = rev && (await neighbour(db, rev, 'prev'));
    return [before ?? false, revId];
  }
  if (target === 'next') {
    const rev = await revisionById(db, revId);
    const after = rev && (await neighbour(db, rev, 'next'));
    return [revId, after ?? 0];
  }
  return [revId, target];
}

async function mainText(ctx: ModuleContext<object>, rev: LoadedRevision): Promise<string> {
  const slots = (await revisionSlots(ctx.store, [{ revId: rev.id, sha1: rev.sha1 }])).get(rev.id) ?? [];
  const main = slots.find((slot) => slot.slot_role === 'main');
  if (!main) return '';
  return (await contentTexts(ctx.store, [main])).get(main.content_id) ?? '';
}

/**
 * The diff of `revision` to `target`. Answered without comparing anything (not counted): a
 * body of false when a revision is missing from the revision table (a deleted revision is) or its
 * text hidden from the caller, an empty body when there is no revision before or both are the
 * same.
 */
export async function diffToRevision(
  ctx: ModuleContext<object>,
  revision: DiffedRevision,
  target: DiffTarget,
  labels: DiffLabels,
): Promise<RevisionDiff> {
  const db = ctx.store.db;
  const [fromId, toId] = await comparedIds(db, revision.revId, target);
  const answer = (body: string | false, made = false) => ({
    diff: withContent({ from: fromId, to: toId, body }, 'body'),
    made,
  });
  const newRev =
    toId !== 0 ? await revisionById(db, toId) : await currentRevision(db, revision.namespace, revision.dbKey);
  if (!newRev) return answer(false);
  const oldRev = fromId === false ? false : await revisionById(db, fromId);
  if (oldRev === undefined) return answer(false);
  if (oldRev && !canSeeField(ctx.user, oldRev.deleted, DELETED_TEXT)) return answer(false);
  if (!canSeeField(ctx.user, newRev.deleted, DELETED_TEXT)) return answer(false);
  if (oldRev === false || oldRev.id === newRev.id) return answer('');
  return answer(diffTableRows(await mainText(ctx, oldRev), await mainText(ctx, newRev), labels), true);
}
