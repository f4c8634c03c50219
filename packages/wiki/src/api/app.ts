import { registerHealthRoute } from '@svc/common';
import Fastify, { type FastifyInstance } from 'fastify';
import type { WikiStore } from '../store/database.js';

export interface AppOptions {
  store: WikiStore;
  logLevel?: string;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logLevel && options.logLevel !== 'silent' ? { level: options.logLevel } : false,
  });
  registerHealthRoute(app, options.store.db);
  return app;
}
