/**
 * The warning of a module whose data an import left to be built after it and that is not built
 * yet (the search index, the lint errors): the answer is complete only once the build is.
 */
import type { ModuleContext } from '../../api/module.js';
import { type DeferredBuildKind, type DeferredBuildState, deferredBuild } from '../../store/deferred-builds.js';

const MESSAGES: Record<DeferredBuildKind, string> = {
  search: 'apiwarn-searchindex-building',
  lint: 'apiwarn-linter-in-progress',
};

/** Warns when the build is in progress; returns its state then. */
export async function warnWhileBuilding(
  ctx: ModuleContext,
  kind: DeferredBuildKind,
): Promise<DeferredBuildState | undefined> {
  const state = await deferredBuild(ctx.store.db, kind);
  if (state) {
    const n = (value: number) => value.toLocaleString('en-US');
    ctx.warn(MESSAGES[kind], [n(Math.min(state.done, state.total)), n(state.total)], `${kind}-in-progress`);
  }
  return state;
}
