/**
 * The served site as another process changes it (an import into the primary): on PostgreSQL the
 * change watch (store/change-watch.ts) tells the server's event loop and each of its request
 * threads that the data moved, and each reloads the site settings it serves if the stored ones
 * differ from them, within a second of the change reaching the database it reads.
 */
import { TitleCodec } from '../site/title.js';
import { type ChangeWatch, watchStoreChanges } from '../store/change-watch.js';
import type { WikiStore } from '../store/database.js';
import { loadSite } from '../store/site-store.js';
import { useUserGenders } from './gender.js';
import { refreshLanguageData } from './language-data.js';
import { refreshMessageCatalogue } from './messages/catalogue.js';
import type { ApiServices } from './request-state.js';

/** Replaces the services' site (and its title codec) by the stored one, if they differ. */
export async function reloadSite(store: WikiStore, services: ApiServices): Promise<void> {
  const stored = await loadSite(store.db);
  if (!stored || JSON.stringify(stored) === JSON.stringify(services.site)) return;
  const reloaded = new TitleCodec(stored);
  await useUserGenders(reloaded, store);
  services.site = stored;
  services.titles = reloaded;
}

/**
 * Watches the store's changes (which also lets its caches keep rows, see change-watch.ts) and,
 * unless the site was given rather than read from the store (`followSite` false), reloads it; the
 * message catalogue and the language data are read again whenever their stored source rows changed.
 */
export function watchStoredSite(store: WikiStore, services: ApiServices, followSite: boolean): ChangeWatch {
  return watchStoreChanges(store, async () => {
    if (followSite) await reloadSite(store, services);
    services.messages = await refreshMessageCatalogue(store, services.messages);
    services.languages = await refreshLanguageData(store, services.languages);
  });
}
