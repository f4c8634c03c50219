import { registerHealthRoute } from '@svc/common';
import Fastify, { type FastifyInstance } from 'fastify';
import type { InvoicingStore } from '../store/database.js';

export interface AppOptions {
  store: InvoicingStore;
  logLevel?: string;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logLevel && options.logLevel !== 'silent' ? { level: options.logLevel } : false,
    bodyLimit: 16 * 1024,
  });
  registerHealthRoute(app, options.store.db);
  return app;
}
