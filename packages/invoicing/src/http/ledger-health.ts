import { databaseIsReachable } from '@svc/common';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';

/**
 * `GET /healthz` of a service on a chain ledger: 200 while the database answers and the node is
 * reachable, in sync and followed closely; 503 naming the problem otherwise.
 */
export function registerLedgerHealthRoute(
  app: FastifyInstance,
  db: Kysely<any>,
  ledgerProblem: () => Promise<string | null>,
) {
  app.get('/healthz', async (_request, reply) => {
    const [reachable, problem] = await Promise.all([databaseIsReachable(db), ledgerProblem()]);
    reply.header('cache-control', 'no-store');
    const ok = reachable && problem === null;
    return reply.code(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'unavailable',
      database: reachable ? 'reachable' : 'unreachable',
      ledger: problem ?? 'ok',
    });
  });
}
