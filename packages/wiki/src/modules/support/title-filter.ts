/**
 * Parameters that restrict a prop module to some target titles (`pltitles`, `clcategories`,
 * `imimages`): each value is parsed as a title; invalid ones are warned about and skipped.
 */

import type { ModuleContext } from '../../api/module.js';
import { NS_MAIN, type Title } from '../../site/title.js';
import { escapeWikiText } from '../../text/escape-wikitext.js';

/**
 * The titles the parameter names (undefined when it is absent), in `namespace` when one is given.
 * A value that is no title is warned about with `apiwarn-invalidtitle`; with `outside`, a value
 * that names no title of `namespace` (read without a default namespace: `Foo` is no file) is warned
 * about with that message instead (`apiwarn-notfile`). The value is escaped as wikitext, as
 * MediaWiki gives it.
 */
export function titleFilter<K extends string>(
  ctx: ModuleContext<{ [N in NoInfer<K>]?: string[] }>,
  param: K,
  defaultNamespace = NS_MAIN,
  namespace?: number,
  outside?: string,
): Title[] | undefined {
  const values = ctx.params[param];
  // An empty value filters nothing, as MediaWiki's empty list is false; titles that were all
  // invalid leave an empty filter, which lets nothing through.
  if (values === undefined || values.length === 0) return undefined;
  const titles: Title[] = [];
  for (const text of values) {
    const parsed = ctx.titles.parse(text, { defaultNamespace });
    const valid = parsed.ok && parsed.title.interwiki === '';
    if (outside && (!valid || parsed.title.namespace !== namespace)) {
      ctx.warn(outside, [escapeWikiText(text)]);
    } else if (!valid) ctx.warn('apiwarn-invalidtitle', [escapeWikiText(text)]);
    else if (namespace === undefined || parsed.title.namespace === namespace) titles.push(parsed.title);
  }
  return titles;
}
