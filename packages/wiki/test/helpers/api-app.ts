/**
 * An api.php server on an empty SQLite store with the reference wiki's site description, for tests
 * that need no wiki content (errors, formats, paraminfo).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import type { SiteConfig } from '../../src/site/site.js';
import { openWikiStore, type WikiStore } from '../../src/store/database.js';
import { germanSite } from './german-site.js';

export interface TestApi {
  app: FastifyInstance;
  store: WikiStore;
  close(): Promise<void>;
}

export async function emptyWikiApi(overrides: Partial<SiteConfig> = {}): Promise<TestApi> {
  const store = await openWikiStore({ engine: 'sqlite', file: ':memory:' });
  const app = await buildApp({ store, site: germanSite(overrides) });
  return {
    app,
    store,
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}

/** GETs api.php with the given parameters (in order) and parses a JSON answer. */
export async function apiGet(app: FastifyInstance, params: Record<string, string> | [string, string][]) {
  const query = new URLSearchParams(Array.isArray(params) ? params : Object.entries(params)).toString();
  const response = await app.inject({ method: 'GET', url: `/api.php?${query}` });
  const json = response.headers['content-type']?.toString().startsWith('application/json')
    ? response.json()
    : undefined;
  return { response, json };
}
