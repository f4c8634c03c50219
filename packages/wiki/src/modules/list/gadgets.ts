import { QQX, qqxKey } from '../../api/messages/catalogue.js';
import type { ModuleCacheMode, ModuleExecute, RequestUser } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { list, type ResultObject } from '../../api/result/tree.js';
import type { WikiStore } from '../../store/database.js';
import { type Gadget, readGadgets } from '../../store/gadgets.js';
import { readInterfacePages } from '../../store/interface-pages.js';
import { escapeHtml } from '../../text/escape.js';

/** `list=gadgets`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'gadgets',
  group: 'list',
  prefix: 'ga',
  readrights: true,
  source: 'Gadgets',
  classname: 'MediaWiki\\Extension\\Gadgets\\Api\\ApiQueryGadgets',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/Extension:Gadgets#API',
  parameters: [
    { name: 'prop', type: ['desc', 'id', 'metadata'], default: 'id|metadata', multi: true },
    { name: 'categories', type: 'string', multi: true },
    { name: 'ids', type: 'string', multi: true },
    { name: 'allowedonly', type: 'boolean' },
    { name: 'enabledonly', type: 'boolean' },
  ],
} as const satisfies ModuleDescriptor;

/** The gadgets of `MediaWiki:Gadgets-definition` in definition order, filtered as asked. */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const prop = new Set(ctx.params.prop);
  const categories = ctx.params.categories;
  const ids = ctx.params.ids;
  let gadgets = await readGadgets(ctx.store);
  // An empty list of categories filters nothing; an empty list of ids lets no gadget through.
  if (categories && categories.length > 0) gadgets = gadgets.filter((g) => categories.includes(g.category));
  if (ids) gadgets = gadgets.filter((g) => ids.includes(g.name));
  if (ctx.params.allowedonly) gadgets = gadgets.filter((g) => g.rights.every((r) => ctx.user.rights.has(r)));
  if (ctx.params.enabledonly) {
    const chosen = await gadgetPreferences(ctx.store, ctx.user);
    gadgets = gadgets.filter((g) => chosen.get(g.name) ?? g.default);
  }
  const descriptions = prop.has('desc')
    ? await readInterfacePages(
        ctx.store,
        gadgets.map((g) => `Gadget-${g.name.replaceAll(' ', '_')}`),
      )
    : undefined;
  const out = ctx.result.list('gadget');
  for (const gadget of gadgets) {
    const item: ResultObject = {};
    if (prop.has('id')) item.id = gadget.name;
    if (prop.has('metadata')) item.metadata = metadata(gadget);
    if (descriptions) {
      const text = descriptions.get(`Gadget-${gadget.name.replaceAll(' ', '_')}`);
      // A gadget without a description page shows its message key, as MediaWiki shows a missing message.
      item.desc =
        ctx.language === QQX
          ? escapeHtml(qqxKey(`gadget-${gadget.name}`))
          : text === undefined
            ? `&lt;gadget-${escapeHtml(gadget.name)}&gt;`
            : escapeHtml(text.trim());
    }
    // Counted like every list's items, which also lets formatversion 2 print an empty one as `[]`.
    if (!ctx.result.fits(item)) break;
    out.push(item);
  }
};

/** The gadget's definition; its lists carry no element name in XML (`_v`), as the Gadgets extension gives them. */
function metadata(g: Gadget): ResultObject {
  return {
    settings: {
      rights: list('_v', [...g.rights]),
      skins: list('_v', [...g.skins]),
      actions: list('_v', [...g.actions]),
      default: g.default,
      hidden: g.hidden,
      package: g.package,
      shared: g.shared,
      category: g.category,
      legacyscripts: !g.resourceLoader && g.scripts.length > 0,
      supportsUrlLoad: g.supportsUrlLoad,
    },
    module: {
      scripts: list('_v', [...g.scripts]),
      styles: list('_v', [...g.styles]),
      datas: list('_v', [...g.datas]),
      dependencies: list('_v', [...g.dependencies]),
      peers: list('_v', [...g.peers]),
      messages: list('_v', []),
    },
  };
}

/** The caller's own `gadget-<name>` preferences (anonymous callers have none). */
async function gadgetPreferences(store: WikiStore, user: RequestUser): Promise<Map<string, boolean>> {
  const chosen = new Map<string, boolean>();
  if (user.anonymous) return chosen;
  const rows = await store.db
    .selectFrom('user_properties')
    .select(['up_property', 'up_value'])
    .where('up_user', '=', user.id)
    .where('up_property', 'like', 'gadget-%')
    .execute();
  for (const row of rows)
    chosen.set(
      row.up_property.slice('gadget-'.length),
      row.up_value !== null && row.up_value !== '0' && row.up_value !== '',
    );
  return chosen;
}

/** Who may keep the answer: only the caller (as MediaWiki's Gadgets keeps it). */
export const cacheMode: ModuleCacheMode<typeof descriptor> = () => 'private';
