/**
 * Worker thread body: extracts the links of pages for the importer, which meanwhile goes on
 * reading the dump and writing rows. Receives the site once, then `{ id, text, namespace, dbKey }`
 * per page and answers `{ id, links }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { TitleCodec } from '../site/title.js';
import { type ExtractRequest, type ExtractResponse, type ExtractWorkerData, extractPage } from './extract-pool.js';

const { site, lint } = workerData as ExtractWorkerData;
const codec = new TitleCodec(site);
parentPort!.on('message', (batch: ExtractRequest[]) => {
  const answers: ExtractResponse[] = batch.map((request) => {
    try {
      const links = extractPage(request.text, { namespace: request.namespace, dbKey: request.dbKey }, codec, lint);
      return { id: request.id, links: { ...links, properties: [...links.properties] } };
    } catch (err) {
      return { id: request.id, error: err instanceof Error ? err.message : String(err) };
    }
  });
  parentPort!.postMessage(answers);
});
