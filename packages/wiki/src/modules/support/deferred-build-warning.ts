/**
 * The warning of a module whose data an import left to be built after it and that is not built
 * yet (the link tables with templates expanded, the search index, the lint errors): the answer is complete only once the build is.
 */
import type { ModuleContext } from '../../api/module.js';
import { type DeferredBuildKind, type DeferredBuildState, deferredBuild } from '../../store/deferred-builds.js';

const MESSAGES: Record<DeferredBuildKind, string> = {
  links: 'apiwarn-links-building',
  search: 'apiwarn-searchindex-building',
  lint: 'apiwarn-linter-in-progress',
};

/**
 * How long a store known to have no such build is believed (a build is only ever started by an
 * import): modules of every request ask, and the row is read again at most this often then.
 */
const NONE_PENDING_MS = 1000;
const nonePendingSince = new WeakMap<object, Map<DeferredBuildKind, number>>();

/** Warns when the build is in progress; returns its state then. */
export async function warnWhileBuilding(
  ctx: ModuleContext,
  kind: DeferredBuildKind,
): Promise<DeferredBuildState | undefined> {
  let known = nonePendingSince.get(ctx.store);
  if (known === undefined) {
    known = new Map();
    nonePendingSince.set(ctx.store, known);
  }
  const since = known.get(kind);
  if (since !== undefined && performance.now() - since < NONE_PENDING_MS) return undefined;
  const state = await deferredBuild(ctx.store.db, kind);
  if (state === undefined) known.set(kind, performance.now());
  else {
    const n = (value: number) => value.toLocaleString('en-US');
    ctx.warn(MESSAGES[kind], [n(Math.min(state.done, state.total)), n(state.total)], `${kind}-in-progress`);
  }
  return state;
}
