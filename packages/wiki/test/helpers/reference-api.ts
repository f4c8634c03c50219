/**
 * Inside a describe: api.php over the imported reference wiki on the given engine, and a shortcut
 * for JSON queries against it (formatversion 2 unless the parameters say otherwise).
 */
import { after, before } from 'node:test';
import type { TestEngine } from '@svc/common/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import type { SiteConfig } from '../../src/site/site.js';
import type { WikiStore } from '../../src/store/database.js';
import { importReferenceWiki, type ReferenceWiki, type ReferenceWikiOptions } from './reference-wiki.js';

export interface ReferenceApi {
  app: FastifyInstance;
  store: WikiStore;
  site: SiteConfig;
  /** GETs `action=query` with the parameters and returns the parsed JSON answer. */
  query(params: Record<string, string>): Promise<any>;
}

export async function queryJson(app: FastifyInstance, params: Record<string, string>): Promise<any> {
  const search = new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', ...params });
  const response = await app.inject({ method: 'GET', url: `/api.php?${search}` });
  if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
  return response.json();
}

export function useReferenceApi(engine?: TestEngine, options: ReferenceWikiOptions = {}): () => ReferenceApi {
  let wiki: ReferenceWiki | undefined;
  let api: ReferenceApi | undefined;
  before(async () => {
    wiki = await importReferenceWiki(engine, options);
    const app = await buildApp({ store: wiki.store, site: wiki.site });
    api = { app, store: wiki.store, site: wiki.site, query: (params) => queryJson(app, params) };
  });
  after(async () => {
    await api?.app.close();
    await wiki?.dispose();
  });
  return () => {
    if (!api) throw new Error('the reference wiki is not imported yet');
    return api;
  };
}

/**
 * A second api.php over the same store whose answers may hold only `bytes` of text
 * (`APIMaxResultSize`), to see modules stop when the answer is full. Close it after use.
 */
export async function withResultLimit(api: ReferenceApi, bytes: number): Promise<ReferenceApi> {
  const site = { ...api.site, settings: { ...api.site.settings, APIMaxResultSize: bytes } };
  const app = await buildApp({ store: api.store, site });
  return { app, store: api.store, site, query: (params) => queryJson(app, params) };
}

/** The text an answer's size limit counts for a value: the bytes of its scalars. */
export const scalarBytes = (value: unknown): number =>
  value === null || value === undefined
    ? 0
    : typeof value === 'object'
      ? Object.values(value).reduce<number>((n, v) => n + scalarBytes(v), 0)
      : Buffer.byteLength(String(value));
