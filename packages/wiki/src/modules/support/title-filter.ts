/**
 * Parameters that restrict a prop module to some target titles (`pltitles`, `clcategories`,
 * `imimages`): each value is parsed as a title; invalid ones are warned about and skipped.
 */
import type { ModuleContext } from '../../api/module.js';
import { NS_MAIN, type Title } from '../../site/title.js';

/** The titles the parameter names (undefined when it is absent), in `namespace` when one is given. */
export function titleFilter<K extends string>(
  ctx: ModuleContext<{ [N in NoInfer<K>]?: string[] }>,
  param: K,
  defaultNamespace = NS_MAIN,
  namespace?: number,
): Title[] | undefined {
  const values = ctx.params[param];
  if (values === undefined) return undefined;
  const titles: Title[] = [];
  for (const text of values) {
    const parsed = ctx.titles.parse(text, { defaultNamespace });
    if (!parsed.ok || parsed.title.interwiki !== '') ctx.warn('apiwarn-invalidtitle', [text]);
    else if (namespace === undefined || parsed.title.namespace === namespace) titles.push(parsed.title);
  }
  return titles;
}
