/**
 * Worker thread body for large search index builds (`refreshSearchIndex`): prepares pages' texts
 * for the index and stems words of its vocabulary while the building thread writes. Receives the
 * content language once, then requests, and answers each in the order they came. It imports
 * only what it uses (no database layer), so that it is ready soon after it starts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareForIndex } from './search-text.js';
import { type SearchIndexRequest, type SearchIndexWorkerData, stemPairs, WordStemmer } from './word-stems.js';

const { language, started } = workerData as SearchIndexWorkerData;
const stemmer = new WordStemmer(language);
parentPort!.on('message', (request: SearchIndexRequest) => {
  parentPort!.postMessage(request.kind === 'stem' ? stemPairs(request.words, stemmer) : prepareForIndex(request.pages));
});
Atomics.store(started, 0, 1);
