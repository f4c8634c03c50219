/**
 * The server the golden cases run against: api.php over the reference wiki, imported into a store
 * by the MediaWiki database importer, with the site description the import stored.
 */
import type { TestEngine } from '@svc/common/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import { importReferenceWiki } from './reference-wiki.js';

export interface GoldenServer {
  app: FastifyInstance;
  /** The store holds the imported reference wiki. */
  hasReferenceData: boolean;
  close(): Promise<void>;
}

export async function goldenServer(engine?: TestEngine): Promise<GoldenServer> {
  const wiki = await importReferenceWiki(engine);
  const app = await buildApp({ store: wiki.store, site: wiki.site });
  return {
    app,
    hasReferenceData: true,
    close: async () => {
      await app.close();
      await wiki.dispose();
    },
  };
}
