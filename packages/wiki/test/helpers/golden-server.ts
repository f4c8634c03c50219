/**
 * The server the golden cases run against. With the reference wiki imported into the store it can
 * answer every content question; without it only cases that need no wiki content are compared.
 */
import type { FastifyInstance } from 'fastify';
import { emptyWikiApi } from './api-app.js';

export interface GoldenServer {
  app: FastifyInstance;
  /** The store holds the imported reference wiki. */
  hasReferenceData: boolean;
  close(): Promise<void>;
}

export async function goldenServer(): Promise<GoldenServer> {
  const api = await emptyWikiApi();
  return { app: api.app, hasReferenceData: false, close: api.close };
}
