/**
 * Inside a describe: api.php over the reference wiki (imported before the suite's tests, removed
 * after them), optionally with changes to its site description. Returns a getter, as
 * useReferenceWiki does.
 */
import { after, before } from 'node:test';
import type { TestEngine } from '@svc/common/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import type { SiteConfig } from '../../src/site/site.js';
import { importReferenceWiki, type ReferenceWiki } from './reference-wiki.js';

export interface ReferenceWikiApi {
  wiki: ReferenceWiki;
  app: FastifyInstance;
}

export function useReferenceWikiApi(
  engine?: TestEngine,
  changeSite: (site: SiteConfig) => SiteConfig = (site) => site,
): () => ReferenceWikiApi {
  let served: ReferenceWikiApi | undefined;
  before(async () => {
    const wiki = await importReferenceWiki(engine);
    served = { wiki, app: await buildApp({ store: wiki.store, site: changeSite(wiki.site) }) };
  });
  after(async () => {
    await served?.app.close();
    await served?.wiki.dispose();
  });
  return () => {
    if (!served) throw new Error('the reference wiki is not served yet');
    return served;
  };
}
