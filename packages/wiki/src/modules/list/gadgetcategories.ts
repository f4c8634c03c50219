import { QQX, qqxKey } from '../../api/messages/catalogue.js';
import type { ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import type { ResultObject } from '../../api/result/tree.js';
import { readGadgets } from '../../store/gadgets.js';
import { readInterfacePages } from '../../store/interface-pages.js';
import { escapeHtml } from '../../text/escape.js';

/** `list=gadgetcategories`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'gadgetcategories',
  group: 'list',
  prefix: 'gc',
  readrights: true,
  source: 'Gadgets',
  classname: 'MediaWiki\\Extension\\Gadgets\\Api\\ApiQueryGadgetCategories',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/Extension:Gadgets#API',
  parameters: [
    { name: 'prop', type: ['members', 'name', 'title'], default: 'name', multi: true },
    { name: 'names', type: 'string', multi: true },
  ],
} as const satisfies ModuleDescriptor;

/** The sections of `MediaWiki:Gadgets-definition` in definition order, with their member counts. */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const prop = new Set(ctx.params.prop);
  const names = ctx.params.names;
  const members = new Map<string, number>();
  for (const gadget of await readGadgets(ctx.store))
    members.set(gadget.category, (members.get(gadget.category) ?? 0) + 1);
  // An empty list of names (`gcnames=`) filters nothing.
  const categories = [...members].filter(([name]) => !names || names.length === 0 || names.includes(name));
  const titles = prop.has('title')
    ? await readInterfacePages(
        ctx.store,
        categories.map(([name]) => `Gadget-section-${name}`),
      )
    : undefined;
  const out = ctx.result.list('category');
  for (const [name, count] of categories) {
    const item: ResultObject = {};
    if (prop.has('name')) item.name = name;
    if (titles) {
      item.desc = sectionTitle(name, titles.get(`Gadget-section-${name}`), ctx.language === QQX);
    }
    if (prop.has('members')) item.members = count;
    // Counted like every list's items, which also lets formatversion 2 print an empty one as `[]`.
    if (!ctx.result.fits(item)) break;
    out.push(item);
  }
};

/**
 * A section's title: its message `gadget-section-<name>` (the key itself in the pseudo-language
 * `qqx`, the key in angle brackets where the wiki has no such page); gadgets outside any section
 * have none.
 */
function sectionTitle(name: string, text: string | undefined, qqx: boolean): string {
  if (name === '') return text === undefined ? '' : escapeHtml(text.trim());
  if (qqx) return escapeHtml(qqxKey(`gadget-section-${name}`));
  return text === undefined ? `&lt;gadget-section-${escapeHtml(name)}&gt;` : escapeHtml(text.trim());
}

/** Who may keep the answer: only the caller (as MediaWiki's Gadgets keeps it). */
export const cacheMode: ModuleCacheMode<typeof descriptor> = () => 'private';
