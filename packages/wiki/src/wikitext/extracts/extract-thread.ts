/**
 * The thread that makes text extracts (see extract-maker.ts): parsing a page's wikitext takes
 * from a millisecond to a second, which the server's event loop must not spend.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SiteConfig } from '../../site/site.js';
import { TitleCodec } from '../../site/title.js';
import { type ExtractOptions, extractOfWikitext } from './extract.js';
import { tagsOfMissingExtensions } from './wikitext-blocks.js';

export interface ExtractJob {
  id: number;
  text: string;
  options: ExtractOptions;
  /** Transcluded pages of the text that do not exist, as `namespace:dbKey`. */
  missingTemplates: readonly string[];
}

export interface ExtractDone {
  id: number;
  extract: string;
}

const titles = new TitleCodec(workerData as SiteConfig);
const unknownTags = tagsOfMissingExtensions((workerData as SiteConfig).extensions);

// Loaded: the server may count time from here on.
parentPort?.postMessage({ ready: true });
parentPort?.on('message', (job: ExtractJob) => {
  parentPort?.postMessage({
    id: job.id,
    extract: extractOfWikitext(job.text, job.options, titles, new Set(job.missingTemplates), unknownTags),
  } satisfies ExtractDone);
});
