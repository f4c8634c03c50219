import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { databaseIsReachable } from './database.js';

/** `GET /healthz`: 200 while the database answers, 503 otherwise. */
export function registerHealthRoute(app: FastifyInstance, db: Kysely<any>) {
  app.get('/healthz', async (_request, reply) => {
    const ok = await databaseIsReachable(db);
    reply.header('cache-control', 'no-store');
    return reply
      .code(ok ? 200 : 503)
      .send({ status: ok ? 'ok' : 'unavailable', database: ok ? 'reachable' : 'unreachable' });
  });
}
