/**
 * The reference wiki served over HTTP on 127.0.0.1 (a free port), for tests that drive real
 * clients (mwn, mwclient) the way they talk to a MediaWiki: over the network, with cookies.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import { importReferenceWiki, type ReferenceWiki } from './reference-wiki.js';

export interface ListeningWiki {
  wiki: ReferenceWiki;
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

export async function listeningReferenceWiki(
  options: { beforeListen?: (app: FastifyInstance) => void; port?: number } = {},
): Promise<ListeningWiki> {
  const wiki = await importReferenceWiki();
  const app = await buildApp({ store: wiki.store, site: wiki.site });
  options.beforeListen?.(app);
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    wiki,
    app,
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await wiki.dispose();
    },
  };
}
