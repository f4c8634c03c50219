/**
 * MediaWiki's bad image list (the page `MediaWiki:Bad image list`): lines starting with `*` name a
 * file by its first link; further links on the line name the pages where it may still be shown.
 */
import type { TitleCodec } from '../../site/title.js';
import type { WikiStore } from '../../store/database.js';
import { currentPageText } from '../../store/page-text.js';

/** Bad files (db keys) with the prefixed titles of the pages excepted for each. */
export type BadImageList = Map<string, Set<string>>;

export async function loadBadImageList(store: WikiStore, titles: TitleCodec): Promise<BadImageList> {
  const text = await currentPageText(store, 8, 'Bad_image_list');
  const bad: BadImageList = new Map();
  for (const line of (text ?? '').split('\n')) {
    if (!line.startsWith('*')) continue;
    const links = [...line.matchAll(/\[\[:?([^\]|]+)(?:\|[^\]]*)?\]\]/g)].flatMap((m) => {
      const title = titles.parseOrUndefined(m[1] ?? '');
      return title ? [title] : [];
    });
    const [file, ...exceptions] = links;
    if (file?.namespace !== 6) continue;
    bad.set(file.dbKey, new Set(exceptions.map((t) => titles.prefixedText(t))));
  }
  return bad;
}

/** Whether a file may not be shown inline (on `context`, when given, which may be excepted). */
export function isBadFile(list: BadImageList, dbKey: string, context: string | undefined): boolean {
  const exceptions = list.get(dbKey);
  if (!exceptions) return false;
  return context === undefined || !exceptions.has(context);
}
