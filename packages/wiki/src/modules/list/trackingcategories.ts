import { ENGLISH_INTERFACE_MESSAGES } from '../../api/messages/interface-en.js';
import { lookupMessages } from '../../api/messages/store.js';
import { transformMessage } from '../../api/messages/transform.js';
import type { ContextOf, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { NS_CATEGORY } from '../../site/title.js';
import { categoryRowsQuery, continuedCategories, listCategories } from '../support/category-rows.js';

/** `list=trackingcategories`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'trackingcategories',
  group: 'list',
  prefix: 'tc',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryTrackingCategories',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Trackingcategories',
  parameters: [
    { name: 'continue', type: 'string' },
    { name: 'trackingcatname', type: 'string', multi: true },
    { name: 'min', type: 'integer' },
    { name: 'max', type: 'integer' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'prop', type: ['hidden', 'size'], default: '', multi: true },
  ],
} as const satisfies ModuleDescriptor;

/**
 * The message keys of the tracking categories of MediaWiki and of the extensions the service knows
 * (each has a `-desc` message describing it): every `...-category` message the store ships, and the
 * two core ones named otherwise.
 */
export const TRACKING_CATEGORY_KEYS: readonly string[] = Object.keys(ENGLISH_INTERFACE_MESSAGES)
  .filter((key) => `${key}-desc` in ENGLISH_INTERFACE_MESSAGES)
  .sort();

/**
 * The category (stored title) each tracking category puts its pages in, in the content language
 * with the wiki's overrides; a message emptied or set to `-` disables its category.
 */
async function trackingCategoryTitles(
  ctx: ContextOf<typeof descriptor>,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const messages = await lookupMessages(ctx.store, keys, ctx.site.language, ctx.site.language, ctx.messages);
  const titles = new Map<string, string>();
  for (const key of keys) {
    const text = messages.get(key)?.text;
    if (text === undefined) continue;
    const name = await transformMessage(text, {
      siteName: ctx.site.siteName,
      server: ctx.server,
      scriptPath: ctx.site.scriptPath,
      language: ctx.site.language,
      contentLanguage: ctx.site.language,
      page: { fullTitle: '', text: '', namespace: '' },
      readerName: ctx.user.name,
      gender: async () => 'unknown',
      message: async (other) =>
        (await lookupMessages(ctx.store, [other], ctx.site.language, ctx.site.language, ctx.messages)).get(other)?.text,
    });
    if (name.trim() === '' || name.trim() === '-') continue;
    const title = ctx.titles.parseOrUndefined(name.trim(), { defaultNamespace: NS_CATEGORY });
    if (title === undefined || title.namespace !== NS_CATEGORY || title.interwiki !== '') continue;
    titles.set(title.dbKey, key);
  }
  return titles;
}

/**
 * The tracking categories that exist (have members or a category page), in title order, continued
 * by the next title; `trackingcatname` picks them by message key, `min`/`max` bound the member count.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const p = ctx.params;
  const names = p.trackingcatname;
  const keys = names === undefined ? TRACKING_CATEGORY_KEYS : TRACKING_CATEGORY_KEYS.filter((k) => names.includes(k));
  const titles = await trackingCategoryTitles(ctx, keys);
  if (titles.size === 0) return;
  const query = categoryRowsQuery(ctx)
    .where('cat_title', 'in', [...titles.keys()])
    .where((eb) => eb.or([eb('cat_pages', '>', 0), eb('page_id', 'is not', null)]));
  await listCategories(ctx, continuedCategories(ctx, query, false), false, (row) => ({
    trackingcatname: titles.get(row.cat_title)!,
  }));
};
