/**
 * Default user preferences of a site: MediaWiki's defaults, the site's language and variants, the
 * namespaces searched by default (the content namespaces), and one `gadget-<name>` per gadget of
 * `MediaWiki:Gadgets-definition` (1 when the gadget is on by default; hidden gadgets have none).
 */

import { DEFAULT_USER_OPTIONS, VARIANT_LANGUAGES } from '../site/mediawiki/default-options.js';
import type { SiteConfig } from '../site/site.js';
import type { WikiStore } from './database.js';
import { readGadgets } from './gadgets.js';

export async function defaultUserOptions(
  store: WikiStore,
  site: SiteConfig,
): Promise<Record<string, string | number | boolean>> {
  const options: Record<string, string | number | boolean> = { ...DEFAULT_USER_OPTIONS };
  options.language = site.language;
  options.variant = site.language;
  for (const code of VARIANT_LANGUAGES) options[`variant-${code}`] = code;
  for (const ns of site.namespaces) if (ns.id >= 0) options[`searchNs${ns.id}`] = ns.id === 0 ? 1 : 0;
  for (const gadget of await gadgetDefaults(store)) options[`gadget-${gadget.name}`] = gadget.enabled ? 1 : 0;
  return options;
}

async function gadgetDefaults(store: WikiStore): Promise<{ name: string; enabled: boolean }[]> {
  const gadgets = await readGadgets(store);
  return gadgets.filter((g) => !g.hidden).map((g) => ({ name: g.name, enabled: g.default }));
}
