/**
 * An api.php server on the imported reference wiki, for module tests: `useReferenceApi()` inside a
 * describe gives a getter for the app.
 */
import { after, before } from 'node:test';
import type { TestEngine } from '@svc/common/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import { apiGet } from './api-app.js';
import { importReferenceWiki, type ReferenceWiki } from './reference-wiki.js';

export interface ReferenceApi {
  app: FastifyInstance;
  wiki: ReferenceWiki;
  /** GETs api.php with `format=json&formatversion=2` added and returns the parsed answer. */
  query(params: Record<string, string>): Promise<Record<string, any>>;
}

export function useReferenceApi(engine?: TestEngine): () => ReferenceApi {
  let api: ReferenceApi | undefined;
  before(async () => {
    const wiki = await importReferenceWiki(engine);
    const app = await buildApp({ store: wiki.store, site: wiki.site });
    api = {
      app,
      wiki,
      async query(params) {
        const { json } = await apiGet(app, { action: 'query', format: 'json', formatversion: '2', ...params });
        return json;
      },
    };
  });
  after(async () => {
    await api?.app.close();
    await api?.wiki.dispose();
  });
  return () => {
    if (!api) throw new Error('the reference wiki is not imported yet');
    return api;
  };
}
