/**
 * Default user preferences of a site: MediaWiki's defaults, the site's language and variants, the
 * namespaces searched by default (the content namespaces), and one `gadget-<name>` per gadget of
 * `MediaWiki:Gadgets-definition` (1 when the gadget is on by default; hidden gadgets have none).
 */

import type { WikiStore } from '../store/database.js';
import { currentPageText } from '../store/page-text.js';
import { DEFAULT_USER_OPTIONS, VARIANT_LANGUAGES } from './mediawiki/default-options.js';
import type { SiteConfig } from './site.js';

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
  const text = await currentPageText(store, 8, 'Gadgets-definition');
  if (text === undefined) return [];
  const gadgets: { name: string; enabled: boolean }[] = [];
  for (const line of text.split('\n')) {
    const m = /^\*\s*([A-Za-z][-\w.]*)\s*(?:\[([^\]]*)\])?\s*\|/.exec(line);
    if (!m) continue;
    const options = (m[2] ?? '').split('|').map((o) => o.trim());
    if (options.includes('hidden')) continue;
    gadgets.push({ name: m[1], enabled: options.includes('default') });
  }
  return gadgets;
}
